// The booking machine bound to the page: the request goes through a TanStack mutation (so a refusal
// reaches the app's error presenter like every other call), `openPackages` navigates, and every
// snapshot is written to sessionStorage under the teacher's id — a reload, a network drop or the
// visit to /packages brings the booking back as it was. Fresh server data (the free times for the
// chosen duration, the balance) is handed to the machine whenever it arrives; "just taken" refreshes
// the free times.
import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { TeacherDetail } from '../../../contract/teachers';
import {
  persistBooking,
  restoreBooking,
  type BookingBalance,
  type BookingChild,
  type BookingRequest,
  type BookingSeries,
} from '../../../machines/booking.machine';
import { bookingLogic, bookingStorageKey, rememberBookingReturn } from '../../bindings/booking';
import { availabilityQuery, refreshAvailability } from '../../api/availability';
import { createBookingRequest } from '../../api/requests';
import { useWatchedActor } from '../../bindings/watch';

/**
 * The child a family last booked with a teacher, kept in localStorage (it outlives the tab: the next
 * booking, days later, starts with that child chosen). Decision: docs/decisions.md "Families".
 */
const childMemoryKey = (studentKey: string, teacherId: number) => `noor.booking-child.${studentKey}.${teacherId}`;

function rememberedChild(studentKey: string, teacherId: number): number | null {
  try {
    const id = Number(localStorage.getItem(childMemoryKey(studentKey, teacherId)));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function rememberChild(studentKey: string, teacherId: number, childId: string): void {
  try {
    if (childId) localStorage.setItem(childMemoryKey(studentKey, teacherId), childId);
  } catch {
    // Storage disabled: the next booking simply asks again with no child chosen.
  }
}

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

export interface UseBookingOptions {
  /** Who is booking (the account id, or any stable key of the signed-in student). */
  studentKey: string;
  teacher: TeacherDetail;
  balance: BookingBalance | undefined;
  /** The family's active children; null when they could not be read (the server then takes the only one). */
  children: BookingChild[] | null;
  onOpenPackages: () => void;
}

export function useBooking({ studentKey, teacher, balance, children, onOpenPackages }: UseBookingOptions) {
  const key = bookingStorageKey(studentKey, teacher.id);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: BookingRequest) => createBookingRequest(body),
    // Not enough hours: the form offers the packages; just taken: the calendar says so. No toast on top.
    meta: { handledStatuses: [402, 409] },
  });
  // Bound once: the mutation's mutateAsync is stable for the life of the component, and the route's
  // navigation callback does not change while the page is open.
  const send = create.mutateAsync;
  const [logic] = useState(() =>
    bookingLogic({
      // A weekly series rides in the body (the booking's fields hold it, so it survives a reload).
      createRequest: async (body) => ({ id: (await send(body)).id }),
      openPackages: () => {
        rememberBookingReturn(teacher.id);
        onOpenPackages();
      },
      // Just taken: the machine asks for the free times again.
      refreshSlots: () => void refreshAvailability(queryClient),
    }),
  );
  const [restored] = useState(() => restoreBooking(readSaved(key), teacher.id, children));
  // The draft's name in history entries (step-history.ts): kept with a restored draft, new otherwise.
  const [draft] = useState(() => {
    const kept = restored ? readSaved(`${key}.draft`) : null;
    const id = typeof kept === 'string' ? kept : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    save(`${key}.draft`, id);
    return id;
  });
  const input = {
    teacherId: teacher.id,
    teacher: null,
    balance: balance ?? null,
    children,
    rememberedChildId: rememberedChild(studentKey, teacher.id),
  };
  const actor = useActorRef(logic, restored ? { input, snapshot: restored } : { input });
  useWatchedActor('booking', actor);
  const duration = useSelector(actor, (s) => s.context.fields.durationHours);
  const availability = useQuery(availabilityQuery(teacher.id, duration));

  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      save(key, persistBooking(snapshot));
      if (snapshot.value === 'submitted') rememberChild(studentKey, teacher.id, snapshot.context.fields.childId);
    });
    return () => sub.unsubscribe();
  }, [actor, key, studentKey, teacher.id]);

  useEffect(() => {
    const data = availability.data;
    actor.send({
      type: 'teacher.loaded',
      teacher: {
        subjectIds: teacher.subjects.map((s) => s.id),
        timeZone: data?.time_zone ?? teacher.time_zone,
        slots: data?.slots ?? null,
        slotsFor: data?.duration_hours ?? duration,
        availableNow: data?.available_now ?? null,
      },
    });
  }, [actor, teacher, availability.data, duration]);

  useEffect(() => {
    if (balance)
      actor.send({
        type: 'balance.loaded',
        balance: { minutes_remaining: balance.minutes_remaining, free_trial_available: balance.free_trial_available },
      });
  }, [actor, balance]);

  // "Repeat every week" on the review: kept in the booking's fields like any other choice.
  const chooseSeries = useCallback((series: BookingSeries | null) => actor.send({ type: 'booking.edit', patch: { series } }), [actor]);

  return { actor, availability, chooseSeries, draft };
}
