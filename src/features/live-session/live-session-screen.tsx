// The live video session screen (spec §2 `session/{channelName}`; issue 7): reads the live-session
// statechart through narrow selectors and tags and sends it the user's events. Local preview and the
// other participant's tile, mic/camera toggles (pressed state), device pickers, the remaining booked
// time with a warning before the end, both network-quality labels, a reconnecting banner, leaving
// with a Radix confirmation dialog, and the ended screen linking to the session details. This file
// holds the steps around the call; the call is call-view.tsx.
import './live-session.css';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectInCall, selectScreen } from '../../../machines/live-session.machine';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { CallView } from './call-view';
import { createSessionApi, type SessionApi } from './session-api';
import { useLeaveOnPagehide } from './use-leave-on-pagehide';
import { createRtcStore, liveSessionLogic } from './wiring';
import { useWatchedActor } from '../../app/watch';

export interface LiveSessionScreenProps {
  channelName: string;
  /** Tests give a fake API; the app uses the real one. */
  api?: SessionApi;
}

export function LiveSessionScreen({ channelName, api }: LiveSessionScreenProps) {
  const sessionApi = useMemo(() => api ?? createSessionApi(), [api]);
  const store = useMemo(() => createRtcStore(), []);
  const logic = useMemo(() => liveSessionLogic(sessionApi, store), [sessionApi, store]);
  const actor = useActorRef(logic, { input: { channelName } });
  useWatchedActor('live-session', actor);
  const step = useSelector(actor, selectScreen);
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
        <CallView actor={actor} store={store} api={sessionApi} channelName={channelName} />
      )}
    </section>
  );
}
