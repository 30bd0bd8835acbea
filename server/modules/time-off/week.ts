// A teacher's week (contract/teacher-calendar.ts): the sessions that hold them in it — booked, pending,
// or offered to them and still open — and their time off, for the teacher's calendar. One bounded read
// by start (the week), where the requests list pages by creation and has no window.
import { Temporal } from 'temporal-polyfill';
import type { CalendarSession, TeacherWeek } from '../../../contract/teacher-calendar';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { timeOffSpan, todayIn } from './days';

/** More sessions than a week can hold (a start every half hour, day and night, is 336); a bound, not a page. */
const MAX_WEEK_SESSIONS = 500;

/** The Sunday of the week `day` is in. */
export function sundayOf(day: string): string {
  const date = Temporal.PlainDate.from(day);
  return date.subtract({ days: date.dayOfWeek % 7 }).toString();
}

interface SessionRow {
  id: number;
  teacher_id: number;
  status: 'pending' | 'approved' | 'finished';
  type: 'urgent' | 'schedule';
  starts_at: Date;
  ends_at: Date;
  subject_ar: string;
  subject_en: string;
  child_first: string;
}

export async function teacherWeek(
  q: Queryable,
  teacherId: number,
  zone: string,
  week: string | undefined,
  locale: Locale,
  now: Date,
): Promise<TeacherWeek> {
  const first = sundayOf(week ?? todayIn(zone, now));
  const last = Temporal.PlainDate.from(first).add({ days: 6 }).toString();
  const { startsAt: from, endsAt: to } = timeOffSpan(first, last, zone);
  // Pending ones as the sweep will leave them: past their deadline they are expired, not shown.
  const rows = await q.query<SessionRow>(
    `SELECT r.id, r.teacher_id, r.status, r.type, r.starts_at, r.ends_at, s.name_ar AS subject_ar, s.name_en AS subject_en,
            ch.first_name AS child_first
       FROM requests r JOIN subjects s ON s.id = r.subject_id JOIN children ch ON ch.id = r.child_id
      WHERE r.starts_at < $3 AND r.ends_at > $2
        AND ((r.teacher_id = $1 AND (r.status IN ('approved', 'finished') OR (r.status = 'pending' AND r.expires_at > $4)))
          OR (r.status = 'pending' AND r.expires_at > $4 AND r.teacher_id <> $1
              AND EXISTS (SELECT 1 FROM request_offers o WHERE o.request_id = r.id AND o.teacher_id = $1 AND o.declined_at IS NULL)))
      ORDER BY r.starts_at, r.id
      LIMIT ${MAX_WEEK_SESSIONS}`,
    [teacherId, from, to, now],
  );
  const timeOff = await q.query<{ id: number; first_day: string; last_day: string; starts_at: Date; ends_at: Date }>(
    `SELECT id, first_day::text AS first_day, last_day::text AS last_day, starts_at, ends_at
       FROM time_off WHERE teacher_id = $1 AND starts_at < $3 AND ends_at > $2 ORDER BY starts_at, id`,
    [teacherId, from, to],
  );
  return {
    time_zone: zone,
    first_day: first,
    from: from.toISOString(),
    to: to.toISOString(),
    sessions: rows.map((r): CalendarSession => ({
      id: r.id,
      kind: r.teacher_id !== teacherId ? 'offered' : r.status === 'pending' ? 'pending' : 'booked',
      // An approved session that has ended is finished, whether or not the sweep wrote it yet.
      status: r.status === 'approved' && r.ends_at <= now ? 'finished' : r.status,
      type: r.type,
      starts_at: r.starts_at.toISOString(),
      ends_at: r.ends_at.toISOString(),
      subject: locale === 'en' ? r.subject_en : r.subject_ar,
      child: r.child_first,
    })),
    time_off: timeOff.map((t) => ({
      id: t.id,
      first_day: t.first_day,
      last_day: t.last_day,
      starts_at: t.starts_at.toISOString(),
      ends_at: t.ends_at.toISOString(),
    })),
  };
}
