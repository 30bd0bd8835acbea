// GET v1/teachers/:id/availability: the bookable start times of one active teacher, built by
// the same rule POST v1/requests validates with (rules.ts). Public like the teacher page.
import { Hono } from 'hono';
import { availabilityQuerySchema, type Availability } from '../../../contract/availability';
import { MAX_DURATION_HOURS } from '../../../contract/requests';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { idFrom, queryParams } from '../../http/validate';
import { findTeacher } from '../teachers';
import { scheduleOf } from './queries';
import { availableNow, availableStarts } from './rules';

const DAY_MS = 86_400_000;
export function availabilityRoutes({ now = () => new Date() }: { now?: () => Date } = {}) {
  return new Hono<AppEnv>().get('/teachers/:id/availability', async (c) => {
    const id = idFrom(c, 'id', 'teacher_profile_not_found');
    const query = queryParams(c, availabilityQuerySchema);
    const db = c.get('db');
    if (!(await findTeacher(db, id))) throw new ApiFailure(404, 'teacher_profile_not_found');
    const at = now();
    const asked = query.from ? new Date(query.from) : at;
    const from = asked.getTime() < at.getTime() ? at : asked;
    const to = new Date(from.getTime() + query.days * DAY_MS);
    // Busy times up to the longest session past the window, so a late start sees what follows it.
    const schedule = await scheduleOf(db, id, at, new Date(to.getTime() + MAX_DURATION_HOURS * 3_600_000), at);
    const slots = availableStarts(schedule, { from, days: query.days, durationHours: query.duration, now: at });
    const data: Availability = {
      teacher_id: id,
      time_zone: schedule.zone,
      duration_hours: query.duration,
      from: from.toISOString(),
      to: to.toISOString(),
      slots: slots.map((s) => s.toISOString()),
      available_now: availableNow(schedule, query.duration, at),
      no_working_hours: schedule.hours.length === 0,
    };
    return ok(c, data);
  });
}
