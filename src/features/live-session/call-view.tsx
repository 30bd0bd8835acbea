// The call itself: the remaining time with its warning, the banners (video not configured,
// reconnecting, joining), the video tiles and the controls. Reads the machine through selectors and tags.
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectCallStatus, selectEndFailure } from '../../../machines/live-session.machine';
import type { LiveSessionActor } from '../../bindings/live-session';
import type { RtcStore } from '../../rtc/session-store';
import { CallControls } from './call-controls';
import type { SessionApi } from '../../api/sessions';
import { VideoTiles } from './video-tiles';

function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export function CallView({
  actor,
  store,
  api,
  channelName,
}: {
  actor: LiveSessionActor;
  store: RtcStore;
  api: SessionApi;
  channelName: string;
}) {
  const { joining, remaining, warned, reconnecting, videoMissing } = useSelector(actor, selectCallStatus, shallowEqual);
  // The teacher's End for both was refused (the server's words) or got no answer: the call goes on.
  const endFailure = useSelector(actor, selectEndFailure);
  const refusal = endFailure?.message ?? null;

  return (
    <div className="live-call">
      <header className="live-call-head">
        <h1>
          <Trans>Live session</Trans>
        </h1>
        {remaining !== null ? (
          <p className={`live-call-timer${warned ? ' is-warning' : ''}`}>
            <Trans>Time left</Trans>: <time data-testid="remaining-time">{formatRemaining(remaining)}</time>
          </p>
        ) : null}
      </header>

      {warned ? (
        <p className="live-call-banner is-warning" role="status" data-testid="end-warning">
          <Trans>Less than 5 minutes left. The session ends automatically when the booked time is up.</Trans>
        </p>
      ) : null}
      {videoMissing ? (
        <p className="live-call-banner is-info" role="status" data-testid="video-not-configured">
          <Trans>
            Video is not configured on this server: you can see your own camera and the timer runs, but the other participant cannot be seen
            or heard.
          </Trans>
        </p>
      ) : null}
      {reconnecting ? (
        <p className="live-call-banner is-error" role="alert" data-testid="reconnecting">
          <Trans>Connection lost. Reconnecting…</Trans>
        </p>
      ) : null}
      {endFailure ? (
        <p className="live-call-banner is-error" role="alert" data-testid="end-for-both-failed">
          {refusal ? (
            <Trans>The lesson could not be ended for both: {refusal}</Trans>
          ) : (
            <Trans>The lesson could not be ended for both. Check your connection and try again.</Trans>
          )}
        </p>
      ) : null}
      {joining ? (
        <p className="live-call-banner is-info" role="status">
          <Trans>Joining the session…</Trans>
        </p>
      ) : null}

      <VideoTiles actor={actor} store={store} api={api} channelName={channelName} />
      <CallControls actor={actor} />
    </div>
  );
}
