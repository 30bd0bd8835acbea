// Teachers' rates per hour taught: the configured default and the rates operators set, kept as a
// history (server/db/migrations/0280_teacher_rates.sql) so a session is paid at the rate in force when
// it started.
import type { Rate } from '../../../contract/earnings-rule';
import type { TeacherRate } from '../../../contract/earnings';
import type { Queryable } from '../../db';

/** QAR 60.00 an hour when nothing is configured. */
const FALLBACK: Rate = { amount_minor: 6000, currency: 'QAR' };

/**
 * TEACHER_RATE_MINOR (integer minor units, e.g. 6000 for QAR 60.00) and TEACHER_RATE_CURRENCY (ISO
 * 4217). A value that is set but malformed stops the server at start, naming the variable: a wrong
 * default would silently misstate every statement.
 */
export function defaultRateFromEnv(env: NodeJS.ProcessEnv): Rate {
  const amount = env.TEACHER_RATE_MINOR?.trim();
  const currency = env.TEACHER_RATE_CURRENCY?.trim();
  if (amount && !/^\d{1,9}$/.test(amount)) throw new Error('TEACHER_RATE_MINOR must be a whole number of minor units (6000 for 60.00)');
  if (currency && !/^[A-Z]{3}$/.test(currency)) throw new Error('TEACHER_RATE_CURRENCY must be a three-letter ISO 4217 code (QAR)');
  return { amount_minor: amount ? Number(amount) : FALLBACK.amount_minor, currency: currency || FALLBACK.currency };
}

/** The teacher's rate now: their latest row, or the default. */
export async function teacherRate(q: Queryable, teacherId: number, fallback: Rate, now: Date): Promise<TeacherRate> {
  const row = await q.one<{ amount_minor: number; currency: string; effective_from: Date }>(
    `SELECT amount_minor, currency, effective_from FROM teacher_rates
      WHERE teacher_id = $1 AND effective_from <= $2 ORDER BY effective_from DESC, id DESC LIMIT 1`,
    [teacherId, now],
  );
  return row
    ? {
        current: { amount_minor: row.amount_minor, currency: row.currency },
        is_default: false,
        effective_from: new Date(row.effective_from).toISOString(),
        default: fallback,
      }
    : { current: fallback, is_default: true, effective_from: null, default: fallback };
}

/** Sets the teacher's rate from `now` on; sessions that started before keep the rate they had. */
export async function setTeacherRate(q: Queryable, teacherId: number, rate: Rate, staffId: number | null, now: Date): Promise<void> {
  await q.query(
    'INSERT INTO teacher_rates (teacher_id, amount_minor, currency, effective_from, staff_id, created_at) VALUES ($1, $2, $3, $4, $5, $4)',
    [teacherId, rate.amount_minor, rate.currency, now, staffId],
  );
}
