// The live-session machine's named effects, guards and delays. Every effect is an actor or
// action bound in src/bindings/live-session.ts with provide(): `checkDevices` asks the browser for camera
// and microphone, `fetchToken` calls our server, `rtc` is the RTC port (src/rtc) as a callback actor
// that reports the provider's events back as `rtc.*` events and takes `rtc.*` commands, `clock` sends
// the browser's time every second, `endSession` tells the server the time is up, `endForBoth` is the
// teacher's "End for both" (the request's `end`), and `attendance`
// (./attendance.machine.ts) sends the attendance reports. The defaults refuse to run.
import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { toFailure, UNEXPECTED_CODE } from '../../contract/failure';
import { SESSION_NOT_OPEN_YET } from '../../contract/session-values';
import type { AttendanceEventType } from '../../contract/sessions';
import { attendanceMachine } from './attendance.machine';
import {
  END_RETRY_MS,
  END_WARNING_MS,
  LEAVE_TIMEOUT_MS,
  notProvided,
  RECONNECT_GIVE_UP_MS,
  type DeviceCheck,
  type LiveSessionContext,
  type LiveSessionEvent,
  type LiveSessionInput,
  type RtcCommand,
  type RtcInput,
  type TimedGrant,
} from './types';

const endsAtOf = (context: LiveSessionContext) => (context.grant ? Date.parse(context.grant.ends_at) : Number.POSITIVE_INFINITY);

/** The skew a grant tells: the server's time when it answered minus the browser's when it arrived. */
const skewOf = ({ grant, receivedAt }: TimedGrant) => Date.parse(grant.server_time) - receivedAt;

export const liveSessionSetup = setup({
  types: {
    context: {} as LiveSessionContext,
    events: {} as LiveSessionEvent,
    input: {} as LiveSessionInput,
  },
  actors: {
    checkDevices: fromPromise<DeviceCheck>(async () => notProvided('checkDevices')),
    fetchToken: fromPromise<TimedGrant, { channelName: string }>(async () => notProvided('fetchToken')),
    rtc: fromCallback<RtcCommand, RtcInput>(() => notProvided('rtc')),
    clock: fromCallback<EventObject>(() => notProvided('clock')),
    endSession: fromPromise<void, { channelName: string }>(async () => notProvided('endSession')),
    endForBoth: fromPromise<void, { requestId: number }>(async () => notProvided('endForBoth')),
    attendance: attendanceMachine,
  },
  actions: {
    /** Attendance (who, when on the server's clock) goes to the reporter, which sends it in order. */
    report: sendTo('attendance', ({ context }, params: { type: AttendanceEventType }) => ({
      type: 'attendance.report' as const,
      report: { type: params.type, at: context.now },
    })),
    storeGrant: assign((_, params: { timed: TimedGrant }) => ({
      grant: params.timed.grant,
      skewMs: skewOf(params.timed),
      failure: null,
      failReason: null,
      endReason: null,
      endFailure: null,
      warned: false,
    })),
    renewGrant: assign((_, params: { timed: TimedGrant }) => ({ grant: params.timed.grant, skewMs: skewOf(params.timed) })),
    storeFailure: assign((_, params: { error: unknown }) => ({ grant: null, failure: toFailure(params.error) })),
    /** Out of the channel: left, unless the teacher's End for both is why. */
    settleEndReason: assign({ endReason: ({ context }) => (context.endReason === 'endedEarly' ? 'endedEarly' : 'left') }),
    /** A tick's browser time on the server's clock. */
    tick: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now + context.skewMs : context.now) }),
  },
  guards: {
    canUseCameraAndMic: (_, params: { check: DeviceCheck }) => params.check.camera && params.check.microphone,
    isTimeUp: ({ context }, params: { now: number }) => params.now + context.skewMs >= endsAtOf(context),
    isWarningDue: ({ context }, params: { now: number }) =>
      !context.warned && params.now + context.skewMs >= endsAtOf(context) - END_WARNING_MS,
    canRejoin: ({ context }) => context.endReason === 'left' && context.now < endsAtOf(context),
    hasCamera: ({ context }) => !context.audioOnly,
    /** Only the session's teacher ends it for both (the server's request statechart checks it again). */
    isTeacher: ({ context }) => context.grant?.role === 'teacher',
    /**
     * Asking again for a token can help only when no answer came (offline), the server failed, or the
     * session is not open yet; a session that is over, finished, not approved or not the user's stays so.
     */
    canRetryToken: ({ context }) => {
      const failure = context.failure;
      if (!failure) return true;
      if (failure.status === 0) return failure.code !== UNEXPECTED_CODE;
      return failure.status >= 500 || failure.code === SESSION_NOT_OPEN_YET;
    },
  },
  delays: {
    RECONNECT_GIVE_UP: RECONNECT_GIVE_UP_MS,
    LEAVE_TIMEOUT: LEAVE_TIMEOUT_MS,
    END_RETRY: END_RETRY_MS,
  },
});
