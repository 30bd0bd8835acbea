// The one caller: the auth middleware derives it once from the token (a family or a teacher with its
// review status), and the guards answer what each route answered before they existed — a teacher on a
// family's route gets that route's 403 and code, a family on a teacher's route `instructor_only`.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/http/context';
import { ApiFailure } from '../../server/http/errors';
import { tr } from '../../server/i18n';
import { requireFamily, requireTeacher } from '../../server/modules/auth/caller';
import { createAuthMiddleware } from '../../server/modules/auth/middleware';
import { issueToken } from '../../server/modules/auth/tokens';
import { makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();

const bearer = async (user: number) => ({ 'Accept-Language': 'en', Authorization: `Bearer ${await issueToken(ctx.db, user, new Date())}` });

describe('the caller and its guards', () => {
  it('is derived once by the middleware: a family by its account id, a teacher with its status', async () => {
    const family = await makeStudent(ctx.db);
    const teacher = await makeTeacher(ctx.db, { status: 'in_review' });
    const { requireUser } = createAuthMiddleware();
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('db', ctx.db);
        c.set('locale', 'en');
        await next();
      })
      .get('/caller', requireUser, (c) => c.json(c.get('caller')))
      .get('/family', requireUser, (c) => c.json(requireFamily(c, () => new ApiFailure(403, 'profile_students_only'))))
      .get('/teacher', requireUser, (c) => c.json(requireTeacher(c)))
      .onError((err, c) => c.json({ key: err.message }, err instanceof ApiFailure ? (err.status as 403) : 500));

    expect(await (await app.request('/caller', { headers: await bearer(family) })).json()).toEqual({ kind: 'family', familyId: family });
    expect(await (await app.request('/caller', { headers: await bearer(teacher) })).json()).toEqual({
      kind: 'teacher',
      teacherId: teacher,
      status: 'in_review',
    });
    expect((await app.request('/caller')).status).toBe(401);

    const teacherOnFamily = await app.request('/family', { headers: await bearer(teacher) });
    expect([teacherOnFamily.status, await teacherOnFamily.json()]).toEqual([403, { key: 'profile_students_only' }]);
    const familyOnTeacher = await app.request('/teacher', { headers: await bearer(family) });
    expect([familyOnTeacher.status, await familyOnTeacher.json()]).toEqual([403, { key: 'instructor_only' }]);
    expect(await (await app.request('/teacher', { headers: await bearer(teacher) })).json()).toEqual({
      kind: 'teacher',
      teacherId: teacher,
      status: 'in_review',
    });
  });

  it("answers each real route's own refusal", async () => {
    const family = await makeStudent(ctx.db);
    const teacher = await makeTeacher(ctx.db);
    const call = async (user: number, method: string, path: string) =>
      ctx.app.request(path, {
        method,
        headers: { ...(await bearer(user)), 'Content-Type': 'application/json' },
        body: method === 'GET' ? null : '{}',
      });
    const refusal = async (res: Response) => [res.status, ((await res.json()) as { code?: string }).code];

    // A teacher on a family's route: the route's 403 with its code.
    expect(await refusal(await call(teacher, 'GET', '/api/v1/children'))).toEqual([403, 'children_families_only']);
    expect(await refusal(await call(teacher, 'POST', '/api/v1/requests'))).toEqual([403, 'requests_students_only']);
    const answer = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message];
    expect(await answer(await call(teacher, 'POST', '/api/v1/profile/complete'))).toEqual([403, tr('profile_students_only', 'en')]);
    expect(await answer(await call(teacher, 'GET', '/api/v1/balance'))).toEqual([403, tr('packages_students_only', 'en')]);
    // A family on a teacher's route: 403 `instructor_only`.
    expect(await answer(await call(family, 'POST', '/api/v1/instructor/update/status'))).toEqual([403, tr('instructor_only', 'en')]);
    expect(await answer(await call(family, 'DELETE', '/api/v1/profile/photo'))).toEqual([403, tr('instructor_only', 'en')]);
    // Nobody signed in: 401 before any of that.
    expect((await ctx.app.request('/api/v1/children')).status).toBe(401);
  });
});
