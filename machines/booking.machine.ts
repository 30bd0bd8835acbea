// Booking a session with one teacher (issue 6): the student fills the form (editing), the rules the
// server enforces are checked first on the client (validating), the request is sent (submitting), and it
// ends submitted — or failed (everything typed is kept), or needsPackage when the hours do not cover it
// (the packages screen is offered; the form comes back as it was on return).
//
// Pure: the API call is the `createRequest` actor and opening the packages screen the `openPackages`
// action, both given by the app with provide(). The clock arrives on `booking.submit` (`now`), so the
// rules are testable. The context is plain data: the app persists `{ value, context }` in
// sessionStorage per teacher and restores it with `restoreBooking` after a reload or the packages detour.
//
// Decisions (docs/flows/booking.md):
// - Date and time are entered as wall-clock time in the teacher's zone (Asia/Qatar, UTC+3, no DST),
//   like the working hours shown on the page; `startsAtOf` turns them into an instant.
// - The balance and the teacher's availability (working hours, approved sessions) are server data the
//   app hands in (`balance.loaded`, `teacher.loaded`); while unknown, the client rule is skipped and the
//   server decides. The server stays the authority: its 400 field errors come back beside the fields,
//   its 402 `insufficient_hours` leads to needsPackage.
// - A snapshot restored in `submitting` (the page was closed mid-request) comes back as `editing`:
//   whether that request arrived is for the requests screen to show, never a silent second submit.
import { assign, setup, fromPromise, type SnapshotFrom } from 'xstate';
import { COMMENT_MAX_LENGTH, REQUEST_ERROR, bookingProblem, canPay, type CreateRequest, type RequestType } from '../contract/requests';
import { TEACHER_UTC_OFFSET_MINUTES, type BusySlot, type WorkingHour } from '../contract/teachers';
import { validationKeys } from '../contract/validation';

export type PreferredGender = '' | 'male' | 'female';

/** What the student types; strings as the controls hold them, so a restored form looks the same. */
export interface BookingFields {
  /** '' until chosen. */
  subjectId: string;
  type: RequestType;
  /** 'YYYY-MM-DD' and 'HH:MM' in the teacher's zone; schedule only. */
  date: string;
  time: string;
  durationHours: number;
  comment: string;
  broadcast: boolean;
  preferredGender: PreferredGender;
}

export interface BookingTeacher {
  subjectIds: number[];
  working_hours: WorkingHour[];
  busy: BusySlot[];
}

export interface BookingBalance {
  minutes_remaining: number;
  free_trial_available: boolean;
}

/** A refusal as the `createRequest` actor rejects with (plain data; the app maps its ApiError). */
export interface BookingFailure {
  status: number;
  /** The server's RequestErrorCode, when it sent one. */
  code: string | null;
  /** The server's localized message, when it sent one. */
  message: string | null;
  /** Wire field name → messages (already localized by the server). */
  fieldErrors: Record<string, string[]>;
}

/** The wire field names the form shows errors beside. */
export type BookingField = 'subject_id' | 'type' | 'starts_at' | 'duration_hours' | 'comment' | 'preferred_gender';

export interface BookingContext {
  teacherId: number;
  fields: BookingFields;
  teacher: BookingTeacher | null;
  balance: BookingBalance | null;
  /**
   * Beside each field: a rule key (REQUEST_ERROR / validationKeys values, translated by the UI) from
   * the client check, or the server's own localized messages.
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
  date: '',
  time: '',
  durationHours: 1,
  comment: '',
  broadcast: false,
  preferredGender: '',
});

const MINUTE_MS = 60_000;

/** The instant of a date and time written in the teacher's zone, or null while either is incomplete. */
export function startsAtOf(date: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi) - TEACHER_UTC_OFFSET_MINUTES * MINUTE_MS;
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The teacher-zone wall clock of an instant: the inverse of startsAtOf (for defaults and tests). */
export function wallClockOf(instant: Date): { date: string; time: string } {
  const iso = new Date(instant.getTime() + TEACHER_UTC_OFFSET_MINUTES * MINUTE_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The body of POST v1/requests for these fields. */
export function requestBodyOf(teacherId: number, fields: BookingFields): CreateRequest {
  const startsAt = fields.type === 'schedule' ? startsAtOf(fields.date, fields.time) : null;
  const comment = fields.comment.trim();
  return {
    teacher_id: teacherId,
    subject_id: Number(fields.subjectId),
    type: fields.type,
    ...(startsAt ? { starts_at: startsAt.toISOString() } : {}),
    duration_hours: fields.durationHours,
    ...(comment ? { comment } : {}),
    broadcast: fields.broadcast,
    ...(fields.preferredGender ? { preferred_gender: fields.preferredGender } : {}),
  };
}

/**
 * The client's check of the booking rules (mirrors the server): every field problem at `now`, keyed
 * by wire field. Funds are not a field problem: see `coversCost`.
 */
export function fieldProblems(context: Pick<BookingContext, 'fields' | 'teacher'>, now: number): BookingContext['fieldErrors'] {
  const { fields, teacher } = context;
  const out: BookingContext['fieldErrors'] = {};
  const subjectId = Number(fields.subjectId);
  if (!fields.subjectId) out.subject_id = [validationKeys.required];
  else if (teacher && !teacher.subjectIds.includes(subjectId)) out.subject_id = [REQUEST_ERROR.subjectNotTaught];
  if (fields.comment.trim().length > COMMENT_MAX_LENGTH) out.comment = [validationKeys.tooLong];
  const startsAt = fields.type === 'schedule' ? startsAtOf(fields.date, fields.time) : null;
  if (fields.type === 'schedule' && !startsAt) {
    out.starts_at = [validationKeys.required];
  } else if (!Number.isInteger(fields.durationHours) || fields.durationHours < 1 || fields.durationHours > 6) {
    out.duration_hours = [REQUEST_ERROR.durationRange];
  } else if (teacher) {
    const problem = bookingProblem(
      { type: fields.type, startsAt, durationHours: fields.durationHours },
      { working_hours: teacher.working_hours, busy: teacher.busy },
      new Date(now),
    );
    if (problem === REQUEST_ERROR.durationRange) out.duration_hours = [problem];
    else if (problem) out.starts_at = [problem];
  } else if (fields.type === 'schedule' && startsAt && startsAt.getTime() < now + 60 * MINUTE_MS) {
    out.starts_at = [REQUEST_ERROR.scheduleTooSoon];
  }
  return out;
}

/** Whether the known balance pays for the booking; an unknown balance is left to the server. */
export function coversCost(context: Pick<BookingContext, 'fields' | 'balance'>): boolean {
  return context.balance === null || canPay(context.fields.durationHours, context.balance);
}

function isInsufficient(failure: BookingFailure): boolean {
  return failure.status === 402 || failure.code === REQUEST_ERROR.insufficientHours;
}

/** Reads an actor's rejection as a BookingFailure, whatever was thrown. */
export function asFailure(error: unknown): BookingFailure {
  if (error && typeof error === 'object' && 'status' in error && typeof (error as BookingFailure).status === 'number') {
    const e = error as Partial<BookingFailure>;
    return { status: e.status ?? 0, code: e.code ?? null, message: e.message ?? null, fieldErrors: e.fieldErrors ?? {} };
  }
  return { status: 0, code: null, message: null, fieldErrors: {} };
}

const FIELD_OF_WIRE: Record<string, BookingField> = {
  subject_id: 'subject_id',
  type: 'type',
  starts_at: 'starts_at',
  duration_hours: 'duration_hours',
  comment: 'comment',
  preferred_gender: 'preferred_gender',
};

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput,
  },
  actors: {
    createRequest: fromPromise<{ id: number }, CreateRequest>(() => Promise.reject(new Error('createRequest not provided'))),
  },
  actions: {
    edit: assign(({ context }, params: { patch: Partial<BookingFields> }) => {
      const fields = { ...context.fields, ...params.patch };
      // Editing a field clears what was said about it (and the form-level message); other fields keep theirs.
      const touched = new Set<BookingField>();
      for (const key of Object.keys(params.patch) as (keyof BookingFields)[]) {
        if (key === 'subjectId') touched.add('subject_id');
        else if (key === 'date' || key === 'time' || key === 'type') touched.add('starts_at').add('type');
        else if (key === 'durationHours') touched.add('duration_hours').add('starts_at');
        else if (key === 'comment') touched.add('comment');
        else if (key === 'preferredGender') touched.add('preferred_gender');
      }
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !touched.has(k as BookingField)));
      return { fields, fieldErrors, formError: null };
    }),
    setTeacher: assign((_, params: { teacher: BookingTeacher }) => ({ teacher: params.teacher })),
    setBalance: assign((_, params: { balance: BookingBalance }) => ({ balance: params.balance })),
    stamp: assign((_, params: { now: number }) => ({ submittedAt: params.now, fieldErrors: {}, formError: null })),
    flagProblems: assign(({ context }) => ({ fieldErrors: fieldProblems(context, context.submittedAt ?? 0) })),
    keepRequest: assign((_, params: { id: number }) => ({ requestId: params.id })),
    keepFailure: assign((_, params: { failure: BookingFailure }) => {
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
    openPackages: () => {},
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(fieldProblems(context, context.submittedAt ?? 0)).length > 0,
    cannotPay: ({ context }) => !coversCost(context),
    canPayNow: ({ context }, params: { balance: BookingBalance }) => canPay(context.fields.durationHours, params.balance),
    insufficientHours: (_, params: { error: unknown }) => isInsufficient(asFailure(params.error)),
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
  on: {
    'teacher.loaded': { actions: { type: 'setTeacher', params: ({ event }) => ({ teacher: event.teacher }) } },
  },
  states: {
    editing: {
      description: 'The student fills in subject, urgent or scheduled (date and time), duration, comment, broadcast and preferred gender.',
      tags: ['booking:form'],
      on: {
        'booking.edit': { actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        'balance.loaded': { actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) } },
        'booking.submit': { target: 'validating', actions: { type: 'stamp', params: ({ event }) => ({ now: event.now }) } },
      },
    },
    validating: {
      description:
        "The server's rules checked at the moment of submit: subject taught, start at least one hour from now, inside working hours, not over an approved session, 1–6 hours; then whether the balance or the free trial covers it.",
      always: [
        { guard: 'hasProblems', target: 'editing', actions: 'flagProblems' },
        { guard: 'cannotPay', target: 'needsPackage' },
        { target: 'submitting' },
      ],
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
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: asFailure(event.error) }) } },
        ],
      },
    },
    submitted: {
      description: 'The request exists (pending); the app shows a toast and opens its session details.',
      type: 'final',
    },
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
