// Teachers' earnings over HTTP: the teacher's monthly statement (GET v1/instructor/earnings) and, in
// the admin API, a teacher's rate per hour taught (GET/PUT /api/admin/teachers/:who/rate).
import { Hono } from 'hono';
import { earningsQuerySchema, teacherRateBodySchema } from '../../../contract/earnings';
import type { Rate } from '../../../contract/earnings-rule';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody, queryParams } from '../../http/validate';
import { requireTeacher } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import type { AdminEnv, createAccess } from '../staff/access';
import { findTeacher } from '../teacher-review/service';
import { setTeacherRate, teacherRate } from './rates';
import { monthlyStatement } from './statement';

export interface EarningsRoutesOptions {
  auth: AuthMiddleware;
  defaultRate: Rate;
  now: () => Date;
}

export function earningsRoutes({ auth, defaultRate, now }: EarningsRoutesOptions) {
  return new Hono<AppEnv>().get('/instructor/earnings', auth.requireUser, async (c) => {
    // Only the calling teacher's own sessions: the id comes from the session, never from the request.
    const { teacherId } = requireTeacher(c);
    const { month } = queryParams(c, earningsQuerySchema);
    const db = c.get('db');
    const at = now();
    const rate = await teacherRate(db, teacherId, defaultRate, at);
    return ok(c, await monthlyStatement(db, teacherId, month, { fallback: defaultRate, current: rate.current }, c.get('locale'), at));
  });
}

// Money owed to teachers: support may read a rate (it answers teachers' questions), only an admin sets one.
const RATE_READERS = ['support', 'admin'] as const;

export function earningsAdminRoutes(access: ReturnType<typeof createAccess>, { defaultRate, now }: { defaultRate: Rate; now: () => Date }) {
  const { allow } = access;
  return new Hono<AdminEnv>()
    .get('/teachers/:who/rate', allow(...RATE_READERS), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      c.set('audit', { action: 'teachers.rate_read', targetType: 'teacher', targetId: teacher.id });
      return ok(c, await teacherRate(c.get('db'), teacher.id, defaultRate, now()));
    })
    .put('/teachers/:who/rate', allow('admin'), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const body = await jsonBody(c, teacherRateBodySchema);
      const db = c.get('db');
      const at = now();
      const before = await teacherRate(db, teacher.id, defaultRate, at);
      const principal = c.get('principal');
      await setTeacherRate(db, teacher.id, body, principal.kind === 'staff' ? principal.id : null, at);
      const after = await teacherRate(db, teacher.id, defaultRate, at);
      c.set('audit', {
        action: 'teachers.rate_set',
        targetType: 'teacher',
        targetId: teacher.id,
        before: before.current,
        after: after.current,
      });
      return ok(c, after);
    });
}
