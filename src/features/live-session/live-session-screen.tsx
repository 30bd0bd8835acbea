// The live video session screen (spec §2 `session/{channelName}`): runs the live-session
// statechart bound in src/bindings/live-session.ts and shows the step its `screen:*` tag names — the
// device check, a refusal, a failure, the end — or the call (call-view.tsx). The teacher's End for both
// reaches the other side live (use-ended-by-teacher.ts).
import './live-session.css';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectInCall, selectScreen, type LiveSessionScreen as Step } from '../../../machines/live-session.machine';
import { liveSessionLogic, type LiveSessionActor } from '../../bindings/live-session';
import { createRtcStore } from '../../rtc/session-store';
import { Spinner } from '../../ui/spinner';
import { CallView } from './call-view';
import { DeniedNotice } from './denied-notice';
import { EndedNotice } from './ended-notice';
import { FailedNotice } from './failed-notice';
import { Notice } from './notice';
import { createSessionApi, type SessionApi } from '../../api/sessions';
import { TokenRefusedNotice } from './token-refused-notice';
import { useLeaveOnPagehide } from './use-leave-on-pagehide';
import type { Attendance } from '../../../contract/sessions';
import { useWatchedActor } from '../../bindings/watch';
import type { Connect } from '../../realtime/watch';
import { useEndedByTeacher } from './use-ended-by-teacher';

export interface LiveSessionScreenProps {
  channelName: string;
  /** The signed-in account (the booking the end screen offers is kept under it); null when unknown. */
  viewerId?: number | null;
  /** Tests give a fake API; the app uses the real one. */
  api?: SessionApi;
  /** Tests give a fake realtime connection; the app uses the shared one. */
  connect?: Connect;
}

type NoticeOf = (actor: LiveSessionActor, viewerId: number | null, attendance: () => Promise<Attendance>) => ReactNode;
const NOTICES: Record<Exclude<Step, 'session'>, NoticeOf> = {
  checking: () => (
    <Notice heading={<Trans>Checking your camera and microphone…</Trans>}>
      <Spinner />
    </Notice>
  ),
  token: () => (
    <Notice heading={<Trans>Getting the session ready…</Trans>}>
      <Spinner />
    </Notice>
  ),
  denied: (actor) => <DeniedNotice actor={actor} />,
  tokenFailed: (actor) => <TokenRefusedNotice actor={actor} />,
  failed: (actor) => <FailedNotice actor={actor} />,
  ended: (actor, viewerId, attendance) => <EndedNotice actor={actor} viewerId={viewerId} attendance={attendance} />,
};

export function LiveSessionScreen({ channelName, viewerId = null, api, connect }: LiveSessionScreenProps) {
  const sessionApi = useMemo(() => api ?? createSessionApi(), [api]);
  const store = useMemo(() => createRtcStore(), []);
  const logic = useMemo(() => liveSessionLogic(sessionApi, store), [sessionApi, store]);
  const actor = useActorRef(logic, { input: { channelName } });
  useWatchedActor('live-session', actor);
  const step = useSelector(actor, selectScreen);
  useLeaveOnPagehide(sessionApi, channelName, useSelector(actor, selectInCall));
  // The teacher's End for both reaches the other side through the request's realtime notice.
  useEndedByTeacher(actor, viewerId, connect);

  return (
    <section className="page container live-session" data-testid="live-session" data-step={step}>
      {step === 'session' ? (
        <CallView actor={actor} store={store} api={sessionApi} channelName={channelName} />
      ) : (
        // A new step is a new notice, whose heading takes the focus.
        <Fragment key={step}>{NOTICES[step](actor, viewerId, () => sessionApi.attendance(channelName))}</Fragment>
      )}
    </section>
  );
}
