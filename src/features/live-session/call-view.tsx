// The call itself: both video tiles (on phones the other participant fills the screen and the
// self-view sits in a corner), the remaining time with its warning, network quality, the reconnecting
// banner, and the controls (mic, camera, devices, leave). Reads the machine through selectors and tags.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectInCall, selectIsReconnecting, selectPeerPresent, selectRemainingMs } from '../../../machines/live-session.machine';
import { Button } from '../../ui/button';
import { DevicePicker } from './device-picker';
import { LeaveDialog } from './leave-dialog';
import { usePeerPresentFromAttendance } from './peer-presence';
import type { SessionApi } from './session-api';
import { qualityTexts } from './texts';
import { useDevices } from './use-devices';
import type { LiveSessionActor, RtcStore } from './wiring';

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
  const { i18n, t } = useLingui();
  const inCall = useSelector(actor, selectInCall);
  const joining = useSelector(actor, (s) => s.matches({ session: 'joining' }));
  const leaving = useSelector(actor, (s) => s.matches({ session: 'leaving' }) || s.matches({ session: 'ending' }));
  const remaining = useSelector(actor, selectRemainingMs);
  const warned = useSelector(actor, (s) => s.context.warned);
  const reconnecting = useSelector(actor, selectIsReconnecting);
  const rtcPeerPresent = useSelector(actor, selectPeerPresent);
  const selfQuality = useSelector(actor, (s) => s.context.selfQuality);
  const peerQuality = useSelector(actor, (s) => s.context.peerQuality);
  const micOn = useSelector(actor, (s) => s.context.micOn);
  const cameraOn = useSelector(actor, (s) => s.context.cameraOn);
  const audioOnly = useSelector(actor, (s) => s.context.audioOnly);
  const role = useSelector(actor, (s) => s.context.grant?.role ?? 'student');
  const videoConfigured = useSelector(actor, (s) => s.context.grant?.video_configured ?? false);
  const adapter = useSelector(actor, (s) => s.context.grant?.rtc_adapter ?? 'none');
  const confirming = useSelector(actor, (s) => s.hasTag('leave:confirming'));
  const devices = useSelector(actor, (s) => s.context.devices);
  const { cameras, microphones } = useDevices(inCall);
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);

  const localRef = useRef<HTMLDivElement>(null);
  const remoteRef = useRef<HTMLDivElement>(null);
  const [remoteVideo, setRemoteVideo] = useState(false);
  useEffect(() => {
    if (!session) return;
    const attach = () => {
      session.showLocal(localRef.current);
      setRemoteVideo(session.showRemote(remoteRef.current));
    };
    attach();
    const off = session.on((event) => {
      if (event.type === 'media') attach();
    });
    return () => {
      off();
      session.showLocal(null);
      session.showRemote(null);
    };
  }, [session, inCall]);

  // Without a video provider nothing reports the other's arrival: the server's attendance does.
  const attendancePresent = usePeerPresentFromAttendance(api, channelName, role, inCall && adapter === 'none');
  const peerPresent = rtcPeerPresent || attendancePresent;
  const peerName = role === 'student' ? t`Teacher` : t`Student`;

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
      {adapter === 'none' && !videoConfigured ? (
        <p className="live-call-banner is-info" role="status" data-testid="video-not-configured">
          <Trans>
            Video is not configured on this server: you can see your own camera and the timer runs, but the other participant cannot be
            seen or heard.
          </Trans>
        </p>
      ) : null}
      {reconnecting ? (
        <p className="live-call-banner is-error" role="alert" data-testid="reconnecting">
          <Trans>Connection lost. Reconnecting…</Trans>
        </p>
      ) : null}
      {joining ? (
        <p className="live-call-banner is-info" role="status">
          <Trans>Joining the session…</Trans>
        </p>
      ) : null}

      <div className="live-call-tiles">
        <figure className="live-tile">
          <div className="live-tile-video" ref={localRef} data-testid="local-video">
            {audioOnly || !cameraOn ? (
              <span className="live-tile-off">
                <Trans>Camera off</Trans>
              </span>
            ) : null}
          </div>
          <figcaption>
            <span>
              <Trans>You</Trans>
            </span>
            <span className="live-quality">
              <Trans>Network</Trans>: <span data-testid="self-quality" data-quality={selfQuality}>{i18n._(qualityTexts[selfQuality])}</span>
            </span>
          </figcaption>
        </figure>
        <figure className="live-tile">
          <div className="live-tile-video" ref={remoteRef} data-testid="remote-video">
            {!remoteVideo ? (
              <span className="live-tile-off">
                {peerPresent ? (
                  <Trans>{peerName} is here (no video)</Trans>
                ) : role === 'student' ? (
                  <Trans>Waiting for the teacher to join…</Trans>
                ) : (
                  <Trans>Waiting for the student to join…</Trans>
                )}
              </span>
            ) : null}
          </div>
          <figcaption>
            <span data-testid="peer-presence" data-present={peerPresent}>
              {peerName}
            </span>
            <span className="live-quality">
              <Trans>Network</Trans>: <span data-testid="peer-quality" data-quality={peerQuality}>{i18n._(qualityTexts[peerQuality])}</span>
            </span>
          </figcaption>
        </figure>
      </div>

      <div className="live-call-controls" role="group" aria-label={t`Call controls`}>
        <Button
          variant={micOn ? 'secondary' : 'primary'}
          aria-pressed={!micOn}
          disabled={!inCall}
          onClick={() => actor.send({ type: 'media.toggleMic' })}
          data-testid="toggle-mic"
        >
          {micOn ? <Trans>Mute microphone</Trans> : <Trans>Unmute microphone</Trans>}
        </Button>
        <Button
          variant={cameraOn ? 'secondary' : 'primary'}
          aria-pressed={!cameraOn}
          disabled={!inCall || audioOnly}
          onClick={() => actor.send({ type: 'media.toggleCamera' })}
          data-testid="toggle-camera"
        >
          {cameraOn ? <Trans>Turn camera off</Trans> : <Trans>Turn camera on</Trans>}
        </Button>
        {!audioOnly ? (
          <DevicePicker
            label={t`Camera`}
            devices={cameras}
            selected={devices.camera}
            disabled={!inCall}
            onChange={(deviceId) => actor.send({ type: 'media.switchDevice', kind: 'camera', deviceId })}
          />
        ) : null}
        <DevicePicker
          label={t`Microphone`}
          devices={microphones}
          selected={devices.microphone}
          disabled={!inCall}
          onChange={(deviceId) => actor.send({ type: 'media.switchDevice', kind: 'microphone', deviceId })}
        />

        <LeaveDialog actor={actor} disabled={!inCall || leaving} confirming={confirming} />
      </div>
    </div>
  );
}
