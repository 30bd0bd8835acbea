// The guided booking statechart, version 2: child (only when the family has more than one active child)
// → subject → duration → slot (a free start on the
// calendar, or "now" when the teacher can take an urgent request) → review (subject, teacher, both
// times with zones, the hours it costs against the balance or the free trial, broadcast, preferred
// gender) → confirm (validating, submitting) → submitted. "Next" checks only its own step at the
// instant it carries; a refused submit goes back to the earliest step with a problem (the UI focuses
// it). Too few hours lead to needsPackage, which comes back to review with everything kept once the
// new balance covers it; a 409 `slot_taken` goes back to the slot step, says so and refreshes the
// free times. Effects (`createRequest`, `openPackages`, `refreshSlots`) are bound in src/bindings/booking.ts;
// the defaults fail loudly. Rules: ./fields.ts; persistence: ./persist.ts.
import { assign, setup, fromPromise } from 'xstate';
import { toFailure, type Failure } from '../../contract/failure';
import { REQUEST_ERROR, canPay } from '../../contract/requests';
import {
  choosesChild,
  emptyFields,
  firstProblemStep,
  coversCost,
  requestBodyOf,
  SERIES_BASIS,
  stepProblems,
  touchedBy,
  type BookingBalance,
  type BookingChild,
  type BookingField,
  type BookingFields,
  type BookingRequest,
  type BookingStep,
  type BookingTeacher,
  type FieldErrors,
} from './fields';

export interface BookingContext {
  teacherId: number;
  fields: BookingFields;
  teacher: BookingTeacher | null;
  balance: BookingBalance | null;
  /** The family's active children; null when unknown (the server then takes the only one). */
  children: BookingChild[] | null;
  /**
   * Beside each field: a rule key (REQUEST_ERROR / BOOKING_RULE / validationKeys values, worded by the
   * UI) from the client check, or the server's own localized messages.
   */
  fieldErrors: FieldErrors;
  /** A refusal that belongs to no field (the server's message), shown above the review. */
  formError: string | null;
  /** When the last check ran (a step's "next" or the submit, epoch ms): the UI moves focus on each. */
  checkedAt: number | null;
  /** The request the server created. */
  requestId: number | null;
}

export interface BookingInput {
  teacherId: number;
  teacher?: BookingTeacher | null;
  balance?: BookingBalance | null;
  children?: BookingChild[] | null;
  /** The child last booked with this teacher: chosen already when still an active child. */
  rememberedChildId?: number | null;
}

/** The child chosen at the start: the only one, or the one remembered for this teacher, or none yet. */
function startingChild(input: BookingInput): string {
  const children = input.children ?? [];
  if (children.length === 1) return String(children[0]!.id);
  return children.some((c) => c.id === input.rememberedChildId) ? String(input.rememberedChildId) : '';
}

export type BookingEvent =
  | { type: 'booking.edit'; patch: Partial<BookingFields> }
  | { type: 'booking.next'; now: number }
  | { type: 'booking.back' }
  | { type: 'booking.change'; step: BookingStep }
  | { type: 'booking.submit'; now: number }
  | { type: 'teacher.loaded'; teacher: BookingTeacher }
  | { type: 'balance.loaded'; balance: BookingBalance }
  | { type: 'packages.open' };

export const BOOKING_STATES = [
  'child',
  'subject',
  'duration',
  'slot',
  'review',
  'validating',
  'submitting',
  'submitted',
  'failed',
  'needsPackage',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

const isInsufficient = (failure: Failure) => failure.status === 402 || failure.code === REQUEST_ERROR.insufficientHours;

const FIELD_OF_WIRE: Record<string, BookingField> = {
  child_id: 'child_id',
  subject_id: 'subject_id',
  type: 'type',
  starts_at: 'starts_at',
  duration_hours: 'duration_hours',
  comment: 'comment',
  preferred_gender: 'preferred_gender',
};

const notProvided = (name: string) => () => {
  throw new Error(`booking machine: ${name} not provided (bind it in src/bindings/booking.ts)`);
};

const bookingSetup = setup({
  types: { context: {} as BookingContext, events: {} as BookingEvent, input: {} as BookingInput },
  actors: {
    createRequest: fromPromise<{ id: number }, BookingRequest>(() =>
      Promise.reject(new Error('booking machine: createRequest not provided')),
    ),
  },
  actions: {
    edit: assign(({ context }, params: { patch: Partial<BookingFields> }) => {
      const fields = { ...context.fields, ...params.patch };
      // A new child, subject, time, length or broadcast makes the previewed weeks stale: the series goes.
      if (!('series' in params.patch) && SERIES_BASIS.some((k) => k in params.patch && params.patch[k] !== context.fields[k]))
        fields.series = null;
      // Editing a field clears what was said about it (and the form-level message); other fields keep theirs.
      const touched = new Set((Object.keys(params.patch) as (keyof BookingFields)[]).flatMap(touchedBy));
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !touched.has(k as BookingField)));
      return { fields, fieldErrors, formError: null };
    }),
    setTeacher: assign((_, params: { teacher: BookingTeacher }) => ({ teacher: params.teacher })),
    setBalance: assign((_, params: { balance: BookingBalance }) => ({ balance: params.balance })),
    /** "Next": this step's problems at `now` replace what was said about its fields. */
    checkStep: assign(({ context }, params: { step: BookingStep; now: number }) => ({
      checkedAt: params.now,
      fieldErrors: { ...context.fieldErrors, ...stepProblems(context, params.step, params.now) },
    })),
    /** The submit's instant and the whole check at it, computed once: `validating` reads the result. */
    checkAll: assign(({ context }, params: { now: number }) => ({
      checkedAt: params.now,
      fieldErrors: (['child', 'subject', 'duration', 'slot', 'review'] as const).reduce<FieldErrors>(
        (all, step) => ({ ...all, ...stepProblems(context, step, params.now) }),
        {},
      ),
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
      const fieldErrors: FieldErrors = {};
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
    /** The free times changed under the student (just taken): the app fetches them again. */
    refreshSlots: notProvided('refreshSlots'),
  },
  guards: {
    /** One active child (or none known): nothing to ask, the booking starts at the subject. */
    noChildToChoose: ({ context }) => !choosesChild(context.children),
    stepReady: ({ context }, params: { step: BookingStep; now: number }) =>
      Object.keys(stepProblems(context, params.step, params.now)).length === 0,
    firstProblemIs: ({ context }, params: { step: BookingStep }) => firstProblemStep(context.fieldErrors) === params.step,
    cannotPay: ({ context }) => !coversCost(context),
    canPayNow: ({ context }, params: { balance: BookingBalance }) => canPay(context.fields.durationHours, params.balance),
    insufficientHours: (_, params: { error: unknown }) => isInsufficient(toFailure(params.error)),
    slotTaken: (_, params: { error: unknown }) => toFailure(params.error).code === REQUEST_ERROR.slotTaken,
    changeTo: (_, params: { step: BookingStep; wanted: BookingStep }) => params.step === params.wanted,
  },
});

const edit = {
  actions: { type: 'edit', params: ({ event }: { event: { patch: Partial<BookingFields> } }) => ({ patch: event.patch }) },
} as const;

/** "Next" on `step`: on to `to` when the step is complete at the event's instant, else its problems show. */
const next = (step: BookingStep, to: BookingState) =>
  [
    {
      guard: { type: 'stepReady', params: ({ event }: { event: { now: number } }) => ({ step, now: event.now }) },
      target: to,
      actions: { type: 'checkStep', params: ({ event }: { event: { now: number } }) => ({ step, now: event.now }) },
    },
    { actions: { type: 'checkStep', params: ({ event }: { event: { now: number } }) => ({ step, now: event.now }) } },
  ] as const;

/** From the review (and its refusals): "change" goes back to a step with everything kept. */
const change = (['child', 'subject', 'duration', 'slot'] as const).map((step) => ({
  guard: { type: 'changeTo' as const, params: ({ event }: { event: { step: BookingStep } }) => ({ step, wanted: event.step }) },
  target: step,
}));

/** A new balance while choosing (not while the request is in flight: what it was judged by stays). */
const balance = {
  actions: { type: 'setBalance', params: ({ event }: { event: { balance: BookingBalance } }) => ({ balance: event.balance }) },
} as const;

const submit = {
  target: 'validating',
  actions: { type: 'checkAll', params: ({ event }: { event: { now: number } }) => ({ now: event.now }) },
} as const;

export const bookingMachine = bookingSetup.createMachine({
  id: 'booking',
  description:
    'Booking a session with one teacher, step by step: the child (when the family has several), subject, duration, a free start (or now), a review of what it costs, the request, and the detour to the packages screen when the hours do not cover it.',
  context: ({ input }) => ({
    teacherId: input.teacherId,
    fields: { ...emptyFields(), childId: startingChild(input) },
    teacher: input.teacher ?? null,
    balance: input.balance ?? null,
    children: input.children ?? null,
    fieldErrors: {},
    formError: null,
    checkedAt: null,
    requestId: null,
  }),
  initial: 'child',
  on: {
    'teacher.loaded': { actions: { type: 'setTeacher', params: ({ event }) => ({ teacher: event.teacher }) } },
  },
  states: {
    child: {
      description:
        'Step 0, only when the family has more than one active child: which child the lesson is for (the one last booked with this teacher comes chosen). With one child there is nothing to ask.',
      tags: ['booking:step'],
      always: { guard: 'noChildToChoose', target: 'subject' },
      on: { 'booking.edit': edit, 'booking.next': next('child', 'subject'), 'balance.loaded': balance },
    },
    subject: {
      description: 'Step 1: one of the teacher’s subjects.',
      tags: ['booking:step'],
      on: { 'booking.edit': edit, 'booking.next': next('subject', 'duration'), 'booking.back': 'child', 'balance.loaded': balance },
    },
    duration: {
      description: 'Step 2: 1–6 hours (the contract’s range); the free times are computed for it.',
      tags: ['booking:step'],
      on: { 'booking.edit': edit, 'booking.next': next('duration', 'slot'), 'booking.back': 'subject', 'balance.loaded': balance },
    },
    slot: {
      description:
        'Step 3: a free start on the calendar, at least one hour away and still offered by the server — or now, when the teacher can take an urgent request.',
      tags: ['booking:step'],
      on: { 'booking.edit': edit, 'booking.next': next('slot', 'review'), 'booking.back': 'duration', 'balance.loaded': balance },
    },
    review: {
      description:
        'Step 4: what will be asked (subject, teacher, local and teacher time, hours against the balance or the free trial); a comment, broadcast and a preferred gender may be added.',
      tags: ['booking:step', 'booking:review'],
      on: { 'booking.edit': edit, 'balance.loaded': balance, 'booking.back': 'slot', 'booking.change': change, 'booking.submit': submit },
    },
    validating: {
      description:
        "Checked at the moment of confirm (once, by the submit's stamp): every step's rules, back to the earliest step with a problem; then whether the balance or the free trial covers it.",
      always: [
        ...(['child', 'subject', 'duration', 'slot', 'review'] as const).map((step) => ({
          guard: { type: 'firstProblemIs' as const, params: { step } },
          target: step,
        })),
        { guard: 'cannotPay', target: 'needsPackage' },
        { target: 'submitting' },
      ],
    },
    submitting: {
      description: 'POST v1/requests: the server checks everything again and debits the hours in the same transaction.',
      tags: ['booking:busy', 'booking:review'],
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: ({ context }) => requestBodyOf(context.teacherId, context.fields),
        onDone: { target: 'submitted', actions: { type: 'keepRequest', params: ({ event }) => ({ id: event.output.id }) } },
        onError: [
          { guard: { type: 'insufficientHours', params: ({ event }) => ({ error: event.error }) }, target: 'needsPackage' },
          {
            guard: { type: 'slotTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'slot',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: toFailure(event.error) }) }, 'refreshSlots'],
          },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toFailure(event.error) }) } },
        ],
      },
    },
    submitted: { description: 'The request exists (pending); the app shows a toast and opens its session details.', type: 'final' },
    failed: {
      description:
        "The server refused or could not be reached. The review stays with everything chosen; the server's messages stand beside their fields.",
      tags: ['booking:review'],
      on: {
        'booking.edit': { target: 'review', ...edit },
        'balance.loaded': balance,
        'booking.back': 'slot',
        'booking.change': change,
        'booking.submit': submit,
      },
    },
    needsPackage: {
      description:
        'The hours do not cover this booking and no free trial applies: the packages screen is offered. Everything is kept (also across the visit to /packages) and the review comes back when the new balance covers it.',
      tags: ['booking:review', 'booking:needsPackage'],
      on: {
        'packages.open': { actions: 'openPackages' },
        'balance.loaded': [
          {
            guard: { type: 'canPayNow', params: ({ event }) => ({ balance: event.balance }) },
            target: 'review',
            actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) },
          },
          { actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) } },
        ],
        // A shorter session may fit the balance or the free trial.
        'booking.change': change,
        'booking.back': 'slot',
        'booking.submit': submit,
      },
    },
  },
});
