// The public teachers API (issue 6): the paged, filtered list and one teacher's page.
import { Hono } from 'hono';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../../contract/availability';
import { teachersQuerySchema, type TeacherDetail } from '../../../contract/teachers';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { pathParams, queryParams } from '../../http/validate';
import { tr } from '../../i18n';
import { listTeachers, teacherDetail } from './queries';

export interface TeachersRoutesOptions {
  now?: () => Date;
}

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function teachersRoutes({ now = () => new Date() }: TeachersRoutesOptions = {}) {
  return new Hono<AppEnv>()
    .get('/teachers', async (c) => {
      const filter = queryParams(c, teachersQuerySchema);
      const { cards, total } = await listTeachers(c.get('db'), filter, c.get('locale'), now());
      return c.json({
        message: tr(cards.length === 0 && filter.search ? 'teachers_none_by_name' : 'ok', c.get('locale')),
        data: cards,
        meta: { page: filter.page, per_page: filter.per_page, total },
      });
    })
    .get('/teachers/:id', async (c) => {
      let id: number;
      try {
        id = pathParams(c, idParam).id;
      } catch {
        throw new ApiFailure(404, 'teacher_profile_not_found');
      }
      const detail = await teacherDetail(c.get('db'), id, c.get('locale'), now());
      if (!detail) throw new ApiFailure(404, 'teacher_profile_not_found');
      // The zone the teacher's working hours are written in (issue 11).
      const zone = await c.get('db').one<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1', [id]);
      const data: TeacherDetail = { ...detail, time_zone: zone?.time_zone ?? DEFAULT_TIME_ZONE };
      return ok(c, data);
    });
}
