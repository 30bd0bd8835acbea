// A family's children over HTTP: list, add, change, archive or delete, with the rules of the families
// model (at most MAX_CHILDREN active, at least one, another family's child is 404, teachers 403), the
// child a booking is for (the only one by default, required among several, never an archived one or
// another family's), the filter by child, and the free trial once per family.
import { describe, expect, it } from 'vitest';
import {
  childDeleteResponseSchema,
  childResponseSchema,
  childrenResponseSchema,
  MAX_CHILDREN,
  type Child,
  type ChildInput,
} from '../../contract/children';
import type { RequestDetail, RequestSummary } from '../../contract/requests';
import { issueToken } from '../../server/modules/auth/tokens';
import { body, bookAfter, creditHours, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();

async function call(user: number, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown): Promise<Response> {
  const headers: Record<string, string> = {
    'Accept-Language': 'en',
    Authorization: `Bearer ${await issueToken(ctx.db, user, new Date())}`,
  };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  return ctx.app.request(path, { method, headers, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });
}

const phaseId = async () => (await ctx.db.one<{ id: number }>("SELECT id FROM phases WHERE code = 'primary_2'"))!.id;
const newChild = async (first = 'مريم'): Promise<ChildInput> => ({
  first_name: first,
  last_name: 'الاختبار',
  gender: 'female',
  phase_id: await phaseId(),
});
// Every answer is read through the contract's schemas, so the wire shape is checked too.
const children = async (family: number, all = false) =>
  childrenResponseSchema.parse(await (await call(family, 'GET', `/api/v1/children${all ? '?include_archived=1' : ''}`)).json()).data;

describe('the children API', () => {
  it('lists the first child made from the account, adds, changes and keeps the rules', async () => {
    const family = await makeStudent(ctx.db);
    const [first] = await children(family);
    expect(first).toMatchObject({ first_name: 'طالب', last_name: 'الاختبار', gender: 'male', archived: false, birth_date: null });

    const added = await call(family, 'POST', '/api/v1/children', { ...(await newChild()), birth_date: '2018-03-01' });
    expect(added.status).toBe(201);
    const child = childResponseSchema.parse(await added.json()).data;
    expect(child).toMatchObject({ first_name: 'مريم', gender: 'female', birth_date: '2018-03-01', archived: false });

    const changed = await call(family, 'PATCH', `/api/v1/children/${child.id}`, { first_name: 'سلمى' });
    expect(changed.status).toBe(200);
    expect((await body<Child>(changed)).data).toMatchObject({ id: child.id, first_name: 'سلمى', last_name: 'الاختبار' });

    // The spec's name rule: Arabic letters only.
    const english = await call(family, 'POST', '/api/v1/children', { ...(await newChild()), first_name: 'Maryam' });
    expect(english.status).toBe(400);
    expect(Object.keys((await body(english)).errors ?? {})).toContain('first_name');
    // A birth date is a real day, not after today anywhere (two days on, 31 February and 1899 are
    // refused); null removes it.
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const birth_date of [later, '2018-02-31', '1899-12-31']) {
      const refused = await call(family, 'PATCH', `/api/v1/children/${child.id}`, { birth_date });
      expect(refused.status, birth_date).toBe(400);
      expect(Object.keys((await body(refused)).errors ?? {})).toEqual(['birth_date']);
    }
    const cleared = await call(family, 'PATCH', `/api/v1/children/${child.id}`, { birth_date: null });
    expect((await body<Child>(cleared)).data).toMatchObject({ id: child.id, birth_date: null });
    const badPhase = await call(family, 'POST', '/api/v1/children', { ...(await newChild()), phase_id: 999_999 });
    expect(badPhase.status).toBe(400);
    expect(Object.keys((await body(badPhase)).errors ?? {})).toEqual(['phase_id']);
  });

  it('keeps at most MAX_CHILDREN active children and at least one', async () => {
    const family = await makeStudent(ctx.db);
    const [only] = await children(family);
    const last = await call(family, 'DELETE', `/api/v1/children/${only!.id}`);
    expect(last.status).toBe(409);
    expect((await body(last)).code).toBe('last_child');
    for (let n = 1; n < MAX_CHILDREN; n++) expect((await call(family, 'POST', '/api/v1/children', await newChild())).status).toBe(201);
    const over = await call(family, 'POST', '/api/v1/children', await newChild());
    expect(over.status).toBe(409);
    expect((await body(over)).code).toBe('children_limit');
    expect(await children(family)).toHaveLength(MAX_CHILDREN);
  });

  it('deletes a child without history, archives one with history, and hides the archived one from booking', async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 5);
    const a = (await body<Child>(await call(family, 'POST', '/api/v1/children', await newChild('مريم')))).data;
    const b = (await body<Child>(await call(family, 'POST', '/api/v1/children', await newChild('سلمى')))).data;
    const booked = await bookAfter(ctx, family, teacher, 3, 1, { child_id: a.id });
    expect(booked.res.status).toBe(201);

    const deleted = await call(family, 'DELETE', `/api/v1/children/${b.id}`);
    expect(deleted.status).toBe(200);
    expect(childDeleteResponseSchema.parse(await deleted.json()).data).toBeNull();
    const archived = await call(family, 'DELETE', `/api/v1/children/${a.id}`);
    expect(archived.status).toBe(200);
    expect(childDeleteResponseSchema.parse(await archived.json()).data).toMatchObject({ id: a.id, archived: true });
    expect((await children(family)).map((c) => c.id)).not.toContain(a.id);
    expect((await children(family, true)).find((c) => c.id === a.id)?.archived).toBe(true);
    // Kept in history: the request still names the child.
    expect((await body<RequestDetail>(await call(family, 'GET', `/api/v1/requests/${booked.json.data.id}`))).data.child.id).toBe(a.id);
    const again = await bookAfter(ctx, family, teacher, 5, 1, { child_id: a.id });
    expect(again.res.status).toBe(400);
    expect(again.json.code).toBe('child_archived');
  });

  it('answers 404 for another family’s child and 403 to a teacher', async () => {
    const family = await makeStudent(ctx.db);
    const other = await makeStudent(ctx.db);
    const teacher = await makeTeacher(ctx.db);
    const [mine] = await children(family);
    await children(other);
    for (const res of [
      await call(other, 'PATCH', `/api/v1/children/${mine!.id}`, { first_name: 'سلمى' }),
      await call(other, 'DELETE', `/api/v1/children/${mine!.id}`),
      await call(family, 'PATCH', '/api/v1/children/2147483000', {}),
    ]) {
      expect(res.status).toBe(404);
      expect((await body(res)).code).toBe('child_not_found');
    }
    expect((await children(family))[0]?.first_name).toBe('طالب');
    const refused = await call(teacher, 'GET', '/api/v1/children');
    expect(refused.status).toBe(403);
    expect((await body(refused)).code).toBe('children_families_only');
  });
});

describe('booking for a child', () => {
  it('defaults to the only child, requires child_id among several, refuses another family’s child, and filters by child', async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 10);
    const [first] = await children(family);
    const only = await bookAfter(ctx, family, teacher, 3);
    expect(only.res.status).toBe(201);
    expect(only.json.data.child).toMatchObject({ id: first!.id, first_name: 'طالب', last_name: 'الاختبار' });

    const second = (await body<Child>(await call(family, 'POST', '/api/v1/children', await newChild()))).data;
    const unnamed = await bookAfter(ctx, family, teacher, 5);
    expect(unnamed.res.status).toBe(400);
    expect(unnamed.json.code).toBe('child_required');
    expect(Object.keys(unnamed.json.errors ?? {})).toEqual(['child_id']);

    const [strangers] = await children(other);
    const foreign = await bookAfter(ctx, family, teacher, 5, 1, { child_id: strangers!.id });
    expect(foreign.res.status).toBe(404);
    expect(foreign.json.code).toBe('child_not_found');

    const named = await bookAfter(ctx, family, teacher, 7, 1, { child_id: second.id });
    expect(named.res.status).toBe(201);
    expect(named.json.data.child).toMatchObject({ id: second.id, first_name: 'مريم', phase: { id: second.phase.id } });

    const list = async (query: string) =>
      (await body<RequestSummary[]>(await call(family, 'GET', `/api/v1/requests${query}`))).data.map((r) => r.id);
    expect(await list(`?child_id=${second.id}`)).toEqual([named.json.data.id]);
    expect(await list(`?child_id=${first!.id}`)).toEqual([only.json.data.id]);
    expect((await list('')).sort()).toEqual([only.json.data.id, named.json.data.id].sort());

    // The teacher reads the child's first name and phase, no last name.
    const seen = (await body<RequestDetail>(await call(teacher, 'GET', `/api/v1/requests/${named.json.data.id}`))).data.child;
    expect(seen).toEqual({ id: second.id, first_name: 'مريم', last_name: null, phase: second.phase, gender: second.gender });

    // The teacher's notification of the request is written once; each reading names the child's phase
    // in the reader's language.
    const phase = (await ctx.db.one<{ name_ar: string; name_en: string }>('SELECT name_ar, name_en FROM phases WHERE id = $1', [
      second.phase.id,
    ]))!;
    expect(phase.name_ar).not.toBe(phase.name_en);
    const notified = async (lang: 'ar' | 'en') => {
      const headers = { 'Accept-Language': lang, Authorization: `Bearer ${await issueToken(ctx.db, teacher, new Date())}` };
      const page = (await (await ctx.app.request('/api/v1/notifications', { headers })).json()) as {
        data: Array<{ params: { request_id?: number; child?: { first_name: string; phase: { name: string } } } }>;
      };
      return page.data.find((n) => n.params.request_id === named.json.data.id)?.params.child;
    };
    expect(await notified('en')).toMatchObject({ first_name: 'مريم', phase: { name: phase.name_en } });
    expect(await notified('ar')).toMatchObject({ first_name: 'مريم', phase: { name: phase.name_ar } });
  });

  it('gives the free trial once per family, whichever child it is for', async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db, { freeTrial: true });
    const [first] = await children(family);
    const second = (await body<Child>(await call(family, 'POST', '/api/v1/children', await newChild()))).data;
    const trial = await bookAfter(ctx, family, teacher, 3, 1, { child_id: first!.id });
    expect(trial.res.status).toBe(201);
    expect(trial.json.data.paid_with).toBe('free_trial');
    const sibling = await bookAfter(ctx, family, teacher, 5, 1, { child_id: second.id });
    expect(sibling.res.status).toBe(402);
    expect(sibling.json.code).toBe('insufficient_hours');
  });

  it("counts each child's lessons and the hours spent on them, net of what came back", async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 5);
    const [first] = await children(family);
    const second = (await body<Child>(await call(family, 'POST', '/api/v1/children', await newChild('علي')))).data;
    expect(second).toMatchObject({ lessons_taken: 0, hours_used: 0 });

    const taught = await bookAfter(ctx, family, teacher, 3, 1, { child_id: first!.id });
    const cancelled = await bookAfter(ctx, family, teacher, 30, 2, { child_id: second.id });
    expect([taught.res.status, cancelled.res.status]).toEqual([201, 201]);
    const usage = async () => (await children(family)).map((c) => ({ id: c.id, lessons: c.lessons_taken, hours: c.hours_used }));
    expect(await usage()).toEqual([
      { id: first!.id, lessons: 0, hours: 1 },
      { id: second.id, lessons: 0, hours: 2 },
    ]);

    // The second child's lesson is cancelled in time: its hours come back and are no longer its use.
    expect((await ctx.as(family).post(`/api/v1/requests/${cancelled.json.data.id}/cancel`)).status).toBe(200);
    // The first child's lesson is approved and over: taken, even before the sweep writes it finished.
    expect((await ctx.as(teacher).post(`/api/v1/requests/${taught.json.data.id}/approve`)).status).toBe(200);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * 3_600_000);
    expect(await usage()).toEqual([
      { id: first!.id, lessons: 1, hours: 1 },
      { id: second.id, lessons: 0, hours: 0 },
    ]);
    // Another family's lessons never count for this one's children.
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, other, 2);
    expect((await bookAfter(ctx, other, teacher, 10, 1)).res.status).toBe(201);
    expect((await usage())[0]).toEqual({ id: first!.id, lessons: 1, hours: 1 });
  });
});
