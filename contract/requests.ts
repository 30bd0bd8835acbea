// The wire format of session requests, shared by the server and the booking/requests screens.
//
//   POST v1/requests                      (family)   body CreateRequest          → { message, data: RequestDetail }
//   GET  v1/requests?filter=&student_id=&teacher_id=&child_id=&page=&per_page=               → { message, data: RequestSummary[], meta }
//   GET  v1/requests/:id                                                           → { message, data: RequestDetail }
//   POST v1/requests/:id/approve | /reject  (teacher: its teacher or, broadcast, an offered one) → RequestDetail
//   POST v1/requests/:id/cancel             (its student; its teacher, approved, with a reason) body CancelInput → RequestDetail
//   POST v1/requests/:id/end                (its teacher, during the session: "End for both")  → RequestDetail
//   POST v1/requests/:id/reschedule         (its student, pending: moves it; either party, approved: proposes)
//                                           body RescheduleInput → RequestDetail
//   POST v1/requests/:id/reschedule/accept | /decline (the other party of an open proposal) → RequestDetail
//   POST v1/series/preview | /series/:id/cancel  (family) a weekly series: contract/series.ts
//   POST v1/requests/:id/evaluation         (its student, once, after finished) body EvaluationInput → RequestDetail
//
// Someone else's request answers 404, never 403 (its existence is not revealed).
// Refusals: 400 validation ({ message, errors: { field: [msg] } }, the field messages come from the
// REQUEST_ERROR keys below where a rule of booking failed), 402 `insufficient_hours` (offer the
// packages screen), 409 `not_allowed` (the request machine refuses the action now, e.g. already approved
// by another teacher). Every refusal body also carries `code`: one RequestErrorCode.
//
// Status values are the states of machines/request.machine.ts. The rule of when a teacher is free is
// contract/availability.ts (in the teacher's own zone), and how a booking is paid contract/booking-cost.ts:
// both are pure, so the booking machine shows the same answer the server gives.
import { z } from 'zod';
import { GENDERS } from './auth';
import { timeZoneSchema } from './availability';
import { bookingCost, type CostBalance } from './booking-cost';
import { childRefSchema } from './children';
import { envelopeSchema } from './envelope';
import { photoSchema } from './photos';
import { requestSeriesRefSchema, repeatWeeksSchema, seriesValidationKeys, seriesWeeksSchema } from './series';
import { pageMetaSchema } from './teachers';
import {
  COMMENT_MAX_LENGTH,
  MAX_DURATION_HOURS,
  MIN_DURATION_HOURS,
  REQUEST_ACTIONS,
  REQUEST_FILTERS,
  REQUEST_STATUSES,
  REQUEST_ERROR,
  REQUEST_TYPES,
} from './request-values';
import { freeText, validationKeys } from './validation';

export * from './request-values';
export type RequestErrorCode = (typeof REQUEST_ERROR)[keyof typeof REQUEST_ERROR];

const id = z
  .number({ error: (i) => (i.input === undefined || i.input === null ? validationKeys.required : validationKeys.invalid) })
  .int({ error: validationKeys.invalid })
  .positive({ error: validationKeys.invalid });

export const createRequestSchema = z
  .object({
    teacher_id: id,
    subject_id: id,
    /** The child the lesson is for: required when the family has more than one active child, else its only one. */
    child_id: id.optional(),
    type: z.enum(REQUEST_TYPES, { error: (i) => (i.input === undefined ? validationKeys.required : validationKeys.invalid) }),
    /** ISO-8601 with offset or Z; required for `schedule`, ignored for `urgent` (it starts now). */
    starts_at: z.iso.datetime({ offset: true, error: validationKeys.invalid }).optional().nullable(),
    duration_hours: z
      .number({ error: (i) => (i.input === undefined ? validationKeys.required : validationKeys.invalid) })
      .int({ error: REQUEST_ERROR.durationRange })
      .min(MIN_DURATION_HOURS, { error: REQUEST_ERROR.durationRange })
      .max(MAX_DURATION_HOURS, { error: REQUEST_ERROR.durationRange }),
    comment: freeText(COMMENT_MAX_LENGTH)
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    /** Also offer the request to every other active teacher of the student's phase and the subject. */
    broadcast: z.boolean().default(false),
    /** For a broadcast: only teachers of this gender are offered it. */
    preferred_gender: z.enum(['male', 'female']).optional().nullable(),
    /** A weekly series (contract/series.ts): this start and the same time in each of the next weeks, 2–12 in all. */
    repeat_weeks: repeatWeeksSchema.optional().nullable(),
    /** Which weeks of the series to book (1 = `starts_at`); default all of them. */
    weeks: seriesWeeksSchema.optional().nullable(),
    /** The zone "the same time every week" is counted in; default the family's profile zone. */
    time_zone: timeZoneSchema.optional().nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'schedule' && !value.starts_at) {
      ctx.addIssue({ code: 'custom', path: ['starts_at'], message: validationKeys.required });
    }
    if (value.repeat_weeks) {
      if (value.type !== 'schedule') ctx.addIssue({ code: 'custom', path: ['repeat_weeks'], message: seriesValidationKeys.scheduleOnly });
      else if (value.broadcast) ctx.addIssue({ code: 'custom', path: ['repeat_weeks'], message: seriesValidationKeys.noBroadcast });
    }
    if (value.weeks) {
      const max = value.repeat_weeks ?? 1;
      if (new Set(value.weeks).size !== value.weeks.length || value.weeks.some((w) => w < 1 || w > max)) {
        ctx.addIssue({ code: 'custom', path: ['weeks'], message: seriesValidationKeys.weekUnknown });
      }
    }
  });
export type CreateRequest = z.input<typeof createRequestSchema>;
export type CreateRequestParsed = z.output<typeof createRequestSchema>;

export const evaluationInputSchema = z.object({
  rating: z
    .number({ error: (i) => (i.input === undefined ? validationKeys.required : validationKeys.invalid) })
    .int({ error: validationKeys.invalid })
    .min(1, { error: validationKeys.invalid })
    .max(5, { error: validationKeys.invalid }),
  comment: freeText(COMMENT_MAX_LENGTH)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type EvaluationInput = z.input<typeof evaluationInputSchema>;

/**
 * POST v1/requests/:id/reschedule: the new start of a pending scheduled request (same teacher, same
 * length). Checked by the booking rule: the teacher's hours, lead time, the 90-day horizon, overlaps.
 */
export const rescheduleInputSchema = z.object({
  starts_at: z.iso.datetime({
    offset: true,
    error: (i) => (i.input === undefined || i.input === null ? validationKeys.required : validationKeys.invalid),
  }),
});

export const REJECT_REASON_MAX_LENGTH = 500;

/** POST v1/requests/:id/reject: an optional reason the student reads; empty means none. */
export const rejectInputSchema = z.object({
  reason: z
    .string({ error: validationKeys.invalid })
    .trim()
    .max(REJECT_REASON_MAX_LENGTH, { error: validationKeys.tooLong })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * POST v1/requests/:id/cancel: the family cancels with no body; its teacher must say why (the family
 * reads it), else 400 `cancel_reason_required` on `reason`. Empty means none.
 */
export const cancelInputSchema = z.object({
  reason: z
    .string({ error: validationKeys.invalid })
    .trim()
    .max(CANCEL_REASON_MAX_LENGTH, { error: validationKeys.tooLong })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number().int().positive().optional(),
);
export const requestsQuerySchema = z.object({
  filter: z.preprocess((v) => (v === '' || v === undefined ? 'all' : v), z.enum(REQUEST_FILTERS)),
  /** Narrow to one student (a teacher's view) or one teacher (a student's view); never widens access. */
  student_id: optionalId,
  teacher_id: optionalId,
  /** A family's view: only the requests for this child of theirs. */
  child_id: optionalId,
  page: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), z.coerce.number().int().min(1).max(10_000)),
  per_page: z.preprocess((v) => (v === '' || v === undefined ? 20 : v), z.coerce.number().int().min(1).max(50)),
});

const personSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** A teacher's photo hash (contract/photos.ts); null or absent: an initials avatar. */
  photo: photoSchema.optional(),
  /** A teacher's gender, for the wording (Arabic «المعلمة»); absent for the family account. */
  gender: z.enum(GENDERS).nullable().optional(),
});

export const requestSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  /** The teacher asked for, or (once a broadcast is approved) the one who approved it. */
  teacher: personSchema,
  student: personSchema,
  /** The child the lesson is for (a teacher reads last_name null). */
  child: childRefSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  duration_hours: z.number().int(),
  broadcast: z.boolean(),
  /** For a teacher: the request reached them as an offer (broadcast), it is not addressed to them. */
  offered: z.boolean(),
  /**
   * For a teacher: a broadcast offered to them that another teacher took (approved or finished by
   * them). Not their session: no join, and it is listed under `canceled`, never upcoming or current.
   * Absent (a server from before it): false.
   */
  taken_by_other: z.boolean().default(false),
  /** Its teacher has written the lesson report (contract/reports.ts). Absent (a server from before it): false. */
  has_report: z.boolean().default(false),
  created_at: z.string(),
  actions: z.array(z.enum(REQUEST_ACTIONS)),
  /** The session's channel while the viewer may join it now (`join` in actions), so a card offers Join. */
  join_channel: z.string().nullish(),
  /** While pending: when it expires unanswered, so a card counts down to it. */
  expires_at: z.string().nullish(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestHistoryEntrySchema = z.object({
  status: z.enum(REQUEST_STATUSES),
  at: z.string(),
  actor_role: z.enum(['student', 'teacher', 'system']),
  /** A move (reschedule): the start it had and the start it got. Absent on a change of status. */
  moved_from: z.string().nullish(),
  moved_to: z.string().nullish(),
  /** A teacher's cancellation: why, as they wrote it (the family reads it). */
  reason: z.string().nullish(),
  /** A session its teacher ended early: the minutes that went back to the family (whole half-hours). */
  refunded_minutes: z.number().int().nullish(),
  /** A step of a proposal to move an approved session (moved_from: its start then, moved_to: the proposed one). */
  proposal: z.enum(['proposed', 'accepted', 'declined', 'lapsed']).nullish(),
});
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntrySchema>;

export const requestDeadlinesSchema = z.object({
  /** Until when the student may cancel (hours refunded); null when cancelling is no longer possible. */
  cancel_free_until: z.string().nullable(),
  /** When the join button opens (JOIN_EARLY_MS before the start). */
  join_opens_at: z.string(),
  /** When a pending request expires if no teacher accepts it. */
  expires_at: z.string(),
});

export const requestEvaluationSchema = z.object({ rating: z.number().int(), comment: z.string().nullable(), at: z.string() });

export const requestDetailSchema = requestSummarySchema.extend({
  comment: z.string().nullable(),
  preferred_gender: z.enum(['male', 'female']).nullable(),
  /** How it was paid: package hours or the one free trial session. */
  paid_with: z.enum(['hours', 'free_trial']),
  history: z.array(requestHistoryEntrySchema),
  deadlines: requestDeadlinesSchema,
  /** The session's realtime channel, for its student and teacher once approved; otherwise null. */
  channel_name: z.string().nullable(),
  evaluation: requestEvaluationSchema.nullable(),
  /** The teacher's reason for rejecting it, shown to the student (null when none was given). */
  reject_reason: z.string().nullable().optional(),
  /**
   * An approved session's open proposal of a new start (the session keeps its time until an answer);
   * null or absent when none. `by`: who proposed; the other side answers until `lapses_at`.
   */
  proposal: z.object({ starts_at: z.string(), ends_at: z.string(), by: z.enum(['student', 'teacher']), lapses_at: z.string() }).nullish(),
  /** Its place in a weekly series ("Week 2 of 4"); null or absent: a lesson of its own. */
  series: requestSeriesRefSchema.nullish(),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;
export const requestDetailResponseSchema = envelopeSchema(requestDetailSchema);

export const requestsResponseSchema = z.object({
  message: z.string(),
  data: z.array(requestSummarySchema),
  meta: pageMetaSchema,
});
export type RequestsResponse = z.infer<typeof requestsResponseSchema>;

/** Whether the student can pay `durationHours`: package minutes, or the free trial for a short session. */
export function canPay(durationHours: number, balance: CostBalance): boolean {
  return bookingCost(durationHours, balance).pay !== 'none';
}

/** The payload of the realtime `request.updated` (REQUEST_EVENTS.updated) on a party's user channel. */
export const requestUpdatedNoticeSchema = z.object({
  id: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  /** Its teacher ended the session early for both ("End for both"). */
  ended_early: z.boolean().optional(),
});
