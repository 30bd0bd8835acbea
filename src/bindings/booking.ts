// Binds the booking statechart's effects (every provide() lives in src/bindings): the
// request is sent by the caller's function (a TanStack mutation, so a refusal reaches the app's error
// presenter), the packages detour by the caller's navigation and the refresh of the free times after
// "just taken" by the caller's query client. A refusal is rethrown as it is: the
// client's ApiError is a FailureError, which the machine reads with contract/failure.ts `toFailure`.
import { fromPromise } from 'xstate';
import { bookingMachine, reviewDraft, type BookingFields, type BookingRequest } from '../../machines/booking.machine';

export interface BookingEffects {
  createRequest: (body: BookingRequest) => Promise<{ id: number }>;
  openPackages: () => void;
  /** "Just taken": fetch the free times again. */
  refreshSlots: () => void;
}

export function bookingLogic(effects: BookingEffects) {
  return bookingMachine.provide({
    actors: { createRequest: fromPromise<{ id: number }, BookingRequest>(({ input }) => effects.createRequest(input)) },
    actions: { openPackages: () => effects.openPackages(), refreshSlots: () => effects.refreshSlots() },
  });
}

// The way back from the packages detour: the teacher whose booking waits for hours is kept
// in this tab's sessionStorage (it survives the checkout's redirect), so the payment success screen can
// offer "continue your booking" straight back to that teacher's review; a sent booking forgets it.
const RETURN_KEY = 'noor.booking.return';

export function rememberBookingReturn(teacherId: number): void {
  try {
    sessionStorage.setItem(RETURN_KEY, String(teacherId));
  } catch {
    // Storage disabled: the success screen simply offers no way back.
  }
}

/** The teacher whose booking waits for the packages detour, or null. */
export function bookingReturnTeacher(): number | null {
  try {
    const id = Number(sessionStorage.getItem(RETURN_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function forgetBookingReturn(): void {
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Where a family's booking draft with one teacher is kept (sessionStorage): two families sharing a tab never see each other's. */
export const bookingStorageKey = (studentKey: string, teacherId: number) => `noor.booking.${studentKey}.${teacherId}`;

/** Where "book the same time next week" leaves the time it asked for, beside the draft it seeds. */
const nextWeekKey = (studentKey: string, teacherId: number) => `noor.booking.next-week.${studentKey}.${teacherId}`;

/**
 * "Book the same time next week": the teacher's booking opens on its review with the child, subject,
 * duration and start chosen (the draft the booking page restores), and the start is remembered as the
 * one asked for, so the booking page can offer the nearest free time when that one is not free.
 * False when storage is unavailable.
 */
export function seedBookingReview(
  studentKey: string,
  teacherId: number,
  fields: Pick<BookingFields, 'childId' | 'subjectId' | 'startsAt' | 'durationHours'>,
): boolean {
  try {
    sessionStorage.setItem(bookingStorageKey(studentKey, teacherId), JSON.stringify(reviewDraft(teacherId, fields)));
    sessionStorage.setItem(nextWeekKey(studentKey, teacherId), fields.startsAt);
    return true;
  } catch {
    return false;
  }
}

/** The start "book the same time next week" asked for with this teacher, still to be checked; or null. */
export function nextWeekWanted(studentKey: string, teacherId: number): string | null {
  try {
    return sessionStorage.getItem(nextWeekKey(studentKey, teacherId)) || null;
  } catch {
    return null;
  }
}

/** The asked-for start has been checked against the free times: a reload does not check it again. */
export function forgetNextWeekWanted(studentKey: string, teacherId: number): void {
  try {
    sessionStorage.removeItem(nextWeekKey(studentKey, teacherId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
