// The wire format of the teacher review: the teacher's own calls and the reviewer's admin API.
//
// Teacher (bearer token):
// - POST v1/instructor/update/status — no body; a teacher in `policy` accepts the terms → `active`.
//   Answers `{ message, data: TeacherStatusChange }`; 403 for a student, 409 in any other status.
// - POST v1/instructor/documents — multipart with any of `id_front`, `id_back`, `qualification_scan`
//   (JPEG, PNG, WebP or PDF, at most 5 MB each, sniffed from the bytes). Allowed when `rejected`
//   (resubmission) or `active` (replacement); both put the account back `in_review`. Answers
//   `{ message, data: Profile }` (contract/auth.ts); 400 with field errors, 403 student, 409 other status.
//
// Reviewer (admin API on the running server: a staff session, contract/staff.ts, or the CLI's
// `Authorization: Bearer <ADMIN_TOKEN>` from the server machine):
// - GET  /api/admin/teachers?status=in_review&q=&page=&per_page= → `{ data: ReviewTeacher[], meta: { page, per_page, total } }`
//   (in review: oldest in review first; `q` matches the name or the phone's digits)
// - GET  /api/admin/teachers/:phoneOrId → `{ data: ReviewTeacherDetail }`
// - GET  /api/admin/teachers/:phoneOrId/history → `{ data: TeacherHistoryEntry[] }`
// - POST /api/admin/teachers/:phoneOrId/:action  `{ reason? }` → `{ data: ReviewResult }`
// - GET  /api/admin/teachers/:phoneOrId/documents → `{ data: ReviewDocument[] }`
// - GET  /api/admin/files/:id → the bytes
// - GET  /api/admin/teachers/:phoneOrId/video → `{ data: { video: TeacherVideo | null } }` (contract/teacher-video-schema.ts),
//   in any status; `…/video/file` and `…/video/poster` → the video's and the poster's bytes (404 without one)
import { z } from 'zod';
import { TEACHER_STATUSES } from './account';
import { DOCUMENT_FIELDS } from './auth';
import { freeText } from './validation';

export const teacherStatusWireSchema = z.enum(TEACHER_STATUSES);

/** Reviewer actions of the admin API and the CLI. */
export const REVIEW_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const reviewActionSchema = z.enum(REVIEW_ACTIONS);

/** A rejection must say what to correct; a suspension may. */
export const REVIEW_REASON_MAX = 1000;
export const reviewBodySchema = z.object({ reason: freeText(REVIEW_REASON_MAX).nullish() });

/** The realtime event's payload and the answer of a status change. */
export const teacherStatusChangeSchema = z.object({
  status: teacherStatusWireSchema,
  review_reason: z.string().nullable(),
});
export type TeacherStatusChange = z.infer<typeof teacherStatusChangeSchema>;

export const reviewTeacherSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: teacherStatusWireSchema,
  review_reason: z.string().nullable(),
  documents: z.number().int(),
  created_at: z.string(),
  /** When the teacher last entered review (sign-up, or a resubmission): the queue waits from here. */
  in_review_since: z.string(),
  /** The reason of the last rejection when the teacher resubmitted after it, else null. */
  previous_reason: z.string().nullable(),
  resubmitted: z.boolean(),
  country_code: z.string().nullable(),
  experience_years: z.number().int().nullable(),
  /** Subject and phase names in the caller's language (Accept-Language), as teacher cards name them. */
  subjects: z.array(z.string()),
  phases: z.array(z.string()),
});
export type ReviewTeacher = z.infer<typeof reviewTeacherSchema>;

/** One teacher with everything the sign-up gave (GET /api/admin/teachers/:who). */
/** The list's filters: a status, a search by name or phone digits, and paging (every row without `per_page`). */
export const reviewListQuerySchema = z.object({
  status: teacherStatusWireSchema.optional(),
  q: freeText(100).optional(),
  page: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v),
    z.number().int().min(1).max(100_000),
  ),
  per_page: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v),
    z.number().int().min(1).max(200).optional(),
  ),
  /** Only teachers who teach this subject (its id). */
  subject: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v),
    z.number().int().min(1).max(999_999).optional(),
  ),
  /** `1`: only applications back in review after a rejection. */
  resubmitted: z.enum(['1']).optional(),
});

/** The list's paging, as the public teacher list tells it. */
export const reviewListMetaSchema = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
/** GET admin/teachers: a page of applications and its `meta`. */
export const reviewListResponseSchema = z.object({ message: z.string(), data: z.array(reviewTeacherSchema), meta: reviewListMetaSchema });

export const reviewTeacherDetailSchema = reviewTeacherSchema.extend({
  qualification: z.string().nullable(),
  time_zone: z.string(),
});
export type ReviewTeacherDetail = z.infer<typeof reviewTeacherDetailSchema>;

/** A status change as the history tells it; `staff` names the member (or "command line"), null for the teacher. */
export const teacherHistoryEntrySchema = z.object({
  from_status: teacherStatusWireSchema,
  to_status: teacherStatusWireSchema,
  action: z.string(),
  reason: z.string().nullable(),
  actor: z.enum(['reviewer', 'teacher']),
  staff: z.string().nullable(),
  at: z.string(),
});
export type TeacherHistoryEntry = z.infer<typeof teacherHistoryEntrySchema>;

export const reviewResultSchema = z.object({
  teacher: z.object({ id: z.number().int(), phone: z.string(), name: z.string() }),
  from: teacherStatusWireSchema,
  to: teacherStatusWireSchema,
  review_reason: z.string().nullable(),
  /** Whether the realtime event reached the realtime service. */
  published: z.boolean(),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

export const reviewDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_FIELDS),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  /** A suggested file name: `<kind>-<n>.<ext>` (newest first). */
  file_name: z.string(),
});
export type ReviewDocument = z.infer<typeof reviewDocumentSchema>;
