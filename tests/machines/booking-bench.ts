// The booking machine's test bench, shared by its specs: a Sunday morning in Qatar,
// a teacher with three free starts, the machine started with a fake request, and the student's walk
// through the steps.
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookingMachine, emptyFields, type BookingTeacher } from '../../machines/booking.machine';
import { FailureError, type Failure } from '../../contract/failure';
import type { CreateRequest } from '../../contract/requests';

export const now = Date.UTC(2030, 0, 6, 7, 0); // Sunday 10:00 in Qatar
/** The start at a Qatar wall-clock hour of that Sunday, as the server writes it. */
export const iso = (qatarHour: number) => new Date(Date.UTC(2030, 0, 6, 0, 0) + (qatarHour - 3) * 3_600_000).toISOString();
export const at = (qatarHour: number) => ({ startsAt: iso(qatarHour) });
export const teacher: BookingTeacher = {
  subjectIds: [3, 4],
  timeZone: 'Asia/Qatar',
  // What the server offered for one hour: 11:00, 12:00 and 17:00.
  slots: [iso(11), iso(12), iso(17)],
  slotsFor: 1,
  availableNow: true,
};
export const reject = (failure: Failure) => Promise.reject(new FailureError(failure));

export function start(
  createRequest: (input: CreateRequest) => Promise<{ id: number }>,
  balance = { minutes_remaining: 600, free_trial_available: false },
) {
  const openPackages = vi.fn();
  const refreshSlots = vi.fn();
  const actor = createActor(
    bookingMachine.provide({
      actors: { createRequest: fromPromise<{ id: number }, CreateRequest>(({ input }) => createRequest(input)) },
      actions: { openPackages, refreshSlots },
    }),
    { input: { teacherId: 9, teacher, balance } },
  ).start();
  return { actor, openPackages, refreshSlots };
}

export type Actor = ReturnType<typeof start>['actor'];
/** The student's walk: each step's choice, then "next". */
export function walk(actor: Actor, fields: Partial<ReturnType<typeof emptyFields>>) {
  actor.send({ type: 'booking.edit', patch: { subjectId: fields.subjectId ?? '3' } });
  actor.send({ type: 'booking.next', now });
  actor.send({ type: 'booking.edit', patch: { durationHours: fields.durationHours ?? 1 } });
  actor.send({ type: 'booking.next', now });
  actor.send({ type: 'booking.edit', patch: { type: fields.type ?? 'schedule', startsAt: fields.startsAt ?? '' } });
  actor.send({ type: 'booking.next', now });
  const { comment, broadcast, preferredGender } = fields;
  actor.send({
    type: 'booking.edit',
    patch: { comment: comment ?? '', broadcast: broadcast ?? false, preferredGender: preferredGender ?? '' },
  });
}
