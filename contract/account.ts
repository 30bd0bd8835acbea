// The account record the client keeps (spec §3): from login and profile responses.
// zod/mini: this schema is read at start-up on every page, so it must stay small in the entry bundle.
import * as z from 'zod/mini';

/**
 * A teacher's review status (machines/teacher-status.machine.ts). The spec's three, plus `rejected`
 * (the reviewer's reason is the account's `review_reason`) and `suspended`.
 */
export const TEACHER_STATUSES = ['in_review', 'policy', 'active', 'rejected', 'suspended'] as const;
export const teacherStatusSchema = z.enum(TEACHER_STATUSES);
export type TeacherStatus = z.infer<typeof teacherStatusSchema>;

export const accountRecordSchema = z.object({
  id: z.optional(z.int()),
  is_teacher: z.boolean(),
  has_free_session: z.boolean(),
  status: z.nullable(teacherStatusSchema),
  token: z.string(),
  // A rejected or suspended teacher's reviewer reason (the in-review screen shows it); null otherwise.
  review_reason: z.optional(z.nullable(z.string())),
  // Whether the required profile fields are filled in (complete-register). The server sends it with
  // every session and profile (contract/auth.ts); a missing value (an older stored record) means complete.
  profile_complete: z._default(z.optional(z.boolean()), true),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;
