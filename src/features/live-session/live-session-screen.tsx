// The live video session screen (spec §2 `session/{channelName}`; issue 7): reads the live-session
// statechart through narrow selectors and tags and sends it the user's events. Local preview and the
// other participant's tile, mic/camera toggles (pressed state), device pickers, the remaining booked
// time with a warning before the end, both network-quality labels, a reconnecting banner, leaving
// with a Radix confirmation dialog, and the ended screen linking to the session details.
import './live-session.css';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectInCall,
  selectIsReconnecting,
  selectPeerPresent,
  selectRemainingMs,
  type LiveSessionSnapshot,
} from '../../../machines/live-session.machine';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { createSessionApi, type SessionApi } from './session-api';
import { qualityTexts } from './texts';
import { useDevices, type DeviceOption } from './use-devices';
import { useLeaveOnPagehide } from './use-leave-on-pagehide';
import { usePeerPresentFromAttendance } from './peer-presence';
import { createRtcStore, liveSessionLogic, type RtcStore } from './wiring';

export interface LiveSessionScreenProps {
  channelName: string;
  /** Tests give a fake API; the app uses the real one. */
  api?: SessionApi;
}

const selectStep = (s: LiveSessionSnapshot) =>
  s.matches('checkingDevices')
    ? 'checking'
    : s.matches('permissionDenied')
      ? 'denied'
      : s.matches('fetchingToken')
        ? 'token'
        : s.matches('tokenFailed')
          ? 'tokenFailed'
          : s.matches('failed')
            ? 'failed'
            : s.matches('ended')
              ? 'ended'
              : 'session';

export function LiveSessionScreen({ channelName, api }: LiveSessionScreenProps) {
  const sessionApi = useMemo(() => api ?? createSessionApi(), [api]);
  const store = useMemo(() => createRtcStore(), []);
  const logic = useMemo(() => liveSessionLogic(sessionApi, store), [sessionApi, store]);
  const actor = useActorRef(logic, { input: { channelName } });
  const step = useSelector(actor, selectStep);
  const failure = useSelector(actor, (s) => s.context.failure);
  const failReason = useSelector(actor, (s) => s.context.failReason);
  const endReason = useSelector(actor, (s) => s.context.endReason);
  const requestId = useSelector(actor, (s) => s.context.grant?.request_id ?? null);
  const canRejoin = useSelector(actor, (s) => s.can({ type: 'session.rejoin' }));
  useLeaveOnPagehide(sessionApi, channelName, useSelector(actor, selectInCall));
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Each step's heading takes the focus, so screen-reader and keyboard users hear where they are.
  useEffect(() => {
    if (step !== 'session') headingRef.current?.focus();
  }, [step]);

  return (
    <section className="page container live-session" data-testid="live-session" data-step={step}>
      {step === 'checking' || step === 'token' ? (
        <div className="live-session-notice">
          <h1 ref={headingRef} tabIndex={-1}>
            {step === 'checking' ? <Trans>Checking your camera and microphone…</Trans> : <Trans>Getting the session ready…</Trans>}
          </h1>
          <Spinner />
        </div>
      ) : step === 'denied' ? (
        <div className="live-session-notice" role="alert">
          <h1 ref={headingRef} tabIndex={-1}>
            <Trans>Camera or microphone not available</Trans>
          </h1>
          <p>
            <Trans>
              Your browser did not allow the camera or the microphone, or none was found. Allow them from the icon next to the address bar
              (or in your browser settings), then try again. You can also join with sound only.
            </Trans>
          </p>
          <div className="live-session-actions">
            <Button onClick={() => actor.send({ type: 'permission.retry' })}>
              <Trans>Try again</Trans>
            </Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'session.continueAudioOnly' })}>
              <Trans>Continue without camera</Trans>
            </Button>
          </div>
        </div>
      ) : step === 'tokenFailed' ? (
        <div className="live-session-notice" role="alert">
          <h1 ref={headingRef} tabIndex={-1}>
            <Trans>You cannot join this session now</Trans>
          </h1>
          <p data-testid="session-refusal">{failure?.message ?? <Trans>Could not reach the server. Check your connection.</Trans>}</p>
          <div className="live-session-actions">
            <Button onClick={() => actor.send({ type: 'session.retry' })}>
              <Trans>Try again</Trans>
            </Button>
            <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}}>
              <Trans>Back to requests</Trans>
            </Link>
          </div>
        </div>
      ) : step === 'failed' ? (
        <div className="live-session-notice" role="alert">
          <h1 ref={headingRef} tabIndex={-1}>
            {failReason === 'reconnectTimeout' ? <Trans>The connection was lost</Trans> : <Trans>Could not join the session</Trans>}
          </h1>
          {failure?.message && failReason !== 'reconnectTimeout' ? <p>{failure.message}</p> : null}
          <div className="live-session-actions">
            <Button onClick={() => actor.send({ type: 'session.retry' })}>
              <Trans>Join again</Trans>
            </Button>
          </div>
        </div>
      ) : step === 'ended' ? (
        <div className="live-session-notice" data-testid="session-ended">
          <h1 ref={headingRef} tabIndex={-1}>
            {endReason === 'timeUp' ? <Trans>The session has ended</Trans> : <Trans>You left the session</Trans>}
          </h1>
          <div className="live-session-actions">
            {requestId !== null ? (
              <Link to="/session-details/$requestId" params={{ requestId: String(requestId) }} data-testid="session-details-link">
                <Trans>Session details</Trans>
              </Link>
            ) : null}
            {canRejoin ? (
              <Button variant="secondary" onClick={() => actor.send({ type: 'session.rejoin' })}>
                <Trans>Join again</Trans>
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <Call actor={actor} store={store} api={sessionApi} channelName={channelName} />
      )}
    </section>
  );
}

type Actor = ReturnType<typeof useActorRef<ReturnType<typeof liveSessionLogic>>>;

/** A choice of camera or microphone, shown only when there is more than one to choose from. */
function DevicePicker({
  label,
  devices,
  selected,
  disabled,
  onChange,
}: {
  label: string;
  devices: readonly DeviceOption[];
  selected: string | null;
  disabled: boolean;
  onChange: (deviceId: string) => void;
}) {
  const { t } = useLingui();
  if (devices.length <= 1) return null;
  return (
    <label className="live-device">
      <span>{label}</span>
      <select className="input select" value={selected ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {selected === null ? <option value="">{t`Default`}</option> : null}
        {devices.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

function Call({ actor, store, api, channelName }: { actor: Actor; store: RtcStore; api: SessionApi; channelName: string }) {
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

        <Dialog.Root
          open={confirming}
          onOpenChange={(open) => actor.send(open ? { type: 'leave.request' } : { type: 'leave.cancel' })}
        >
          <Dialog.Trigger asChild>
            <Button className="live-leave" disabled={!inCall || leaving} data-testid="leave">
              <Trans>Leave the session</Trans>
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="live-dialog-overlay" />
            <Dialog.Content className="live-dialog">
              <Dialog.Title className="live-dialog-title">
                <Trans>Leave the session?</Trans>
              </Dialog.Title>
              <Dialog.Description>
                <Trans>The session time keeps running. You can join again until it ends.</Trans>
              </Dialog.Description>
              <div className="live-session-actions">
                <Dialog.Close asChild>
                  <Button variant="ghost">
                    <Trans>Stay</Trans>
                  </Button>
                </Dialog.Close>
                <Button onClick={() => actor.send({ type: 'leave.confirm' })} data-testid="confirm-leave">
                  <Trans>Leave</Trans>
                </Button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </div>
  );
}
