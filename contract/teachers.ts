// The wire format of the public teachers list and one teacher's page.
//
//   GET v1/teachers?search=&subject_id=&phase_id=&gender=male|female&available_now=1&page=1&per_page=12
//     → { message, data: TeacherCard[], meta: { page, per_page, total } }
//   GET v1/teachers/:id → { message, data: TeacherDetail }   (404 for an unknown or inactive teacher)
//
// Only active teachers are listed. `search` matches any part of the name (first, second or last, or
// the optional name in Latin letters), case-insensitively. Names of subjects and phases come in the
// request's language; so do the teacher's name and description: an English request gets the Latin
// name and the English bio when the teacher wrote them (docs/decisions.md).
//
// Times: working hours are wall-clock times in the teacher's own zone (`time_zone`, an IANA name, on
// every card and detail, so the client never has to guess); instants (busy, evaluations) are ISO-8601
// UTC strings. The client shows both in the viewer's locale, the hours under their zone's name.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { photoHashSchema, photoSchema } from './photos';
import { clockTimeSchema } from './profile';
import { freeText } from './validation';

export const TEACHER_GENDERS = ['male', 'female'] as const;

export const DEFAULT_PER_PAGE = 12;
export const MAX_PER_PAGE = 50;

/** Query strings arrive as strings; empty values mean "no filter". */
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

export const teachersQuerySchema = z.object({
  search: freeText(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
  subject_id: optionalId,
  phase_id: optionalId,
  gender: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TEACHER_GENDERS).optional()),
  /** `1` or `true`: only teachers whose working hours include this minute. */
  available_now: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()),
  page: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), z.coerce.number().int().min(1).max(10_000)),
  per_page: z.preprocess((v) => (v === '' || v === undefined ? DEFAULT_PER_PAGE : v), z.coerce.number().int().min(1).max(MAX_PER_PAGE)),
});
export type TeachersFilter = z.output<typeof teachersQuerySchema>;

export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/**
 * A working hour's end: a clock time (contract/profile.ts, 00:00–23:59, the one definition), or
 * 24:00 — the server shows a stored "until midnight" end (23:59, as time inputs cannot say 24:00)
 * this way. Nobody may send 24:00: the profile's schema refuses it.
 */
const workingHourEndSchema = z.union([clockTimeSchema, z.literal('24:00')]);

export const workingHourSchema = z.object({
  /** 0 = Sunday … 6 = Saturday, in TEACHER_TIME_ZONE. */
  day: z.number().int().min(0).max(6),
  from: clockTimeSchema,
  to: workingHourEndSchema,
});
export type WorkingHour = z.infer<typeof workingHourSchema>;

export const ratingSummarySchema = z.object({
  /** Mean of the ratings with one decimal; 0 when there are none. */
  average: z.number(),
  count: z.number().int(),
});

export const teacherCardSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  /** The full family part of the name (second name and last name joined). */
  last_name: z.string(),
  gender: z.enum(['male', 'female', 'neutral']).nullable(),
  /** The country's name in the request's language, or null. */
  country: z.string().nullable(),
  experience_years: z.number().int().nullable(),
  subjects: z.array(namedRefSchema),
  phases: z.array(namedRefSchema),
  working_hours: z.array(workingHourSchema),
  rating: ratingSummarySchema,
  available_now: z.boolean(),
  description: z.string().nullable(),
  /** The photo's hash (contract/photos.ts), or null: the client then shows an initials avatar. */
  photo: photoSchema.optional(),
  /** The teacher's IANA zone: `working_hours` are written in it. */
  time_zone: z.string(),
  /**
   * The first start of an hour's session the booking calendar would offer (UTC ISO-8601), within
   * NEXT_FREE_DAYS; null when there is none. The viewer's client shows it on their own clock.
   */
  next_free: z.string().nullable(),
});
export type TeacherCard = z.infer<typeof teacherCardSchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const teachersResponseSchema = z.object({
  message: z.string(),
  data: z.array(teacherCardSchema),
  meta: pageMetaSchema,
});
export type TeachersResponse = z.infer<typeof teachersResponseSchema>;

export const teacherEvaluationSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  /** Only the first name: the rest of the student stays private. */
  student_first_name: z.string().nullable(),
  at: z.string(),
});

/** A time the teacher is taken (an approved session), without anything about its student. */
export const busySlotSchema = z.object({ starts_at: z.string(), ends_at: z.string() });
export type BusySlot = z.infer<typeof busySlotSchema>;

export const teacherDetailSchema = teacherCardSchema.extend({
  /** The 10 most recent evaluations, newest first. */
  evaluations: z.array(teacherEvaluationSchema),
  /** Approved sessions from now to 30 days ahead. */
  busy: z.array(busySlotSchema),
  time_zone: z.string(),
  /**
   * The intro video's version (contract/teacher-video.ts has its addresses), or null without one: a
   * content hash of the same form as a photo's (read here without the video contract, which would
   * add two chunks to the teacher page's first visit).
   */
  video: photoHashSchema.nullable().optional(),
});
export type TeacherDetail = z.infer<typeof teacherDetailSchema>;
export const teacherDetailResponseSchema = envelopeSchema(teacherDetailSchema);

/** Days ahead a card's `next_free` and the preview's free times look (the booking calendar's two weeks). */
export const NEXT_FREE_DAYS = 14;
/** Free times and reviews the guest preview shows. */
export const PREVIEW_FREE_TIMES = 6;
export const PREVIEW_REVIEWS = 3;

/**
 * GET v1/teachers/:id/preview — public: what a guest sees before signing in, beside the card the list
 * already holds. 404 for an unknown or inactive teacher.
 */
export const teacherPreviewSchema = z.object({
  teacher_id: z.number().int(),
  time_zone: z.string(),
  /** The next PREVIEW_FREE_TIMES starts of an hour's session, UTC, ascending. */
  next_free: z.array(z.string()),
  /** The latest PREVIEW_REVIEWS evaluations, newest first. */
  reviews: z.array(teacherEvaluationSchema),
  /** The intro video's version, or null without one. */
  video: photoHashSchema.nullable().optional(),
});
export type TeacherPreview = z.infer<typeof teacherPreviewSchema>;
export const teacherPreviewResponseSchema = envelopeSchema(teacherPreviewSchema);

/** Days ahead the detail's `busy` covers. */
export const BUSY_WINDOW_DAYS = 30;
