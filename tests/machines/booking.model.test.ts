// Model-based paths through the guided booking statechart v2: every state and transition is reached by
// replayed generated paths (the child picked or left to the only child, user edits, next/back/change between the steps, confirms at a fixed clock,
// balance and teacher updates, and every answer of the createRequest actor), with what the steps rely
// on checked at every snapshot — nothing chosen is ever lost, the request only leaves when every rule passes and the balance covers it, and every
// snapshot survives the sessionStorage round trip.
import { describe, expect, it } from 'vitest';
import { createMachine, initialTransition, type AnyMachineSnapshot } from 'xstate';
import {
  BOOKING_STEPS,
  bookingMachine,
  emptyFields,
  fieldProblems,
  persistBooking,
  restoreBooking,
  type BookingContext,
  type BookingEvent,
  type BookingSnapshot,
} from '../../machines/booking.machine';
import { COMMENT_MAX_LENGTH } from '../../contract/requests';
import { FailureError } from '../../contract/failure';
import { runModel } from './model';

const now = Date.UTC(2030, 0, 6, 7, 0); // 10:00 in Qatar, a Sunday
const inTwoHours = { startsAt: new Date(now + 2 * 3600_000).toISOString() };
const inHalfAnHour = { startsAt: new Date(now + 30 * 60_000).toISOString() };
// The server's free times, for one and for two hours.
const teacherOf = (slotsFor: number) => ({
  subjectIds: [3],
  timeZone: 'Asia/Qatar',
  slots: [inTwoHours.startsAt],
  slotsFor,
  availableNow: true,
});

const complete = { ...emptyFields(), childId: '21', subjectId: '3', ...inTwoHours };
// A family of two children: the booking asks which one the lesson is for.
const twoChildren = [
  { id: 21, firstName: 'ريم' },
  { id: 22, firstName: 'سالم' },
];
const sample: BookingContext = {
  teacherId: 9,
  children: twoChildren,
  // A restored draft that is complete: the journey and the server's answers are explored from it.
  fields: complete,
  teacher: teacherOf(1),
  // The free trial covers one hour; two hours need a package.
  balance: { minutes_remaining: 0, free_trial_available: true },
  fieldErrors: {},
  formError: null,
  checkedAt: null,
  requestId: null,
};

/** The machine from a given context and state (the whole space of every event at once is too large to walk). */
const modelFrom = (context: BookingContext, initial: string) =>
  createMachine({ ...bookingMachine.config, context, initial }, bookingMachine.implementations as never).provide({
    actions: { openPackages: () => {}, refreshSlots: () => {} },
  }) as unknown as typeof bookingMachine;

// Run 1, the journey: forward and back through the steps, change from the review, the packages detour
// (two hours are not covered), and every answer of the server.
const journey: BookingEvent[] = [
  { type: 'booking.next', now },
  { type: 'booking.back' },
  { type: 'booking.submit', now },
  { type: 'booking.edit', patch: { durationHours: 2 } },
  ...BOOKING_STEPS.slice(0, 4).map((step): BookingEvent => ({ type: 'booking.change', step })),
  { type: 'balance.loaded', balance: { minutes_remaining: 600, free_trial_available: false } },
  // Still short after a visit to the packages screen without buying.
  { type: 'balance.loaded', balance: { minutes_remaining: 0, free_trial_available: false } },
  { type: 'teacher.loaded', teacher: teacherOf(2) },
  { type: 'packages.open' },
];

// Run 2, the problems: from the review, one broken rule per step; the confirm goes back to the earliest
// step with a problem, and "next" there stays until it is fixed.
const problems: BookingEvent[] = [
  { type: 'booking.submit', now },
  { type: 'booking.next', now },
  { type: 'booking.edit', patch: { subjectId: '' } },
  { type: 'booking.edit', patch: { durationHours: 7 } },
  { type: 'booking.edit', patch: inHalfAnHour },
  { type: 'booking.edit', patch: { comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) } },
];

// Runs 3 and 4, the child step: a family of one is never asked; a family of two must choose.
const oneChildEvents: BookingEvent[] = [{ type: 'booking.change', step: 'child' }, { type: 'booking.back' }];
const noChildYetEvents: BookingEvent[] = [
  { type: 'booking.submit', now },
  { type: 'booking.next', now },
  { type: 'booking.edit', patch: { childId: '22' } },
];

const actors = {
  createRequest: {
    done: [{ id: 7 }],
    error: [
      new FailureError({ status: 402, code: 'insufficient_hours', message: 'not enough hours', fieldErrors: {} }),
      new FailureError({
        status: 400,
        code: 'outside_working_hours',
        message: 'check',
        fieldErrors: { starts_at: ['The teacher is busy then'] },
      }),
      new FailureError({ status: 409, code: 'slot_taken', message: 'Someone has just booked this time', fieldErrors: {} }),
      new FailureError({ status: 0, code: null, message: null, fieldErrors: {} }),
    ],
  },
};

function roundTrip(s: BookingSnapshot): BookingSnapshot | null {
  const saved = persistBooking(s);
  return saved ? restoreBooking(JSON.parse(JSON.stringify(saved)), sample.teacherId) : null;
}

const expectations: Record<string, (s: AnyMachineSnapshot) => void> = {
  review: (s) => {
    expect(s.hasTag('booking:review')).toBe(true);
    expect(s.can({ type: 'booking.submit', now })).toBe(true);
  },
  child: (s) => {
    // Asked only of a family with several children.
    expect(s.context.children.length).toBeGreaterThan(1);
  },
  submitting: (s) => {
    // The lesson is for one of the family's children (the only one, or the one chosen).
    expect(s.context.children.map((c: { id: number }) => String(c.id))).toContain(s.context.fields.childId);
    // Only a complete, rule-abiding booking the balance or the free trial covers reaches the server.
    expect(fieldProblems(s.context, now)).toEqual({});
    expect(s.context.fields.startsAt).toBe(inTwoHours.startsAt);
    const paid = s.context.balance.minutes_remaining >= s.context.fields.durationHours * 60;
    const trial = s.context.balance.free_trial_available && s.context.fields.durationHours === 1;
    expect(paid || trial).toBe(true);
    expect(s.hasTag('booking:busy')).toBe(true);
  },
  submitted: (s) => {
    expect(s.context.requestId).toBe(7);
    expect(s.status).toBe('done');
  },
  failed: (s) => {
    // The server's field message stands beside its field; a network failure leaves no stale one.
    const said = s.context.fieldErrors.starts_at;
    if (said) expect(said).toEqual(['The teacher is busy then']);
    expect(s.context.fields.subjectId).toBe('3');
    expect(s.can({ type: 'booking.submit', now })).toBe(true);
  },
  slot: (s) => {
    // "Just taken" clears the start so another is chosen (until one is, the message stands).
    if (s.context.fieldErrors.starts_at?.[0] === 'Someone has just booked this time') expect(s.context.fields.startsAt).toBe('');
  },
  needsPackage: (s) => {
    expect(s.hasTag('booking:needsPackage')).toBe(true);
    expect(s.can({ type: 'packages.open' })).toBe(true);
    expect(fieldProblems(s.context, now)).toEqual({});
  },
};

const invariant = (s: AnyMachineSnapshot) => {
  const snap = s as BookingSnapshot;
  expect(JSON.parse(JSON.stringify(snap.context))).toEqual(snap.context);
  expect(snap.context.teacherId).toBe(9);
  // Persisted and restored, the booking is the same (in flight comes back as the review).
  const back = roundTrip(snap);
  if (snap.value === 'submitted') expect(back).toBeNull();
  else {
    expect(back?.context.fields).toEqual(snap.context.fields);
    expect(back?.value).toBe(snap.value === 'submitting' ? 'review' : snap.value);
  }
};

describe('booking machine v2, model-based', () => {
  it('reaches every state and transition over four bounded runs; submits only valid, paid bookings; never loses the form', () => {
    const journeyMachine = modelFrom(sample, 'subject');
    const first = runModel({
      machine: journeyMachine,
      events: journey,
      actors,
      invariant,
      expectations,
      simplePaths: {
        fromState: initialTransition(journeyMachine, { teacherId: 9 })[0],
        events: [journey[0]!, journey[2]!],
        stopWhen: (s) => s.value === 'submitted' || s.value === 'failed',
      },
    });
    const second = runModel({
      machine: modelFrom({ ...sample, balance: { minutes_remaining: 600, free_trial_available: false } }, 'review'),
      events: problems,
      actors: {},
      invariant,
      expectations,
    });
    // Run 3, one child: nothing to ask, "change" back to the start lands on the subject.
    const third = runModel({
      machine: modelFrom({ ...sample, children: [twoChildren[0]!] }, 'review'),
      events: oneChildEvents,
      actors: {},
      invariant,
      expectations,
    });
    // Run 4, no child chosen yet in a family of two: the confirm goes back to the child, "next" there
    // waits for one.
    const fourth = runModel({
      machine: modelFrom({ ...sample, fields: { ...complete, childId: '' } }, 'review'),
      events: noChildYetEvents,
      actors: {},
      invariant,
      expectations,
    });
    for (const run of [first, second, third, fourth]) console.log(run.summary);
    const missed = <T>(...runs: T[][]) => runs[0]!.filter((x) => runs.every((run) => run.includes(x)));
    const runs = [first, second, third, fourth];
    expect(missed(...runs.map((r) => r.coverage.states.missing))).toEqual([]);
    expect(missed(...runs.map((r) => r.coverage.transitions.missing))).toEqual([]);
    expect(first.coverage.transitions.total).toBe(second.coverage.transitions.total);
    expect(third.coverage.transitions.total).toBe(second.coverage.transitions.total);
    expect(first.simplePaths).toBeGreaterThan(2);
    // About 24,000 replayed steps: the child step made the journey a third longer than the default
    // 20 s allows on a busy machine.
  }, 90_000);
});
