// A teacher's monthly statement: every session they took that started in the month (in their own
// zone) and ended or was cancelled, each counted by the earnings rule (contract/earnings-rule.ts) at
// the rate in force when it started, with the month's minutes and totals.
import { countedTime, earnedMinor, type Rate, type SessionOutcome } from '../../../contract/earnings-rule';
import type { EarningLine, EarningsStatement } from '../../../contract/earnings';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { isTimeZone } from '../../../contract/time-zones';
import type { Queryable } from '../../db';
import { calendarMonth } from '../../lib/time';
import type { Locale } from '../../i18n';

/** The month `at` falls in, in `timeZone` ("2026-11"). */
export function monthIn(at: Date, timeZone: string): string {
  return calendarMonth(at, timeZone).month;
}

interface SessionRow {
  id: number;
  status: string;
  starts_at: Date;
  ends_at: Date;
  subject_ar: string;
  subject_en: string;
  student: string;
  teacher_joined: boolean;
  was_approved: boolean;
  closed_by: 'student' | 'teacher' | 'system' | null;
  closed_at: Date | null;
  rate_minor: number | null;
  rate_currency: string | null;
}

/**
 * A stored session as the rule's input. A finished session whose `finished` history row is its
 * teacher's (not the system's sweep) was ended early for both at that row's time.
 */
export function outcomeOf(
  row: Pick<SessionRow, 'status' | 'starts_at' | 'teacher_joined' | 'was_approved' | 'closed_by' | 'closed_at'>,
): SessionOutcome {
  if (row.status === 'finished' && row.closed_by === 'teacher' && row.closed_at) {
    return { kind: 'ended_early', startsAt: row.starts_at.getTime(), endedAt: row.closed_at.getTime() };
  }
  if (row.status === 'finished') return { kind: 'finished', teacherJoined: row.teacher_joined };
  if (row.status === 'canceled' && row.closed_by === 'student' && row.closed_at) {
    return {
      kind: 'family_cancelled',
      cancelledAt: row.closed_at.getTime(),
      startsAt: row.starts_at.getTime(),
      wasApproved: row.was_approved,
    };
  }
  if (row.status === 'canceled' && row.closed_by === 'teacher') return { kind: 'teacher_cancelled' };
  return row.status === 'expired' ? { kind: 'expired' } : { kind: 'rejected' };
}

export async function monthlyStatement(
  q: Queryable,
  teacherId: number,
  month: string | undefined,
  rates: { fallback: Rate; current: Rate },
  locale: Locale,
  now: Date,
): Promise<EarningsStatement> {
  const { fallback, current } = rates;
  const teacher = (await q.one<{ name: string; time_zone: string }>(
    "SELECT first_name || ' ' || last_name AS name, time_zone FROM users WHERE id = $1",
    [teacherId],
  ))!;
  const timeZone = isTimeZone(teacher.time_zone) ? teacher.time_zone : DEFAULT_TIME_ZONE;
  const chosen = month ?? monthIn(now, timeZone);
  // The month's bounds in the teacher's zone, converted by the database's zone rules (DST included).
  const bounds = (await q.one<{ from: Date; to: Date }>(
    `SELECT (($1 || '-01')::timestamp AT TIME ZONE $2) AS "from", ((($1 || '-01')::timestamp + interval '1 month') AT TIME ZONE $2) AS "to"`,
    [chosen, timeZone],
  ))!;
  const rows = await q.query<SessionRow>(
    `SELECT r.id, r.status, r.starts_at, r.ends_at, s.name_ar AS subject_ar, s.name_en AS subject_en,
            COALESCE(ch.first_name || ' ' || ch.last_name, u.first_name || ' ' || u.last_name) AS student,
            EXISTS (SELECT 1 FROM session_events e WHERE e.request_id = r.id AND e.user_id = r.teacher_id AND e.type = 'joined') AS teacher_joined,
            EXISTS (SELECT 1 FROM request_history h WHERE h.request_id = r.id AND h.status = 'approved') AS was_approved,
            last.actor_role AS closed_by, last.at AS closed_at, rate.amount_minor AS rate_minor, rate.currency AS rate_currency
       FROM requests r
       JOIN subjects s ON s.id = r.subject_id
       JOIN users u ON u.id = r.student_id
       LEFT JOIN children ch ON ch.id = r.child_id
       LEFT JOIN LATERAL (SELECT h.actor_role, h.at FROM request_history h WHERE h.request_id = r.id AND h.status = r.status ORDER BY h.at DESC, h.id DESC LIMIT 1) last ON true
       LEFT JOIN LATERAL (SELECT t.amount_minor, t.currency FROM teacher_rates t WHERE t.teacher_id = r.teacher_id AND t.effective_from <= r.starts_at
                           ORDER BY t.effective_from DESC, t.id DESC LIMIT 1) rate ON true
      WHERE r.teacher_id = $1 AND r.starts_at >= $2 AND r.starts_at < $3 AND r.status IN ('finished', 'canceled')
      ORDER BY r.starts_at, r.id`,
    [teacherId, bounds.from, bounds.to],
  );
  const lines: EarningLine[] = [];
  const totals = new Map<string, number>();
  let counted = 0;
  for (const row of rows) {
    // A cancelled request no teacher had taken was never this teacher's session.
    if (!row.was_approved) continue;
    const booked = Math.round((row.ends_at.getTime() - row.starts_at.getTime()) / 60_000);
    const time = countedTime(booked, outcomeOf(row));
    const rate: Rate =
      row.rate_minor !== null && row.rate_currency !== null ? { amount_minor: row.rate_minor, currency: row.rate_currency } : fallback;
    const earned = earnedMinor(time.minutes, rate);
    counted += time.minutes;
    totals.set(rate.currency, (totals.get(rate.currency) ?? 0) + earned);
    lines.push({
      request_id: row.id,
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at.toISOString(),
      subject: locale === 'en' ? row.subject_en : row.subject_ar,
      student: row.student,
      booked_minutes: booked,
      counted_minutes: time.minutes,
      basis: time.basis,
      rate,
      earned_minor: earned,
    });
  }
  // A month with nothing counted still states a total, in the currency the teacher is paid in now.
  if (totals.size === 0) totals.set(current.currency, 0);
  return {
    month: chosen,
    time_zone: timeZone,
    teacher: { id: teacherId, name: teacher.name },
    counted_minutes: counted,
    totals: [...totals].map(([currency, amount_minor]) => ({ currency, amount_minor })),
    lines,
  };
}
