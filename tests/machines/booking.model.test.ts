// Model-based paths through the booking statechart: every state and transition is reached by replayed
// generated paths (user edits, submits at a fixed clock, balance and teacher updates, and every answer
// of the createRequest actor), with what the form relies on checked at every step — nothing typed is
// ever lost, a submit only leaves for the server when the client rules pass and the balance covers it,
// and every snapshot survives the sessionStorage round trip.
import { describe, expect, it } from 'vitest';
import { createMachine, initialTransition, type AnyMachineSnapshot } from 'xstate';
import {
  bookingMachine,
  emptyFields,
  persistBooking,
  restoreBooking,
  type BookingContext,
  type BookingEvent,
  type BookingSnapshot,
} from '../../machines/booking.machine';
import { FailureError } from '../../contract/failure';
import { runModel } from './model';

const now = Date.UTC(2030, 0, 6, 7, 0); // 10:00 in Qatar, a Sunday
const inTwoHours = { startsAt: new Date(now + 2 * 3600_000).toISOString() };
const inHalfAnHour = { startsAt: new Date(now + 30 * 60_000).toISOString() };
// The server's free times, for one and for two hours.
const teacherOf = (slotsFor: number) => ({ subjectIds: [3], timeZone: 'Asia/Qatar', slots: [inTwoHours.startsAt], slotsFor, availableNow: true });

const sample: BookingContext = {
  teacherId: 9,
  fields: emptyFields(),
  teacher: teacherOf(1),
  balance: { minutes_remaining: 0, free_trial_available: true },
  fieldErrors: {},
  formError: null,
  submittedAt: null,
  requestId: null,
};

const modelMachine = createMachine({ ...bookingMachine.config, context: sample }, bookingMachine.implementations as never);

const events: BookingEvent[] = [
  { type: 'booking.edit', patch: { subjectId: '3', ...inTwoHours } },
  { type: 'booking.edit', patch: { durationHours: 2 } },
  { type: 'booking.edit', patch: inHalfAnHour },
  { type: 'booking.submit', now },
  { type: 'balance.loaded', balance: { minutes_remaining: 600, free_trial_available: false } },
  // Still short after a visit to the packages screen without buying.
  { type: 'balance.loaded', balance: { minutes_remaining: 0, free_trial_available: false } },
  { type: 'teacher.loaded', teacher: teacherOf(2) },
  { type: 'packages.open' },
];

const actors = {
  createRequest: {
    done: [{ id: 7 }],
    error: [
      new FailureError({ status: 402, code: 'insufficient_hours', message: 'not enough hours', fieldErrors: {} }),
      new FailureError({ status: 400, code: 'outside_working_hours', message: 'check', fieldErrors: { starts_at: ['The teacher is busy then'] } }),
      new FailureError({ status: 409, code: 'slot_taken', message: 'Someone has just booked this time', fieldErrors: {} }),
      new FailureError({ status: 0, code: null, message: null, fieldErrors: {} }),
    ],
  },
};

function roundTrip(s: BookingSnapshot): BookingSnapshot | null {
  const saved = persistBooking(s);
  return saved ? restoreBooking(JSON.parse(JSON.stringify(saved)), sample.teacherId) : null;
}

describe('booking machine, model-based', () => {
  it('reaches every state and transition; submits only valid, paid bookings; never loses the form', () => {
    const opened: string[] = [];
    const machine = modelMachine.provide({ actions: { openPackages: () => void opened.push('packages') } }) as typeof modelMachine;
    const run = runModel({
      machine,
      events,
      actors,
      // Collapse the stamp of the submit time: it is always `now` here.
      invariant: (s: AnyMachineSnapshot) => {
        const snap = s as BookingSnapshot;
        expect(JSON.parse(JSON.stringify(snap.context))).toEqual(snap.context);
        expect(snap.context.teacherId).toBe(9);
        // Persisted and restored, the form is the same (in flight comes back as the form).
        const back = roundTrip(snap);
        if (snap.value === 'submitted') expect(back).toBeNull();
        else {
          expect(back?.context.fields).toEqual(snap.context.fields);
          expect(back?.value).toBe(snap.value === 'submitting' ? 'editing' : snap.value);
        }
      },
      expectations: {
        submitting: (s) => {
          // Only a complete, rule-abiding booking the balance or the free trial covers reaches the server.
          expect(s.context.fields.subjectId).toBe('3');
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
          // "Just taken" clears the start so another is chosen; the rest is kept.
          const said = s.context.fieldErrors.starts_at;
          if (said?.[0] === 'Someone has just booked this time') expect(s.context.fields.startsAt).toBe('');
          else if (said) expect(said).toEqual(['The teacher is busy then']);
          expect(s.context.fields.subjectId).toBe('3');
          expect(s.can({ type: 'booking.submit', now })).toBe(true);
        },
        needsPackage: (s) => {
          expect(s.hasTag('booking:needsPackage')).toBe(true);
          expect(s.can({ type: 'packages.open' })).toBe(true);
        },
        editing: (s) => {
          if (s.context.submittedAt !== null && s.context.fields.startsAt === inHalfAnHour.startsAt && s.context.fieldErrors.starts_at) {
            expect(s.context.fieldErrors.starts_at).toEqual(['schedule_too_soon']);
          }
        },
      },
      simplePaths: {
        fromState: initialTransition(machine)[0],
        events: [events[0]!, events[1]!, events[3]!, events[4]!],
        stopWhen: (s) => s.value === 'submitted' || s.value === 'failed',
      },
    });
    console.log(run.summary);
    expect(run.coverage.states.missing).toEqual([]);
    expect(run.coverage.transitions.missing).toEqual([]);
    expect(run.coverage.states.covered).toBe(run.coverage.states.total);
    expect(run.coverage.transitions.covered).toBe(run.coverage.transitions.total);
  });
});
