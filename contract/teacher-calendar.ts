// The wire format of a teacher's calendar: one week (Sunday to Saturday, as the week runs in Qatar) in
// the teacher's own zone, with the sessions that hold them in it and their time off.
//
//   GET v1/instructor/calendar?week=YYYY-MM-DD   (the teacher) → { message, data: TeacherWeek }
//
// `week` is any day of the week wanted (absent: today in the teacher's zone). A session is `booked`
// (approved, or finished, with this teacher), `pending` (asked of this teacher, not answered, not
// expired) or `offered` (a broadcast offered to this teacher that they can still take). Cancelled,
// declined, expired sessions and a broadcast another teacher took are not in it.
import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** "2026-11-22": years 2000–2999, so a week is never outside what the database and the zone rules read. */
const DAY_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const teacherWeekQuerySchema = z.object({
  week: z.string().regex(DAY_PATTERN).pipe(z.iso.date()).optional(),
});

export const CALENDAR_SESSION_KINDS = ['booked', 'pending', 'offered'] as const;

export const calendarSessionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CALENDAR_SESSION_KINDS),
  status: z.enum(['pending', 'approved', 'finished']),
  type: z.enum(['urgent', 'schedule']),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The subject's name in the reader's language. */
  subject: z.string(),
  /** The child's first name (a teacher never reads a family's names). */
  child: z.string(),
});
export type CalendarSession = z.infer<typeof calendarSessionSchema>;

export const teacherWeekSchema = z.object({
  /** The zone the week is in: the teacher's. */
  time_zone: z.string(),
  /** The week's Sunday, YYYY-MM-DD. */
  first_day: z.string(),
  /** The week as UTC instants: the start of first_day, the start of the Sunday after. */
  from: z.string(),
  to: z.string(),
  /** By start. */
  sessions: z.array(calendarSessionSchema),
  /** Time off that touches the week, by start (whole days in the zone it was written in). */
  time_off: z.array(
    z.object({ id: z.number().int(), first_day: z.string(), last_day: z.string(), starts_at: z.string(), ends_at: z.string() }),
  ),
});
export type TeacherWeek = z.infer<typeof teacherWeekSchema>;
export const teacherWeekResponseSchema = envelopeSchema(teacherWeekSchema);
