// The wire format of teachers' earnings. GET v1/instructor/earnings?month=YYYY-MM (the teacher) →
// { message, data: EarningsStatement }; the admin API's GET/PUT /api/admin/teachers/:id/rate (staff) →
// { message, data: TeacherRate }. Money is integer minor units with its currency (never floats); a
// month is a calendar month in the teacher's own time zone.
import { z } from 'zod';
import { EARNING_BASES } from './earnings-rule';
import { envelopeSchema } from './envelope';

/** "2026-11": a calendar month (years 2000–2999). */
export const MONTH_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])$/;

export const earningsQuerySchema = z.object({ month: z.string().regex(MONTH_PATTERN).optional() });

const currencySchema = z.string().regex(/^[A-Z]{3}$/);
const rateSchema = z.object({ amount_minor: z.number().int(), currency: z.string() });

/** PUT /api/admin/teachers/:id/rate: the teacher's rate per hour taught from now on. */
export const teacherRateBodySchema = z.strictObject({
  amount_minor: z.number().int().min(0).max(100_000_000),
  currency: currencySchema,
});

export const teacherRateSchema = z.object({
  /** The rate in force now: the teacher's own, or the configured default. */
  current: rateSchema,
  /** Whether `current` is the configured default (no rate was set for this teacher). */
  is_default: z.boolean(),
  /** When the teacher's own rate took effect (null for the default). */
  effective_from: z.string().nullable(),
  default: rateSchema,
});
export type TeacherRate = z.infer<typeof teacherRateSchema>;
export const teacherRateResponseSchema = envelopeSchema(teacherRateSchema);

export const earningLineSchema = z.object({
  request_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  subject: z.string(),
  /** The child the lesson was for. */
  student: z.string(),
  booked_minutes: z.number().int(),
  counted_minutes: z.number().int(),
  basis: z.enum(EARNING_BASES),
  rate: rateSchema,
  earned_minor: z.number().int(),
});
export type EarningLine = z.infer<typeof earningLineSchema>;

export const earningsStatementSchema = z.object({
  month: z.string(),
  /** The teacher's zone: the month's bounds and every time on the statement are in it. */
  time_zone: z.string(),
  teacher: z.object({ id: z.number().int(), name: z.string() }),
  counted_minutes: z.number().int(),
  /** One total per currency the month's lines were paid in (usually one). */
  totals: z.array(rateSchema.pick({ currency: true }).extend({ amount_minor: z.number().int() })),
  lines: z.array(earningLineSchema),
});
export type EarningsStatement = z.infer<typeof earningsStatementSchema>;
export const earningsStatementResponseSchema = envelopeSchema(earningsStatementSchema);
