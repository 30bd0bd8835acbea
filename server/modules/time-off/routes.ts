// v1/instructor/time-off: a teacher lists, adds and removes the days they are away (contract/time-off.ts);
// v1/instructor/calendar: their week, sessions and time off (contract/teacher-calendar.ts, ./week.ts).
// Adding takes the teacher's row lock, the one booking takes (requests/booking.ts), so a booking and a
// new time off never pass each other: a booking that commits first is listed in the answer, one that
// comes after is refused by the rule.
import { Hono } from 'hono';
import { DEFAULT_TIME_ZONE } from '../../../contract/availability';
import {
  MAX_TIME_OFF_ENTRIES,
  timeOffCreateSchema,
  timeOffValidationKeys,
  type TimeOff,
  type TimeOffSession,
} from '../../../contract/time-off';
import type { Queryable } from '../../db';
import type { AppEnv } from '../../http/context';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { idFrom, jsonBody, queryParams } from '../../http/validate';
import { trValidation } from '../../i18n';
import { usableZone } from '../../lib/time-zones';
import { requireTeacher } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { teacherWeekQuerySchema } from '../../../contract/teacher-calendar';
import { timeOffSpan, todayIn } from './days';
import { teacherWeek } from './week';

interface EntryRow {
  id: number;
  first_day: string;
  last_day: string;
  time_zone: string;
  starts_at: Date;
  ends_at: Date;
}

const ENTRY_COLUMNS = 'id, first_day::text AS first_day, last_day::text AS last_day, time_zone, starts_at, ends_at';

/** The entries with the sessions that hold the teacher inside each (approved, or pending and not expired). */
async function withSessions(q: Queryable, teacherId: number, rows: readonly EntryRow[], now: Date): Promise<TimeOff[]> {
  if (rows.length === 0) return [];
  const sessions = await q.query<{ entry: number; id: number; status: 'pending' | 'approved'; starts_at: Date; ends_at: Date }>(
    `SELECT tf.id AS entry, r.id, r.status, r.starts_at, r.ends_at
       FROM time_off tf JOIN requests r ON r.teacher_id = tf.teacher_id AND r.starts_at < tf.ends_at AND r.ends_at > tf.starts_at
      WHERE tf.id = ANY($1::int[]) AND tf.teacher_id = $2
        AND (r.status = 'approved' OR (r.status = 'pending' AND r.expires_at > $3))
      ORDER BY r.starts_at, r.id`,
    [rows.map((r) => r.id), teacherId, now],
  );
  return rows.map((r) => ({
    id: r.id,
    first_day: r.first_day,
    last_day: r.last_day,
    time_zone: r.time_zone,
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    sessions: sessions
      .filter((s) => s.entry === r.id)
      .map((s): TimeOffSession => ({ id: s.id, status: s.status, starts_at: s.starts_at.toISOString(), ends_at: s.ends_at.toISOString() })),
  }));
}

export function timeOffRoutes({ auth, now }: { auth: AuthMiddleware; now: () => Date }) {
  return new Hono<AppEnv>()
    .get('/instructor/time-off', auth.requireUser, async (c) => {
      const { teacherId } = requireTeacher(c);
      const db = c.get('db');
      const at = now();
      const rows = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM time_off WHERE teacher_id = $1 AND ends_at > $2 ORDER BY starts_at, id`,
        [teacherId, at],
      );
      return ok(c, await withSessions(db, teacherId, rows, at));
    })
    .post('/instructor/time-off', auth.requireUser, async (c) => {
      const { teacherId } = requireTeacher(c);
      const body = await jsonBody(c, timeOffCreateSchema);
      const at = now();
      const locale = c.get('locale');
      const entry = await c.get('db').transaction(async (tx) => {
        const user = await tx.one<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1 FOR UPDATE', [teacherId]);
        if (!user) throw new ApiFailure(404, 'not_found');
        const zone = usableZone(teacherId, user.time_zone, 'time_off') ?? DEFAULT_TIME_ZONE;
        if (body.last_day < todayIn(zone, at))
          throw new ValidationFailure({ last_day: [trValidation(timeOffValidationKeys.past, locale)] });
        const held = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM time_off WHERE teacher_id = $1 AND ends_at > $2', [
          teacherId,
          at,
        ]);
        if ((held?.n ?? 0) >= MAX_TIME_OFF_ENTRIES) throw new ApiFailure(409, 'time_off_limit');
        const span = timeOffSpan(body.first_day, body.last_day, zone);
        const row = await tx.one<EntryRow>(
          `INSERT INTO time_off (teacher_id, first_day, last_day, time_zone, starts_at, ends_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ENTRY_COLUMNS}`,
          [teacherId, body.first_day, body.last_day, zone, span.startsAt, span.endsAt, at],
        );
        return (await withSessions(tx, teacherId, [row!], at))[0]!;
      });
      return ok(c, entry, entry.sessions.length ? 'time_off_created_with_sessions' : 'time_off_created', 201);
    })
    .delete('/instructor/time-off/:id', auth.requireUser, async (c) => {
      const { teacherId } = requireTeacher(c);
      const id = idFrom(c, 'id', 'time_off_not_found');
      const gone = await c
        .get('db')
        .one<{ id: number }>('DELETE FROM time_off WHERE id = $1 AND teacher_id = $2 RETURNING id', [id, teacherId]);
      if (!gone) throw new ApiFailure(404, 'time_off_not_found');
      return ok(c, { id: gone.id }, 'time_off_removed');
    })
    .get('/instructor/calendar', auth.requireUser, async (c) => {
      const { teacherId } = requireTeacher(c);
      const { week } = queryParams(c, teacherWeekQuerySchema);
      const db = c.get('db');
      const user = await db.one<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1', [teacherId]);
      if (!user) throw new ApiFailure(404, 'not_found');
      const zone = usableZone(teacherId, user.time_zone, 'calendar') ?? DEFAULT_TIME_ZONE;
      return ok(c, await teacherWeek(db, teacherId, zone, week, c.get('locale'), now()));
    });
}
