// Booking a session with one teacher (issues 6 and 11): the student chooses the subject, the duration
// and a start among the free times the server offers (or "now" when the teacher can take an urgent
// request), the client checks what it can (validating), the request is sent (submitting), and it ends
// submitted — or failed (everything chosen is kept), or needsPackage when the hours do not cover it (the
// packages screen is offered; the booking comes back as it was on return).
//
// Pure: the API call is the `createRequest` actor and opening the packages screen the `openPackages`
// action, both bound by the app in src/app/booking.ts; the defaults fail loudly. The clock arrives on
// `booking.submit` (`now`), so the rules are testable. The context is plain data: the app persists
// `{ value, context }` in sessionStorage per teacher and restores it with `restoreBooking`.
//
// Decisions (docs/flows/booking.md, docs/decisions.md "Guided booking"):
// - A start is a UTC instant the server offered (GET v1/teachers/:id/availability, built by the rule
//   POST v1/requests validates with), so the client no longer re-implements working hours; it checks
//   the contract's constants (1–6 hours, the one-hour lead) and that the chosen start is still offered.
// - The server stays the authority: its 400 field errors come back beside the fields, its 402
//   `insufficient_hours` leads to needsPackage, its 409 `slot_taken` clears the chosen start and says so
//   beside the calendar (the app refreshes the free times).
// - A snapshot restored in `submitting` (the page was closed mid-request) comes back as `editing`:
//   whether that request arrived is for the requests screen to show, never a silent second submit.
import { assign, setup, fromPromise, type SnapshotFrom } from 'xstate';
import { toFailure, type Failure } from '../contract/failure';
import {
  COMMENT_MAX_LENGTH,
  MAX_DURATION_HOURS,
  MIN_DURATION_HOURS,
  MIN_LEAD_MS,
  REQUEST_ERROR,
  canPay,
  type CreateRequest,
  type RequestType,
} from '../contract/requests';
import { validationKeys } from '../contract/validation';

export type PreferredGender = '' | 'male' | 'female';

/** What the student chose; plain values as the controls hold them, so a restored booking looks the same. */
export interface BookingFields {
  /** '' until chosen. */
  subjectId: string;
  type: RequestType;
  /** The chosen start, a UTC ISO instant from the offered slots; '' until chosen. Schedule only. */
  startsAt: string;
  durationHours: number;
  comment: string;
  broadcast: boolean;
  preferredGender: PreferredGender;
}

/** What the server says of the teacher: subjects, and the free times for the chosen duration. */
export interface BookingTeacher {
  subjectIds: number[];
  /** The teacher's IANA zone (their working hours are in it). */
  timeZone: string;
  /** Offered starts (UTC ISO) for `slotsFor` hours; null while unknown. */
  slots: string[] | null;
  /** The duration `slots` and `availableNow` were computed for. */
  slotsFor: number;
  /** Whether an urgent request of `slotsFor` hours would be accepted now; null while unknown. */
  availableNow: boolean | null;
}

export interface BookingBalance {
  minutes_remaining: number;
  free_trial_available: boolean;
}

/** The wire field names the form shows errors beside. */
export type BookingField = 'subject_id' | 'type' | 'starts_at' | 'duration_hours' | 'comment' | 'preferred_gender';

/** Client-only rule keys (the UI words them, src/features/booking/texts.ts). */
export const BOOKING_RULE = {
  /** The chosen start is not (or no longer) among the free times for the chosen duration. */
  slotNotOffered: 'slot_not_offered',
  /** Urgent, but the teacher cannot take a session of that length now. */
  notAvailableNow: 'not_available_now',
} as const;

export interface BookingContext {
  teacherId: number;
  fields: BookingFields;
  teacher: BookingTeacher | null;
  balance: BookingBalance | null;
  /**
   * Beside each field: a rule key (REQUEST_ERROR / BOOKING_RULE / validationKeys values, worded by the
   * UI) from the client check, or the server's own localized messages.
   */
  fieldErrors: Partial<Record<BookingField, string[]>>;
  /** A refusal that belongs to no field (the server's message), shown above the form. */
  formError: string | null;
  /** When the last submit was asked (epoch ms): the rules are judged at that instant. */
  submittedAt: number | null;
  /** The request the server created. */
  requestId: number | null;
}

export interface BookingInput {
  teacherId: number;
  teacher?: BookingTeacher | null;
  balance?: BookingBalance | null;
}

export type BookingEvent =
  | { type: 'booking.edit'; patch: Partial<BookingFields> }
  | { type: 'booking.submit'; now: number }
  | { type: 'teacher.loaded'; teacher: BookingTeacher }
  | { type: 'balance.loaded'; balance: BookingBalance }
  | { type: 'packages.open' };

export const BOOKING_STATES = ['editing', 'validating', 'submitting', 'submitted', 'failed', 'needsPackage'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const emptyFields = (): BookingFields => ({
  subjectId: '',
  type: 'schedule',
  startsAt: '',
  durationHours: MIN_DURATION_HOURS,
  comment: '',
  broadcast: false,
  preferredGender: '',
});

/** The body of POST v1/requests for these fields. */
export function requestBodyOf(teacherId: number, fields: BookingFields): CreateRequest {
  const comment = fields.comment.trim();
  return {
    teacher_id: teacherId,
    subject_id: Number(fields.subjectId),
    type: fields.type,
    ...(fields.type === 'schedule' && fields.startsAt ? { starts_at: fields.startsAt } : {}),
    duration_hours: fields.durationHours,
    ...(comment ? { comment } : {}),
    broadcast: fields.broadcast,
    ...(fields.preferredGender ? { preferred_gender: fields.preferredGender } : {}),
  };
}

/** The server's answer for these fields is known (the free times were computed for this duration). */
const knownFor = (teacher: BookingTeacher | null, durationHours: number): teacher is BookingTeacher =>
  teacher !== null && teacher.slotsFor === durationHours;

/**
 * The client's check at `now`: every field problem, keyed by wire field. The contract's constants (1–6
 * hours, the lead time) and the offered times; funds are not a field problem (see `coversCost`).
 */
export function fieldProblems(context: Pick<BookingContext, 'fields' | 'teacher'>, now: number): BookingContext['fieldErrors'] {
  const { fields, teacher } = context;
  const out: BookingContext['fieldErrors'] = {};
  if (!fields.subjectId) out.subject_id = [validationKeys.required];
  else if (teacher && !teacher.subjectIds.includes(Number(fields.subjectId))) out.subject_id = [REQUEST_ERROR.subjectNotTaught];
  if (fields.comment.trim().length > COMMENT_MAX_LENGTH) out.comment = [validationKeys.tooLong];
  if (!Number.isInteger(fields.durationHours) || fields.durationHours < MIN_DURATION_HOURS || fields.durationHours > MAX_DURATION_HOURS) {
    out.duration_hours = [REQUEST_ERROR.durationRange];
  } else if (fields.type === 'urgent') {
    if (knownFor(teacher, fields.durationHours) && teacher.availableNow === false) out.starts_at = [BOOKING_RULE.notAvailableNow];
  } else if (!fields.startsAt) {
    out.starts_at = [validationKeys.required];
  } else if (Date.parse(fields.startsAt) < now + MIN_LEAD_MS) {
    out.starts_at = [REQUEST_ERROR.scheduleTooSoon];
  } else if (knownFor(teacher, fields.durationHours) && teacher.slots && !teacher.slots.includes(fields.startsAt)) {
    out.starts_at = [BOOKING_RULE.slotNotOffered];
  }
  return out;
}

/** Whether the known balance pays for the booking; an unknown balance is left to the server. */
export function coversCost(context: Pick<BookingContext, 'fields' | 'balance'>): boolean {
  return context.balance === null || canPay(context.fields.durationHours, context.balance);
}

function isInsufficient(failure: Failure): boolean {
  return failure.status === 402 || failure.code === REQUEST_ERROR.insufficientHours;
}

const FIELD_OF_WIRE: Record<string, BookingField> = {
  subject_id: 'subject_id',
  type: 'type',
  starts_at: 'starts_at',
  duration_hours: 'duration_hours',
  comment: 'comment',
  preferred_gender: 'preferred_gender',
};

const notProvided = (name: string) => () => {
  throw new Error(`booking machine: ${name} not provided (bind it in src/app/booking.ts)`);
};

export const bookingMachine = setup({
  types: { context: {} as BookingContext, events: {} as BookingEvent, input: {} as BookingInput },
  actors: {
    createRequest: fromPromise<{ id: number }, CreateRequest>(() => Promise.reject(new Error('booking machine: createRequest not provided'))),
  },
  actions: {
    edit: assign(({ context }, params: { patch: Partial<BookingFields> }) => {
      const fields = { ...context.fields, ...params.patch };
      // Editing a field clears what was said about it (and the form-level message); other fields keep theirs.
      const touched = new Set<BookingField>();
      for (const key of Object.keys(params.patch) as (keyof BookingFields)[]) {
        if (key === 'subjectId') touched.add('subject_id');
        else if (key === 'startsAt' || key === 'type') touched.add('starts_at').add('type');
        else if (key === 'durationHours') touched.add('duration_hours').add('starts_at');
        else if (key === 'comment') touched.add('comment');
        else if (key === 'preferredGender') touched.add('preferred_gender');
      }
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !touched.has(k as BookingField)));
      return { fields, fieldErrors, formError: null };
    }),
    setTeacher: assign((_, params: { teacher: BookingTeacher }) => ({ teacher: params.teacher })),
    setBalance: assign((_, params: { balance: BookingBalance }) => ({ balance: params.balance })),
    /** The submit's instant and the client check at it, computed once: `validating` reads the result. */
    stamp: assign(({ context }, params: { now: number }) => ({
      submittedAt: params.now,
      fieldErrors: fieldProblems(context, params.now),
      formError: null,
    })),
    keepRequest: assign((_, params: { id: number }) => ({ requestId: params.id })),
    keepFailure: assign(({ context }, params: { failure: Failure }) => {
      if (params.failure.code === REQUEST_ERROR.slotTaken) {
        // Someone booked that time meanwhile: say so beside the calendar and let the student pick again.
        return {
          fields: { ...context.fields, startsAt: '' },
          fieldErrors: { starts_at: [params.failure.message ?? REQUEST_ERROR.slotTaken] },
          formError: null,
        };
      }
      const fieldErrors: BookingContext['fieldErrors'] = {};
      const unmatched: string[] = [];
      for (const [wire, messages] of Object.entries(params.failure.fieldErrors)) {
        const field = FIELD_OF_WIRE[wire];
        if (field) fieldErrors[field] = messages;
        else unmatched.push(...messages);
      }
      const formError = unmatched.length ? unmatched.join('\n') : Object.keys(fieldErrors).length ? null : params.failure.message;
      return { fieldErrors, formError };
    }),
    /** Leaves for the packages screen; the app persists the snapshot first (it does on every change). */
    openPackages: notProvided('openPackages'),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(context.fieldErrors).length > 0,
    cannotPay: ({ context }) => !coversCost(context),
    canPayNow: ({ context }, params: { balance: BookingBalance }) => canPay(context.fields.durationHours, params.balance),
    insufficientHours: (_, params: { error: unknown }) => isInsufficient(toFailure(params.error)),
  },
}).createMachine({
  id: 'booking',
  description:
    "Booking a session with one teacher: the form, the client's check of the server's rules, the request, and the detour to the packages screen when the hours do not cover it.",
  context: ({ input }) => ({
    teacherId: input.teacherId,
    fields: emptyFields(),
    teacher: input.teacher ?? null,
    balance: input.balance ?? null,
    fieldErrors: {},
    formError: null,
    submittedAt: null,
    requestId: null,
  }),
  initial: 'editing',
  on: { 'teacher.loaded': { actions: { type: 'setTeacher', params: ({ event }) => ({ teacher: event.teacher }) } } },
  states: {
    editing: {
      description:
        'The student chooses subject, duration, a free start on the calendar (or now, when the teacher can take an urgent request), and may add a comment, broadcast and a preferred gender.',
      tags: ['booking:form'],
      on: {
        'booking.edit': { actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        'balance.loaded': { actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) } },
        'booking.submit': { target: 'validating', actions: { type: 'stamp', params: ({ event }) => ({ now: event.now }) } },
      },
    },
    validating: {
      description:
        "Checked at the moment of submit (once, by the submit's stamp): subject taught, 1–6 hours, a start at least one hour away that the server still offers (or now, when the teacher is available); then whether the balance or the free trial covers it.",
      always: [{ guard: 'hasProblems', target: 'editing' }, { guard: 'cannotPay', target: 'needsPackage' }, { target: 'submitting' }],
    },
    submitting: {
      description: 'POST v1/requests: the server checks everything again and debits the hours in the same transaction.',
      tags: ['booking:busy', 'booking:form'],
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: ({ context }) => requestBodyOf(context.teacherId, context.fields),
        onDone: { target: 'submitted', actions: { type: 'keepRequest', params: ({ event }) => ({ id: event.output.id }) } },
        onError: [
          { guard: { type: 'insufficientHours', params: ({ event }) => ({ error: event.error }) }, target: 'needsPackage' },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toFailure(event.error) }) } },
        ],
      },
    },
    submitted: { description: 'The request exists (pending); the app shows a toast and opens its session details.', type: 'final' },
    failed: {
      description: "The server refused or could not be reached. Everything typed is kept; the server's messages stand beside their fields.",
      tags: ['booking:form'],
      on: {
        'booking.edit': { target: 'editing', actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        'balance.loaded': { actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) } },
        'booking.submit': { target: 'validating', actions: { type: 'stamp', params: ({ event }) => ({ now: event.now }) } },
      },
    },
    needsPackage: {
      description:
        'The hours do not cover this booking and no free trial applies: the packages screen is offered. The form is kept (also across the visit to /packages) and comes back when the new balance covers it.',
      tags: ['booking:form', 'booking:needsPackage'],
      on: {
        'packages.open': { actions: 'openPackages' },
        'balance.loaded': [
          {
            guard: { type: 'canPayNow', params: ({ event }) => ({ balance: event.balance }) },
            target: 'editing',
            actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) },
          },
          { actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) } },
        ],
        // A shorter session may fit the balance or the free trial.
        'booking.edit': { target: 'editing', actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        'booking.submit': { target: 'validating', actions: { type: 'stamp', params: ({ event }) => ({ now: event.now }) } },
      },
    },
  },
});

export type BookingMachine = typeof bookingMachine;
export type BookingSnapshot = SnapshotFrom<BookingMachine>;

/** What is kept in sessionStorage: the state's name and the context. */
export interface PersistedBooking {
  value: BookingState;
  context: BookingContext;
}

export function persistBooking(snapshot: BookingSnapshot): PersistedBooking | null {
  const value = snapshot.value as BookingState;
  // A finished booking is not restored; a request in flight is restored as the form it came from.
  if (value === 'submitted') return null;
  return { value: value === 'submitting' || value === 'validating' ? 'editing' : value, context: snapshot.context };
}

/** A snapshot to start the actor from, or null when `saved` is not a booking of this teacher. */
export function restoreBooking(saved: unknown, teacherId: number): BookingSnapshot | null {
  if (!saved || typeof saved !== 'object') return null;
  const { value, context } = saved as Partial<PersistedBooking>;
  if (!value || !(BOOKING_STATES as readonly string[]).includes(value) || !context || context.teacherId !== teacherId) return null;
  if (value === 'submitted' || value === 'submitting' || value === 'validating') return null;
  if (!context.fields || typeof context.fields !== 'object') return null;
  return bookingMachine.resolveState({
    value,
    context: {
      ...context,
      fields: { ...emptyFields(), ...context.fields },
      fieldErrors: context.fieldErrors ?? {},
      formError: context.formError ?? null,
      submittedAt: context.submittedAt ?? null,
      requestId: null,
      teacher: context.teacher ?? null,
      balance: context.balance ?? null,
    },
  });
}

export const selectBookingState = (s: BookingSnapshot): BookingState => s.value as BookingState;
export const selectFields = (s: BookingSnapshot) => s.context.fields;
export const selectFieldErrors = (s: BookingSnapshot) => s.context.fieldErrors;
export const selectFormError = (s: BookingSnapshot) => s.context.formError;
export const selectIsBusy = (s: BookingSnapshot) => s.hasTag('booking:busy');
export const selectNeedsPackage = (s: BookingSnapshot) => s.hasTag('booking:needsPackage');
export const selectRequestId = (s: BookingSnapshot) => s.context.requestId;
