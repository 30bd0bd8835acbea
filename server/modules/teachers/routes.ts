// The public teachers API (issue 6): the paged, filtered list and one teacher's page, both served
// through the shared public cache (public-cache.ts) with ETags. The key holds the minute, since a
// card's "available now" follows the clock (and the teacher's sessions: a booking shows within the
// minute); a teacher's busy times are read fresh on every call.
import { Hono } from 'hono';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../../contract/availability';
import { BUSY_WINDOW_DAYS, teachersQuerySchema, type TeacherDetail } from '../../../contract/teachers';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { pathParams, queryParams } from '../../http/validate';
import { tr } from '../../i18n';
import { publicJson } from './public-cache';
import { busyByTeacher, listTeachers, teacherDetail } from './queries';

export interface TeachersRoutesOptions {
  now?: () => Date;
}

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The UTC minute: every zone's minute turns over at the same instant. */
const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

export function teachersRoutes({ now = () => new Date() }: TeachersRoutesOptions = {}) {
  return new Hono<AppEnv>()
    .get('/teachers', async (c) => {
      const filter = queryParams(c, teachersQuerySchema);
      const at = now();
      const key = `teachers|${minuteOf(at)}|${JSON.stringify(filter)}`;
      const res = await publicJson(c, key, async () => {
        const { cards, total } = await listTeachers(c.get('db'), filter, c.get('locale'), at);
        return {
          message: tr(cards.length === 0 && filter.search ? 'teachers_none_by_name' : 'ok', c.get('locale')),
          data: cards,
          meta: { page: filter.page, per_page: filter.per_page, total },
        };
      });
      return res!;
    })
    .get('/teachers/:id', async (c) => {
      let id: number;
      try {
        id = pathParams(c, idParam).id;
      } catch {
        throw new ApiFailure(404, 'teacher_profile_not_found');
      }
      const at = now();
      const res = await publicJson(
        c,
        `teacher|${id}|${minuteOf(at)}`,
        async () => {
          const detail = await teacherDetail(c.get('db'), id, c.get('locale'), at);
          if (!detail) return null;
          // The zone the teacher's working hours are written in (issue 11).
          const zone = await c.get('db').one<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1', [id]);
          const data: Omit<TeacherDetail, 'busy'> = { ...detail, time_zone: zone?.time_zone ?? DEFAULT_TIME_ZONE };
          return { message: tr('ok', c.get('locale')), data };
        },
        // Busy times change with every booking; they are not part of the public version.
        async (cached) => {
          const busy = await busyByTeacher(c.get('db'), [id], at, new Date(at.getTime() + BUSY_WINDOW_DAYS * 24 * 3_600_000));
          const page = cached as { message: string; data: Omit<TeacherDetail, 'busy'> };
          return { ...page, data: { ...page.data, busy: busy.get(id) ?? [] } };
        },
      );
      if (!res) throw new ApiFailure(404, 'teacher_profile_not_found');
      return res;
    });
}
