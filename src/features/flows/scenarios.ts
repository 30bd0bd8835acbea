// Sample events per machine for the studio's simulation and the generated paths (npm run paths):
// the machines of machines/index.ts, started from a sample context where they need one, plus the
// payloads their guards read. Actors never run: their answers are events (done/error) like clicks.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createMachine, type AnyStateMachine, type EventObject } from 'xstate';
import { machines } from '../../../machines/index';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { FailureError } from '../../../contract/failure';
import { TEACHER_STATUSES } from '../../../contract/account';
import { valueLabels } from './labels';

/** A sample event: its type and the payload the guards read. */
type Sample = EventObject & Record<string, unknown>;

/** Names of sample values, for the simulation's buttons (kept beside the samples, out of the events). */
const names = new WeakMap<object, MessageDescriptor>();
/** A sample (an event, or an actor's answer) with the name of its value in words. */
function named<T extends object>(sample: T, name: MessageDescriptor): T {
  names.set(sample, name);
  return sample;
}
/** The name of an event's value: the event's own, or its actor answer's (output or error). */
export function sampleName(event: EventObject): MessageDescriptor | null {
  const e = event as EventObject & { output?: unknown; error?: unknown };
  for (const part of [e, e.output, e.error]) if (part && typeof part === 'object' && names.has(part)) return names.get(part)!;
  return null;
}

export interface Scenario {
  id: string;
  description: string;
  /** The machine of machines/index.ts, with a sample starting context when it needs input. */
  machine: AnyStateMachine;
  /** The machine's input, for machines that start from one. */
  input: unknown;
  /** Payload samples by event type; an event type not listed is tried as `{ type }`. */
  events: Sample[];
  /** Answers of invoked actors by invoke id; an actor not listed answers `undefined` / an Error. */
  actors: Record<string, { done?: unknown[]; error?: unknown[] }>;
  /**
   * The context fields the guards read, which key the generated paths with the state value; all of the
   * context when not given. Named where the whole context would never repeat (a countdown, a clock).
   */
  guardContext?: readonly string[];
}

const withContext = (machine: AnyStateMachine, context: object) =>
  createMachine({ ...machine.config, context } as never, machine.implementations as never) as AnyStateMachine;

const HOUR = 3_600_000;
const T0 = 1_800_000_000_000;
const SLOT = new Date(T0 + 48 * 3_600_000).toISOString();
const account = { id: 7, is_teacher: false, has_free_session: true, status: null, token: 'sample', profile_complete: true };
const httpError = (status: number, errors: Record<string, string[]> = {}) =>
  Object.assign(new Error('sample'), { status, fieldErrors: errors, data: { errors } });
/** verify-otp's refusal as the app's failure: the reason is its `code`, which the machine's guards read. */
const otpRefused = (code: 'wrong' | 'too_many_attempts') => new FailureError({ status: 422, code, message: null, fieldErrors: {} });

const samples: Record<
  string,
  { context?: object; input?: unknown; events: Sample[]; actors: Scenario['actors']; guardContext?: readonly string[] }
> = {
  order: {
    context: { amount: 40_800, currency: 'QAR', expiresAt: T0, reference: null, failure: null },
    events: [
      { type: 'order.checkout', session: 'cs_1' },
      { type: 'payment.approved', amount: 40_800, currency: 'QAR', reference: 'ok' },
      { type: 'payment.declined', reference: 'no' },
      { type: 'payment.cancelled', reference: 'bye' },
      { type: 'order.expire', now: T0 },
    ],
    actors: {},
  },
  request: {
    context: {
      type: 'schedule',
      broadcast: true,
      startsAt: T0 + 10 * HOUR,
      endsAt: T0 + 12 * HOUR,
      expiresAt: T0 + 10 * HOUR,
      rated: false,
    },
    events: [
      { type: 'approve', actor: { role: 'teacher', party: true }, now: T0 + HOUR },
      { type: 'reject', actor: { role: 'teacher', party: true }, now: T0 + HOUR, openOffers: 1 },
      { type: 'reject', actor: { role: 'teacher', party: true }, now: T0 + HOUR, openOffers: 2 },
      { type: 'cancel', actor: { role: 'student', party: true }, now: T0 + HOUR },
      { type: 'expire', now: T0 + 13 * HOUR },
      { type: 'join', actor: { role: 'student', party: true }, now: T0 + 11 * HOUR },
      { type: 'finish', now: T0 + 13 * HOUR },
      { type: 'rate', actor: { role: 'student', party: true }, now: T0 + 13 * HOUR },
    ],
    actors: {},
  },
  'teacher-status': {
    events: [
      // What the profile or the realtime channel may say: one sample per status.
      ...TEACHER_STATUSES.map((status) =>
        named(
          {
            type: 'status.changed',
            status,
            ...(status === 'rejected' || status === 'suspended' ? { reason: 'صورة الهوية غير واضحة' } : {}),
          },
          valueLabels[status]!,
        ),
      ),
      { type: 'review.reject', reason: 'صورة الهوية غير واضحة' },
      { type: 'documents.resubmit', files: { id_front: 'front.png' } },
      { type: 'documents.replace', files: { id_front: 'front.png' } },
    ],
    actors: { acceptTerms: { done: [null], error: [new Error('409')] }, submitDocuments: { done: [null], error: [new Error('400')] } },
  },
  'live-session': {
    input: { channelName: 'c0ffee' },
    guardContext: ['grant', 'skewMs', 'warned', 'endReason', 'audioOnly'],
    events: [
      { type: 'media.switchDevice', kind: 'camera', deviceId: 'cam-2' },
      { type: 'rtc.joinFailed', message: 'bad token' },
      { type: 'rtc.quality', uplink: 1, downlink: 2 },
      { type: 'rtc.peerQuality', uplink: 3, downlink: 0 },
      // The clock: mid-session, inside the last five minutes, and the end of the booked hour.
      named({ type: 'clock.tick', now: T0 + 30 * 60_000 }, msg({ message: 'mid-session', context: 'flows value' })),
      named({ type: 'clock.tick', now: T0 + 56 * 60_000 }, msg({ message: 'four minutes before the end', context: 'flows value' })),
      named({ type: 'clock.tick', now: T0 + HOUR }, msg({ message: 'the end of the booked hour', context: 'flows value' })),
    ],
    actors: {
      checkDevices: {
        done: [
          { camera: true, microphone: true },
          { camera: false, microphone: true },
        ],
        error: [Object.assign(new Error('denied'), { name: 'NotAllowedError' })],
      },
      fetchToken: {
        // The grant with its arrival time on the browser's clock (machines/live-session/types.ts TimedGrant).
        done: [
          {
            grant: {
              request_id: 1,
              channel_name: 'c0ffee',
              app_id: 'app',
              token: 't',
              uid: 11,
              role: 'student',
              expires_at: new Date(T0 + HOUR).toISOString(),
              starts_at: new Date(T0).toISOString(),
              ends_at: new Date(T0 + HOUR).toISOString(),
              server_time: new Date(T0).toISOString(),
              video_configured: true,
              teacher_first_name: 'هدى',
              rtc_adapter: 'agora',
            },
            receivedAt: T0,
          },
        ],
        error: [httpError(409), httpError(403)],
      },
      renewToken: { done: [{ token: 't2' }], error: [httpError(0)] },
      endSession: { done: [undefined], error: [httpError(0)] },
    },
  },
  booking: {
    // A booking whose choices are all made (a subject, one hour, a free start two days ahead), so the
    // paths go through every step, the review, the request and its answers; edits are context only.
    context: {
      teacherId: 9,
      fields: { subjectId: '3', type: 'schedule', startsAt: SLOT, durationHours: 1, comment: '', broadcast: false, preferredGender: '' },
      teacher: { subjectIds: [3], timeZone: DEFAULT_TIME_ZONE, slots: [SLOT], slotsFor: 1, availableNow: true },
      balance: { minutes_remaining: 600, free_trial_available: false },
      fieldErrors: {},
      formError: null,
      checkedAt: null,
      requestId: null,
    },
    events: [
      { type: 'booking.next', now: T0 },
      { type: 'booking.back' },
      { type: 'booking.change', step: 'subject' },
      { type: 'booking.change', step: 'duration' },
      { type: 'booking.change', step: 'slot' },
      { type: 'booking.submit', now: T0 },
      { type: 'booking.edit', patch: { comment: 'الدرس عن الكسور' } },
      { type: 'teacher.loaded', teacher: { subjectIds: [3], timeZone: DEFAULT_TIME_ZONE, slots: [SLOT], slotsFor: 1, availableNow: true } },
      { type: 'balance.loaded', balance: { minutes_remaining: 600, free_trial_available: false } },
      { type: 'balance.loaded', balance: { minutes_remaining: 0, free_trial_available: false } },
      { type: 'packages.open' },
    ],
    actors: {
      createRequest: {
        done: [{ id: 7 }],
        error: [
          new FailureError({ status: 402, code: 'insufficient_hours', message: null, fieldErrors: {} }),
          new FailureError({ status: 409, code: 'slot_taken', message: null, fieldErrors: {} }),
          new FailureError({ status: 500, code: 'server_error', message: null, fieldErrors: {} }),
        ],
      },
    },
  },
  auth: {
    // The resend countdown never repeats; the guards read the account.
    guardContext: ['account'],
    events: [
      { type: 'signup.submit', phone: '+97455123456', countryCode: 'QA', fields: {} },
      { type: 'login.submit', phone: '+97455123456', countryCode: 'QA' },
      { type: 'otp.open', phone: '+97455123456' },
      { type: 'otp.submit', code: '123456' },
      { type: 'teacher.login.submit', login: 't@example.com', password: 'Secret123' },
      { type: 'password.forgot.submit', phone: '+97455123456' },
      { type: 'password.reset.submit', phone: '+97455123456', code: '123456', password: 'Secret123', passwordConfirmation: 'Secret123' },
      { type: 'profile.complete.submit', fields: {} },
    ],
    actors: {
      checkLogin: {
        done: [
          { account: null, token: null },
          { account, token: 'sample' },
          { account: null, token: 'sample' },
        ],
        error: [new Error('storage')],
      },
      fetchProfile: { done: [account, { ...account, profile_complete: false }], error: [httpError(401), httpError(0)] },
      verifyOtp: {
        done: [account],
        error: [otpRefused('wrong'), otpRefused('too_many_attempts'), httpError(0)],
      },
      loginStudent: { done: [undefined], error: [httpError(429)] },
      registerStudent: {
        done: [undefined],
        error: [httpError(409, { type: ['instructor'] }), httpError(409, { type: ['student'] }), httpError(400)],
      },
      loginTeacher: { done: [{ ...account, is_teacher: true, status: 'active' }], error: [httpError(401)] },
      registerTeacher: { done: [{ ...account, is_teacher: true, status: 'in_review' }], error: [httpError(400)] },
      completeProfile: { done: [account], error: [httpError(400)] },
    },
  },
};

export const scenarios: readonly Scenario[] = machines.map((entry) => {
  const sample = samples[entry.id];
  return {
    id: entry.id,
    description: entry.description,
    machine: sample?.context ? withContext(entry.machine, sample.context) : entry.machine,
    input: sample?.input,
    events: sample?.events ?? [],
    actors: sample?.actors ?? {},
    ...(sample?.guardContext ? { guardContext: sample.guardContext } : {}),
  };
});
