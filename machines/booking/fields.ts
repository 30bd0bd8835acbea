// What a booking holds and the client's rules over it (the child, subject, duration, time and review), apart from the statechart
// that walks the steps (./machine.ts): the fields as the controls hold them, the steps they belong
// to, the check of the contract's constants at a given instant, and the request body. Pure data and
// functions, so the model tests and the UI judge exactly what the machine judges.
import {
  COMMENT_MAX_LENGTH,
  MAX_DURATION_HOURS,
  MIN_DURATION_HOURS,
  MIN_LEAD_MS,
  REQUEST_ERROR,
  canPay,
  type CreateRequest,
  type RequestType,
} from '../../contract/requests';
import { validationKeys } from '../../contract/validation';

export type PreferredGender = '' | 'male' | 'female';

/** What the family chose; plain values as the controls hold them, so a restored booking looks the same. */
export interface BookingFields {
  /** The child the lesson is for (a family's active child, by id); '' until chosen. */
  childId: string;
  /** '' until chosen. */
  subjectId: string;
  type: RequestType;
  /** The chosen start, a UTC ISO instant from the offered slots; '' until chosen. Schedule only. */
  startsAt: string;
  durationHours: number;
  comment: string;
  broadcast: boolean;
  preferredGender: PreferredGender;
  /**
   * "Repeat every week" chosen on the review, or null: kept with the other fields, so a reload or the
   * visit to /packages comes back to the review with the series intact.
   */
  series: BookingSeries | null;
}

/** A weekly series as the review confirmed it: how many weeks, the free ones to book, the parent's zone. */
export interface BookingSeries {
  repeatWeeks: number;
  /** The weeks to book (1 = the chosen start): the ones the server's preview found free. */
  weeks: number[];
  /** The zone "the same time every week" is counted in (the viewer's). */
  timeZone: string;
}

/** What a series rests on: changing any of these makes the previewed weeks stale, so the series is dropped. */
export const SERIES_BASIS = ['childId', 'subjectId', 'type', 'startsAt', 'durationHours', 'broadcast'] as const;

/** A series read back from storage, or null when it is not one (a draft from before, or tampered with). */
export function seriesOf(value: unknown): BookingSeries | null {
  if (!value || typeof value !== 'object') return null;
  const { repeatWeeks, weeks, timeZone } = value as Partial<BookingSeries>;
  if (!Number.isInteger(repeatWeeks) || typeof timeZone !== 'string' || !Array.isArray(weeks)) return null;
  if (!weeks.every((w) => Number.isInteger(w))) return null;
  return { repeatWeeks: repeatWeeks!, weeks: [...weeks], timeZone };
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

/** One of the family's active children, as the picker names them. */
export interface BookingChild {
  id: number;
  firstName: string;
}

export interface BookingBalance {
  minutes_remaining: number;
  free_trial_available: boolean;
}

/** The wire field names the form shows errors beside. */
export type BookingField = 'child_id' | 'subject_id' | 'type' | 'starts_at' | 'duration_hours' | 'comment' | 'preferred_gender';

/**
 * The guided steps, in order; the review step holds the optional fields (comment, broadcast, gender).
 * The child step is asked only when the family has more than one active child.
 */
export const BOOKING_STEPS = ['child', 'subject', 'duration', 'slot', 'review'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** Which step shows (and so focuses) each field's problem. */
export const STEP_OF_FIELD: Record<BookingField, BookingStep> = {
  child_id: 'child',
  subject_id: 'subject',
  duration_hours: 'duration',
  type: 'slot',
  starts_at: 'slot',
  comment: 'review',
  preferred_gender: 'review',
};

/** Client-only rule keys (the UI words them, src/features/booking/texts.ts). */
export const BOOKING_RULE = {
  /** The chosen start is not (or no longer) among the free times for the chosen duration. */
  slotNotOffered: 'slot_not_offered',
  /** Urgent, but the teacher cannot take a session of that length now. */
  notAvailableNow: 'not_available_now',
} as const;

export type FieldErrors = Partial<Record<BookingField, string[]>>;

export const emptyFields = (): BookingFields => ({
  childId: '',
  subjectId: '',
  type: 'schedule',
  startsAt: '',
  durationHours: MIN_DURATION_HOURS,
  comment: '',
  broadcast: false,
  preferredGender: '',
  series: null,
});

/** POST v1/requests' body: the contract's, and the child the lesson is for. */
export type BookingRequest = CreateRequest;

/** The body of POST v1/requests for these fields (no child: the server takes the family's only one). */
export function requestBodyOf(teacherId: number, fields: BookingFields): BookingRequest {
  const comment = fields.comment.trim();
  return {
    ...(fields.childId ? { child_id: Number(fields.childId) } : {}),
    teacher_id: teacherId,
    subject_id: Number(fields.subjectId),
    type: fields.type,
    ...(fields.type === 'schedule' && fields.startsAt ? { starts_at: fields.startsAt } : {}),
    duration_hours: fields.durationHours,
    ...(comment ? { comment } : {}),
    broadcast: fields.broadcast,
    ...(fields.preferredGender ? { preferred_gender: fields.preferredGender } : {}),
    // The server books the confirmed weeks of the series, all or nothing; the machine books "one" request.
    ...(fields.series && fields.type === 'schedule' && !fields.broadcast
      ? { repeat_weeks: fields.series.repeatWeeks, weeks: fields.series.weeks, time_zone: fields.series.timeZone }
      : {}),
  };
}

/** The server's answer for these fields is known (the free times were computed for this duration). */
const knownFor = (teacher: BookingTeacher | null, durationHours: number): teacher is BookingTeacher =>
  teacher !== null && teacher.slotsFor === durationHours;

/** Whether the family must say which child the lesson is for: more than one active child. */
export const choosesChild = (children: readonly BookingChild[] | null | undefined): boolean => (children?.length ?? 0) > 1;

/** What the booking judges: the fields, the server's word on the teacher, and the family's children. */
export interface BookingJudged {
  fields: BookingFields;
  teacher: BookingTeacher | null;
  children?: readonly BookingChild[] | null;
}

/**
 * The client's check at `now`: every field problem, keyed by wire field. The child (one of the family's
 * active children, when there are several), the contract's constants (1–6 hours, the lead time) and the
 * offered times; funds are not a field problem (see `coversCost`).
 */
export function fieldProblems(context: BookingJudged, now: number): FieldErrors {
  const { fields, teacher, children } = context;
  const out: FieldErrors = {};
  if (choosesChild(children) && !children?.some((c) => String(c.id) === fields.childId)) out.child_id = [validationKeys.required];
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

/** The problems of one step only (what "next" on that step checks). */
export function stepProblems(context: BookingJudged, step: BookingStep, now: number): FieldErrors {
  return Object.fromEntries(Object.entries(fieldProblems(context, now)).filter(([k]) => STEP_OF_FIELD[k as BookingField] === step));
}

/** The earliest step that has a problem, or null: where a refused submit takes the student back to. */
export function firstProblemStep(errors: FieldErrors): BookingStep | null {
  const steps = new Set(Object.keys(errors).map((k) => STEP_OF_FIELD[k as BookingField]));
  return BOOKING_STEPS.find((s) => steps.has(s)) ?? null;
}

/** Whether the known balance pays for the booking; an unknown balance is left to the server. */
export function coversCost(context: { fields: BookingFields; balance: BookingBalance | null }): boolean {
  return context.balance === null || canPay(context.fields.durationHours, context.balance);
}

/** The fields an edit of `key` speaks to: their old messages are cleared by it. */
export function touchedBy(key: keyof BookingFields): BookingField[] {
  if (key === 'childId') return ['child_id'];
  if (key === 'subjectId') return ['subject_id'];
  if (key === 'startsAt' || key === 'type') return ['starts_at', 'type'];
  if (key === 'durationHours') return ['duration_hours', 'starts_at'];
  if (key === 'comment') return ['comment'];
  if (key === 'preferredGender') return ['preferred_gender'];
  return [];
}
