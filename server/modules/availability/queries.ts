// What the availability rule needs from the database, batched for several teachers: each teacher's
// zone, weekly hours, time off and the sessions that hold them (approved, or pending and addressed to
// them and not yet expired — first come, first served). The teachers list reads its cards' hours and
// "available now" through here too (it imports this file, not the module's index, so no cycle).
import type { BusySlot, WorkingHour } from '../../../contract/teachers';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { isTimeZone } from '../../../contract/time-zones';
import type { Queryable } from '../../db';
import { reportUnusableZone, usableZone, usableZoneSql } from '../../lib/time-zones';
import { availableNow, type TeacherSchedule } from './rules';

function hhmm(time: string): string {
  return time.slice(0, 5);
}

/** A working_hours row (times as text) as the rule reads it; 23:59:59, written by some editors, means "until midnight". */
function workingHour(weekday: number, start: string, end: string): WorkingHour {
  return { day: weekday, from: hhmm(start), to: end.startsWith('23:59') ? '24:00' : hhmm(end) };
}

/** The working hours of several teachers, by teacher id (one query). */
export async function workingHoursByTeacher(q: Queryable, ids: readonly number[]): Promise<Map<number, WorkingHour[]>> {
  const out = new Map<number, WorkingHour[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await q.query<{ teacher_id: number; weekday: number; start_time: string; end_time: string }>(
    `SELECT teacher_id, weekday, start_time::text AS start_time, end_time::text AS end_time
       FROM working_hours WHERE teacher_id = ANY($1::int[]) ORDER BY teacher_id, weekday, start_time`,
    [ids],
  );
  for (const r of rows) out.get(r.teacher_id)?.push(workingHour(r.weekday, r.start_time, r.end_time));
  return out;
}

/**
 * A cheap first cut in SQL of "the teacher's hours hold this instant": it falls inside one of their
 * slots on their own clock (`u` is the teacher's users row). Only the availability rule decides; this
 * narrows the rows it is run on (the teachers list's available_now, a broadcast's teachers).
 */
export const inHoursAt = (instantParam: string) => {
  // A zone PostgreSQL refuses would fail the whole list: such a teacher is simply not in hours.
  const local = `(${instantParam}::timestamptz AT TIME ZONE ${usableZoneSql('u.time_zone')})`;
  return `EXISTS (SELECT 1 FROM working_hours wh WHERE wh.teacher_id = u.id AND wh.weekday = EXTRACT(DOW FROM ${local})::int
            AND wh.start_time <= ${local}::time AND (${local}::time < wh.end_time OR wh.end_time >= '23:59'))`;
};

/** The teacher's sessions that hold them within [from, to): approved, or pending and not expired at `now`. */
const HOLDING = (teacher: string, from: string, to: string, now: string) =>
  `${teacher} AND r.starts_at < ${to} AND r.ends_at > ${from} AND (r.status = 'approved' OR (r.status = 'pending' AND r.expires_at > ${now}))`;

/**
 * In SQL: the teacher (`u`) has no session holding them within [from, to) and no time off overlapping
 * it (the busy half of the rule, and the time off the rule cuts out of their hours).
 */
export const freeBetween = (from: string, to: string, now: string) =>
  `NOT EXISTS (SELECT 1 FROM requests r WHERE ${HOLDING('r.teacher_id = u.id', from, to, now)})
   AND NOT EXISTS (SELECT 1 FROM time_off tf WHERE tf.teacher_id = u.id AND tf.starts_at < ${to} AND tf.ends_at > ${from})`;

export async function schedulesByTeacher(
  q: Queryable,
  ids: readonly number[],
  from: Date,
  to: Date,
  now: Date,
): Promise<Map<number, TeacherSchedule>> {
  const out = new Map<number, TeacherSchedule>();
  if (ids.length === 0) return out;
  const [zones, hours, busy, away] = await Promise.all([
    q.query<{ id: number; time_zone: string }>('SELECT id, time_zone FROM users WHERE id = ANY($1::int[])', [ids]),
    workingHoursByTeacher(q, ids),
    q.query<{ teacher_id: number; starts_at: Date; ends_at: Date }>(
      `SELECT r.teacher_id, r.starts_at, r.ends_at FROM requests r WHERE ${HOLDING('r.teacher_id = ANY($1::int[])', '$2', '$3', '$4')} ORDER BY r.starts_at`,
      [ids, from, to, now],
    ),
    q.query<{ teacher_id: number; starts_at: Date; ends_at: Date }>(
      'SELECT teacher_id, starts_at, ends_at FROM time_off WHERE teacher_id = ANY($1::int[]) AND starts_at < $3 AND ends_at > $2 ORDER BY starts_at',
      [ids, from, to],
    ),
  ]);
  const busyOf = new Map<number, BusySlot[]>(ids.map((id) => [id, []]));
  for (const r of busy) busyOf.get(r.teacher_id)?.push({ starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString() });
  const awayOf = new Map<number, BusySlot[]>(ids.map((id) => [id, []]));
  for (const r of away) awayOf.get(r.teacher_id)?.push({ starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString() });
  for (const z of zones) {
    // A teacher whose stored zone the rule cannot read is left out: no free times, not bookable.
    const zone = usableZone(z.id, z.time_zone, 'schedule');
    if (zone) out.set(z.id, { zone, hours: hours.get(z.id) ?? [], busy: busyOf.get(z.id) ?? [], away: awayOf.get(z.id) ?? [] });
  }
  return out;
}

/** One teacher's schedule (empty when the id is unknown or their stored zone is unusable). */
export async function scheduleOf(q: Queryable, id: number, from: Date, to: Date, now: Date): Promise<TeacherSchedule> {
  return (await schedulesByTeacher(q, [id], from, to, now)).get(id) ?? { zone: DEFAULT_TIME_ZONE, hours: [], busy: [] };
}

/** The teacher's (`u`) weekly hours as one text, `weekday start end` per slot in order (SQL). */
const HOURS_TEXT = `(SELECT string_agg(wh.weekday || ' ' || wh.start_time::text || ' ' || wh.end_time::text, ',' ORDER BY wh.weekday, wh.start_time, wh.end_time)
  FROM working_hours wh WHERE wh.teacher_id = u.id)`;

/**
 * Of the teachers `where` selects (`u`, with `params`), the ids, ascending, of those free for an urgent
 * session of `durationHours` at `now` — `availableNow` for each, computed in bulk (the teachers list's
 * available_now filter over every teacher). The busy half in SQL (`freeBetween`: the very sessions
 * `schedulesByTeacher` reads for the rule, overlapping the same span); the working half by the rule
 * once per distinct zone and weekly hours, since it depends on nothing else. Reading each
 * teacher's schedule and running the rule per teacher held PGlite's only thread 1.3 s at 10 000.
 */
export async function freeNowIds(
  q: Queryable,
  where: string,
  params: readonly unknown[],
  durationHours: number,
  now: Date,
): Promise<number[]> {
  const at = `$${params.length + 1}`;
  const until = `$${params.length + 2}`;
  const groups = await q.query<{ zone: string; hours: string | null; ids: number[] }>(
    `SELECT t.zone, t.hours, array_agg(t.id ORDER BY t.id) AS ids
       FROM (SELECT u.id, u.time_zone AS zone, ${HOURS_TEXT} AS hours FROM users u
              WHERE ${where} AND ${freeBetween(`${at}::timestamptz`, `${until}::timestamptz`, `${at}::timestamptz`)}) t
      GROUP BY t.zone, t.hours`,
    [...params, now, new Date(now.getTime() + durationHours * 3_600_000)],
  );
  const ids: number[] = [];
  for (const group of groups) {
    if (!isTimeZone(group.zone)) {
      for (const id of group.ids) reportUnusableZone(Number(id), group.zone, 'available_now');
      continue;
    }
    const hours = (group.hours ?? '')
      .split(',')
      .filter(Boolean)
      .map((slot) => {
        const [weekday, start, end] = slot.split(' ') as [string, string, string];
        return workingHour(Number(weekday), start, end);
      });
    if (availableNow({ zone: group.zone, hours, busy: [] }, durationHours, now)) ids.push(...group.ids.map(Number));
  }
  return ids.sort((a, b) => a - b);
}
