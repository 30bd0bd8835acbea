// The wire format of a teacher's time off: whole days they are away, in their own zone, which the
// availability rule cuts out of their working hours (no free slots, no booking, not "available now",
// not a broadcast's teacher).
//
//   GET    v1/instructor/time-off        → { message, data: TimeOff[] }  (current and upcoming, by start)
//   POST   v1/instructor/time-off        { first_day, last_day } → 201 { message, data: TimeOff }
//   DELETE v1/instructor/time-off/:id    → { message, data: { id } }     (404 when not the caller's)
//
// Sessions already booked inside a time off (pending or approved) are not cancelled: each entry lists
// them in `sessions`, and the teacher cancels or moves them.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { requiredString, validationKeys } from './validation';

/** One entry covers at most this many days (a long absence is several entries). */
export const MAX_TIME_OFF_DAYS = 92;
/** Current and upcoming entries a teacher may hold at once. */
export const MAX_TIME_OFF_ENTRIES = 30;

export const timeOffValidationKeys = {
  /** The last day is before the first. */
  order: 'time_off_order',
  /** The whole range is already over in the teacher's zone. */
  past: 'time_off_past',
  /** More than MAX_TIME_OFF_DAYS days. */
  tooLong: 'time_off_too_long',
} as const;
export type TimeOffValidationKey = (typeof timeOffValidationKeys)[keyof typeof timeOffValidationKeys];

const daySchema = requiredString(10).pipe(z.iso.date({ error: validationKeys.invalid }));

/** Days between two ISO dates (b − a), in whole calendar days. */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export const timeOffCreateSchema = z
  .object({
    /** The first day away, YYYY-MM-DD in the teacher's zone. */
    first_day: daySchema,
    /** The last day away (inclusive). */
    last_day: daySchema,
  })
  .check((ctx) => {
    const { first_day, last_day } = ctx.value;
    if (last_day < first_day)
      ctx.issues.push({ code: 'custom', message: timeOffValidationKeys.order, path: ['last_day'], input: last_day });
    else if (daysBetween(first_day, last_day) + 1 > MAX_TIME_OFF_DAYS) {
      ctx.issues.push({ code: 'custom', message: timeOffValidationKeys.tooLong, path: ['last_day'], input: last_day });
    }
  });

/** A session that holds the teacher inside a time off: to cancel or move. */
export const timeOffSessionSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved']),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type TimeOffSession = z.infer<typeof timeOffSessionSchema>;

export const timeOffSchema = z.object({
  id: z.number().int(),
  first_day: z.string(),
  last_day: z.string(),
  /** The zone the days were written in (the teacher's at the time). */
  time_zone: z.string(),
  /** The days as UTC instants: start of first_day, start of the day after last_day. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Booked sessions inside it, by start. */
  sessions: z.array(timeOffSessionSchema),
});
export type TimeOff = z.infer<typeof timeOffSchema>;
export const timeOffListResponseSchema = envelopeSchema(z.array(timeOffSchema));
export const timeOffResponseSchema = envelopeSchema(timeOffSchema);
export const timeOffRemovedResponseSchema = envelopeSchema(z.object({ id: z.number() }));
