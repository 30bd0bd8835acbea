// Binds the live-session statechart's effects (every provide() lives in src/bindings): our server's calls
// (token, attendance, end, the teacher's End for both) from the caller's session API, the browser's device
// check and the RTC port (./live-session-rtc.ts), and a clock that ticks every second with the
// browser's time — the machine adds the skew it learnt from the grant. The token's arrival time is
// taken here, on the browser's clock, so the machine can compute that skew.
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { AttendanceEventType, SessionGrant } from '../../contract/sessions';
import { attendanceMachine, liveSessionMachine, type SendReportInput, type TimedGrant } from '../../machines/live-session.machine';
import type { RtcContext } from '../rtc/port';
import type { RtcStore } from '../rtc/session-store';
import { checkDevices, rtcActor } from './live-session-rtc';

/** What the session needs from our server (src/api/sessions.ts gives it). */
export interface LiveSessionServer extends RtcContext {
  token(channel: string): Promise<SessionGrant>;
  report(channel: string, type: AttendanceEventType, at: Date): Promise<void>;
  end(channel: string): Promise<void>;
  /** The teacher's End for both: the request's `end` (POST v1/requests/{id}/end). */
  endForBoth(requestId: number): Promise<void>;
}

export function liveSessionLogic(server: LiveSessionServer, store: RtcStore) {
  return liveSessionMachine.provide({
    actors: {
      checkDevices: fromPromise(checkDevices),
      fetchToken: fromPromise<TimedGrant, { channelName: string }>(async ({ input }) => {
        const grant = await server.token(input.channelName);
        return { grant, receivedAt: Date.now() };
      }),
      rtc: rtcActor({ post: server.post }, store),
      clock: fromCallback(({ sendBack }) => {
        const tick = () => sendBack({ type: 'clock.tick', now: Date.now() });
        tick();
        const id = setInterval(tick, 1000);
        return () => clearInterval(id);
      }),
      endSession: fromPromise<void, { channelName: string }>(({ input }) => server.end(input.channelName)),
      endForBoth: fromPromise<void, { requestId: number }>(({ input }) => server.endForBoth(input.requestId)),
      attendance: attendanceMachine.provide({
        actors: {
          sendReport: fromPromise<void, SendReportInput>(({ input }) => server.report(input.channelName, input.type, new Date(input.at))),
        },
      }),
    },
  });
}

export type LiveSessionActor = ActorRefFrom<ReturnType<typeof liveSessionLogic>>;
