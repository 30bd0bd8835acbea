// The attendance reporter of a live session (machines/live-session/attendance.machine.ts): reports go
// out in order; one without an answer is tried again after REPORT_RETRY with its own time; one the
// server refuses is dropped; one unanswered for REPORT_GIVE_UP is given up. And the skew: the session
// machine adds the grant's server-minus-browser difference to every tick.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { FailureError, noResponse } from '../../contract/failure';
import type { SessionGrant } from '../../contract/sessions';
import {
  attendanceMachine,
  liveSessionMachine,
  REPORT_GIVE_UP_MS,
  REPORT_RETRY_MS,
  selectRemainingMs,
  type DeviceCheck,
  type SendReportInput,
} from '../../machines/live-session.machine';

const offline = () => new FailureError(noResponse());
const refused = () => new FailureError({ status: 409, code: null, message: 'outside the window', fieldErrors: {} });
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

function reporter(answer: (input: SendReportInput) => void) {
  const clock = new SimulatedClock();
  const tries: SendReportInput[] = [];
  const machine = attendanceMachine.provide({
    actors: {
      sendReport: fromPromise<void, SendReportInput>(async ({ input }) => {
        tries.push(input);
        answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { channelName: 'c0ffee' }, clock }).start();
  const report = (type: SendReportInput['type'], at: number) => actor.send({ type: 'attendance.report', report: { type, at } });
  return { actor, clock, tries, report };
}

describe('attendance reports', () => {
  it('keep their order and time, wait while the line is down, and drop what the server refuses', async () => {
    let online = false;
    const sent: string[] = [];
    const run = reporter(({ type }) => {
      if (type === 'left') throw refused();
      if (!online) throw offline();
      sent.push(type);
    });
    run.report('reconnecting', 1_000);
    run.report('left', 2_000);
    run.report('reconnected', 3_000);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('waitingToRetry');
    run.clock.increment(REPORT_RETRY_MS);
    await settle();
    expect(sent).toEqual([]);
    online = true;
    run.clock.increment(REPORT_RETRY_MS);
    await settle();
    expect(sent).toEqual(['reconnecting', 'reconnected']);
    // The retried report kept the time it happened.
    expect(run.tries.filter((t) => t.type === 'reconnecting').map((t) => t.at)).toEqual([1_000, 1_000, 1_000]);
    expect(run.tries.every((t) => t.channelName === 'c0ffee')).toBe(true);
    expect(run.actor.getSnapshot().value).toBe('idle');
  });

  it('gives up on a report unanswered for REPORT_GIVE_UP, then sends the next', async () => {
    const run = reporter(({ type }) => {
      if (type === 'joined') throw offline();
    });
    run.report('joined', 0);
    run.report('left', 1);
    await settle();
    for (let waited = 0; waited < REPORT_GIVE_UP_MS; waited += REPORT_RETRY_MS) {
      run.clock.increment(REPORT_RETRY_MS);
      await settle();
    }
    expect(run.tries.filter((t) => t.type === 'joined')).toHaveLength(REPORT_GIVE_UP_MS / REPORT_RETRY_MS);
    expect(run.tries.at(-1)?.type).toBe('left');
  });

  it('drops a report that failed by a bug instead of trying it for minutes', async () => {
    const run = reporter(() => {
      throw new Error('a bug');
    });
    run.report('joined', 0);
    await settle();
    expect(run.tries).toHaveLength(1);
    expect(run.actor.getSnapshot().value).toBe('idle');
  });
});

describe('the session clock follows the server', () => {
  it('adds the grant’s skew to the browser’s ticks, for the countdown and the reported times', async () => {
    const browserNow = Date.parse('2026-11-23T15:00:00Z');
    const serverNow = browserNow + 90_000; // the server is 90 s ahead
    const grant: SessionGrant = {
      request_id: 1,
      channel_name: 'c0ffee',
      app_id: null,
      token: null,
      uid: 1,
      role: 'student',
      child: { id: 7, first_name: 'سارة', last_name: 'علي', phase: { id: 4, name: 'الصف الرابع' } },
      expires_at: new Date(serverNow + 3_600_000).toISOString(),
      starts_at: new Date(serverNow).toISOString(),
      ends_at: new Date(serverNow + 3_600_000).toISOString(),
      server_time: new Date(serverNow).toISOString(),
      video_configured: false,
      teacher_first_name: 'هدى',
      teacher_gender: 'female',
      rtc_adapter: 'none',
    };
    const reports: SendReportInput[] = [];
    let rtcSend: ((e: { type: 'rtc.joined' }) => void) | null = null;
    const machine = liveSessionMachine.provide({
      actors: {
        checkDevices: fromPromise<DeviceCheck>(async () => ({ camera: true, microphone: true })),
        fetchToken: fromPromise(async () => ({ grant, receivedAt: browserNow })),
        rtc: fromCallback(({ sendBack }) => {
          rtcSend = sendBack;
        }),
        clock: fromCallback(({ sendBack }) => sendBack({ type: 'clock.tick', now: browserNow + 60_000 })),
        endSession: fromPromise<void, { channelName: string }>(async () => undefined),
        attendance: attendanceMachine.provide({ actors: { sendReport: fromPromise(async ({ input }) => void reports.push(input)) } }),
      },
    });
    const actor = createActor(machine, { input: { channelName: 'c0ffee' } }).start();
    await settle();
    // One minute into the session on the server's clock, not 90 s less.
    expect(selectRemainingMs(actor.getSnapshot())).toBe(59 * 60_000);
    rtcSend!({ type: 'rtc.joined' });
    await settle();
    expect(reports).toEqual([{ channelName: 'c0ffee', type: 'joined', at: serverNow + 60_000 }]);
    actor.stop();
  });
});
