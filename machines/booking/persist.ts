// The booking draft in sessionStorage: the state's name and the context,
// written on every change and read back per teacher, so a reload or the visit to /packages returns
// to the same step with everything chosen. A request in flight comes back as the review it came from
// (whether it arrived is for the requests screen to show, never a silent second submit).
import type { SnapshotFrom } from 'xstate';
import { emptyFields, seriesOf, type BookingChild, type BookingFields } from './fields';
import { BOOKING_STATES, bookingMachine, type BookingContext, type BookingState } from './machine';

export type BookingMachine = typeof bookingMachine;
export type BookingSnapshot = SnapshotFrom<BookingMachine>;

/** What is kept in sessionStorage: the state's name and the context. */
export interface PersistedBooking {
  value: BookingState;
  context: BookingContext;
}

export function persistBooking(snapshot: BookingSnapshot): PersistedBooking | null {
  const value = snapshot.value as BookingState;
  // A finished booking is not restored.
  if (value === 'submitted') return null;
  return { value: value === 'submitting' || value === 'validating' ? 'review' : value, context: snapshot.context };
}

/**
 * A booking that opens on its review with everything chosen — "book the same time next week" at the end
 * of a lesson. Restored like any saved draft: the machine checks the time against the teacher's free
 * starts at confirm and sends the family back to the calendar, with the reason, when it is taken.
 */
export function reviewDraft(
  teacherId: number,
  fields: Pick<BookingFields, 'childId' | 'subjectId' | 'startsAt' | 'durationHours'>,
): PersistedBooking {
  return {
    value: 'review',
    context: {
      teacherId,
      fields: { ...emptyFields(), ...fields, type: 'schedule' },
      fieldErrors: {},
      formError: null,
      checkedAt: null,
      requestId: null,
      teacher: null,
      balance: null,
      children: null,
    },
  };
}

/**
 * A snapshot to start the actor from, or null when `saved` is not a booking of this teacher. `children`,
 * when known, replaces the saved list (a child may have been added or archived since).
 */
export function restoreBooking(saved: unknown, teacherId: number, children?: BookingChild[] | null): BookingSnapshot | null {
  if (!saved || typeof saved !== 'object') return null;
  const { value: raw, context } = saved as { value?: string; context?: Partial<BookingContext> & { submittedAt?: number | null } };
  // A draft of the first version (one form, 'editing') starts over at the first step with its fields.
  const value = raw === 'editing' ? 'subject' : raw;
  if (!value || !(BOOKING_STATES as readonly string[]).includes(value) || !context || context.teacherId !== teacherId) return null;
  if (value === 'submitted' || value === 'submitting' || value === 'validating') return null;
  if (!context.fields || typeof context.fields !== 'object') return null;
  return bookingMachine.resolveState({
    value,
    context: {
      teacherId,
      fields: { ...emptyFields(), ...context.fields, series: seriesOf((context.fields as Partial<BookingFields>).series) },
      fieldErrors: context.fieldErrors ?? {},
      formError: context.formError ?? null,
      checkedAt: context.checkedAt ?? context.submittedAt ?? null,
      requestId: null,
      teacher: context.teacher ?? null,
      balance: context.balance ?? null,
      children: children !== undefined ? children : (context.children ?? null),
    },
  });
}

export const selectBookingState = (s: BookingSnapshot): BookingState => s.value as BookingState;
export const selectFields = (s: BookingSnapshot) => s.context.fields;
export const selectFieldErrors = (s: BookingSnapshot) => s.context.fieldErrors;
export const selectFormError = (s: BookingSnapshot) => s.context.formError;
export const selectIsBusy = (s: BookingSnapshot) => s.hasTag('booking:busy');
export const selectNeedsPackage = (s: BookingSnapshot) => s.hasTag('booking:needsPackage');
export const selectIsReview = (s: BookingSnapshot) => s.hasTag('booking:review');
export const selectRequestId = (s: BookingSnapshot) => s.context.requestId;
