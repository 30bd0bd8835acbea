// Attendance reports of one live session (who joined, left, lost and regained the line, and when),
// sent to the server in order. A report that gets no answer — the line is down, exactly when
// `reconnecting` is reported — waits REPORT_RETRY and is sent again with its own time, until it gets
// through or has been tried for REPORT_GIVE_UP; one the server refuses (outside the window …) is
// dropped, since asking again will not change its mind. Invoked by the live-session machine for its
// whole life; `sendReport` is bound in src/bindings/live-session.ts.
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, UNEXPECTED_CODE } from '../../contract/failure';
import type { AttendanceEventType } from '../../contract/sessions';
import { notProvided } from './types';

/** Wait between two tries of a report that got no answer. */
export const REPORT_RETRY_MS = 2_000;
/** A report still unanswered after this long is too old to matter. */
export const REPORT_GIVE_UP_MS = 5 * 60_000;
const MAX_TRIES = REPORT_GIVE_UP_MS / REPORT_RETRY_MS;

export interface AttendanceReport {
  type: AttendanceEventType;
  /** When it happened, epoch ms on the server's clock. */
  at: number;
}

export interface SendReportInput extends AttendanceReport {
  channelName: string;
}

export type AttendanceEvent = { type: 'attendance.report'; report: AttendanceReport };

interface AttendanceContext {
  channelName: string;
  queue: AttendanceReport[];
  /** Tries of the report at the head of the queue. */
  tries: number;
}

export const attendanceMachine = setup({
  types: {
    context: {} as AttendanceContext,
    events: {} as AttendanceEvent,
    input: {} as { channelName: string },
  },
  actors: {
    sendReport: fromPromise<void, SendReportInput>(async () => notProvided('sendReport')),
  },
  actions: {
    enqueue: assign({ queue: ({ context, event }) => [...context.queue, event.report] }),
    dropHead: assign({ queue: ({ context }) => context.queue.slice(1), tries: 0 }),
    countTry: assign({ tries: ({ context }) => context.tries + 1 }),
  },
  guards: {
    hasReports: ({ context }) => context.queue.length > 0,
    // No answer at all (not a bug, not a refusal), and not yet tried for too long.
    isWorthRetrying: ({ context }, params: { error: unknown }) => {
      const failure = toFailure(params.error);
      return failure.status === 0 && failure.code !== UNEXPECTED_CODE && context.tries < MAX_TRIES;
    },
  },
  delays: { REPORT_RETRY: REPORT_RETRY_MS },
}).createMachine({
  id: 'attendance',
  description: 'Attendance reports of one session, sent in order; a report without an answer is tried again with its own time.',
  context: ({ input }) => ({ channelName: input.channelName, queue: [], tries: 0 }),
  on: { 'attendance.report': { actions: 'enqueue' } },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasReports', target: 'sending' },
    },
    sending: {
      entry: 'countTry',
      invoke: {
        src: 'sendReport',
        input: ({ context }) => ({ channelName: context.channelName, ...context.queue[0]! }),
        onDone: { target: 'idle', actions: 'dropHead' },
        onError: [
          { guard: { type: 'isWorthRetrying', params: ({ event }) => ({ error: event.error }) }, target: 'waitingToRetry' },
          { target: 'idle', actions: 'dropHead' },
        ],
      },
    },
    waitingToRetry: {
      description: 'The last try got no answer (the line is down): the same report goes again shortly.',
      after: { REPORT_RETRY: { target: 'sending' } },
    },
  },
});
