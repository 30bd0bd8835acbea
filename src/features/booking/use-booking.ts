// The booking machine bound to the page: the request goes through a TanStack mutation (so a refusal
// reaches the app's error presenter like every other call), `openPackages` navigates, and every
// snapshot is written to sessionStorage under the teacher's id — a reload, a network drop or the
// visit to /packages brings the form back as it was. Fresh server data (the teacher's availability,
// the balance) is handed to the machine whenever it arrives.
import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CreateRequest } from '../../../contract/requests';
import type { TeacherDetail } from '../../../contract/teachers';
import {
  bookingMachine,
  persistBooking,
  restoreBooking,
  type BookingBalance,
  type BookingTeacher,
} from '../../../machines/booking.machine';
import { createBookingRequest, failureOf } from './booking-api';

/** Per student and teacher: siblings sharing a tablet (and a tab) never see each other's draft. */
export const bookingStorageKey = (studentKey: string, teacherId: number) => `noor.booking.${studentKey}.${teacherId}`;

function readSaved(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function save(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the booking still works, it just will not survive a reload.
  }
}

export function bookingTeacherOf(teacher: TeacherDetail): BookingTeacher {
  return { subjectIds: teacher.subjects.map((s) => s.id), working_hours: teacher.working_hours, busy: teacher.busy };
}

export interface UseBookingOptions {
  /** Who is booking (the account id, or any stable key of the signed-in student). */
  studentKey: string;
  teacher: TeacherDetail;
  balance: BookingBalance | undefined;
  onOpenPackages: () => void;
}

export function useBooking({ studentKey, teacher, balance, onOpenPackages }: UseBookingOptions) {
  const key = bookingStorageKey(studentKey, teacher.id);
  const create = useMutation({
    mutationFn: (body: CreateRequest) => createBookingRequest(body),
    // Not enough hours: the form offers the packages itself, so no error toast on top of it.
    meta: { handledStatuses: [402] },
  });
  // Bound once: the mutation's mutateAsync is stable for the life of the component, and the route's
  // navigation callback does not change while the page is open.
  const send = create.mutateAsync;
  const [logic] = useState(() =>
    bookingMachine.provide({
      actors: {
        createRequest: fromPromise<{ id: number }, CreateRequest>(async ({ input }) => {
          try {
            const detail = await send(input);
            return { id: detail.id };
          } catch (error) {
            throw failureOf(error);
          }
        }),
      },
      actions: { openPackages: () => onOpenPackages() },
    }),
  );
  const [restored] = useState(() => restoreBooking(readSaved(key), teacher.id));
  const input = { teacherId: teacher.id, teacher: bookingTeacherOf(teacher), balance: balance ?? null };
  const actor = useActorRef(logic, restored ? { input, snapshot: restored } : { input });

  useEffect(() => {
    const sub = actor.subscribe((snapshot) => save(key, persistBooking(snapshot)));
    return () => sub.unsubscribe();
  }, [actor, key]);

  useEffect(() => {
    actor.send({ type: 'teacher.loaded', teacher: bookingTeacherOf(teacher) });
  }, [actor, teacher]);

  useEffect(() => {
    if (balance) actor.send({ type: 'balance.loaded', balance: { minutes_remaining: balance.minutes_remaining, free_trial_available: balance.free_trial_available } });
  }, [actor, balance]);

  return actor;
}
