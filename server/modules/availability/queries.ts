// What the availability rule needs from the database, batched for several teachers: each teacher's
// zone, weekly hours and the sessions that hold them (approved, or pending and addressed to them and
// not yet expired — first come, first served).
import type { BusySlot } from '../../../contract/teachers';
import type { Queryable } from '../../db';
import { workingHoursByTeacher } from '../teachers';
import type { TeacherSchedule } from './rules';

export async function schedulesByTeacher(q: Queryable, ids: readonly number[], from: Date, to: Date, now: Date): Promise<Map<number, TeacherSchedule>> {
  const out = new Map<number, TeacherSchedule>();
  if (ids.length === 0) return out;
  const [zones, hours, busy] = await Promise.all([
    q.query<{ id: number; time_zone: string }>('SELECT id, time_zone FROM users WHERE id = ANY($1::int[])', [ids]),
    workingHoursByTeacher(q, ids),
    q.query<{ teacher_id: number; starts_at: Date; ends_at: Date }>(
      `SELECT teacher_id, starts_at, ends_at FROM requests
        WHERE teacher_id = ANY($1::int[]) AND starts_at < $3 AND ends_at > $2
          AND (status = 'approved' OR (status = 'pending' AND expires_at > $4))
        ORDER BY starts_at`,
      [ids, from, to, now],
    ),
  ]);
  const busyOf = new Map<number, BusySlot[]>(ids.map((id) => [id, []]));
  for (const r of busy) busyOf.get(r.teacher_id)?.push({ starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString() });
  for (const z of zones) out.set(z.id, { zone: z.time_zone, hours: hours.get(z.id) ?? [], busy: busyOf.get(z.id) ?? [] });
  return out;
}

/** One teacher's schedule (empty when the id is unknown). */
export async function scheduleOf(q: Queryable, id: number, from: Date, to: Date, now: Date): Promise<TeacherSchedule> {
  return (await schedulesByTeacher(q, [id], from, to, now)).get(id) ?? { zone: 'Asia/Qatar', hours: [], busy: [] };
}
