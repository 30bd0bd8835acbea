// The shared cache of public reads: the teachers list and a teacher's page answer with an
// ETag a browser can revalidate (304), and any write that changes what they show — a teacher's row,
// hours, subjects, an evaluation — shows at once, whichever module wrote it. Busy times stay fresh;
// per-user answers carry no shared-cache headers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeacherCard, TeacherDetail } from '../../contract/teachers';
import { createLogger } from '../../server/logger';
import { warmPublicReads } from '../../server/modules/teachers';
import { publicCacheStats } from '../../server/modules/teachers/public-cache';
import { HOUR, T0, creditHours, makeStudent, makeTeacher, requestsApp, scheduleBody, subjectId } from './requests-helpers';
import { perFile } from './support/per-file';

const ctx = perFile(requestsApp);

const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.request(path, { headers: { 'Accept-Language': 'en', ...headers } });

async function cardOf(id: number): Promise<TeacherCard | undefined> {
  const body = (await (await get('/api/v1/teachers?per_page=50&search=Cache')).json()) as { data: TeacherCard[] };
  return body.data.find((t) => t.id === id);
}

describe('public cache', () => {
  it('answers with an ETag; the same ETag gets 304 and no body, another one the page', async () => {
    await makeTeacher(ctx.db, { first: 'Cache', last: 'One' });
    const first = await get('/api/v1/teachers?search=Cache');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await get('/api/v1/teachers?search=Cache', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get('/api/v1/teachers?search=Cache', { 'If-None-Match': 'W/"other"' })).status).toBe(200);
    // Another locale is another answer.
    const arabic = await ctx.app.request('/api/v1/teachers?search=Cache', { headers: { 'Accept-Language': 'ar', 'If-None-Match': etag! } });
    expect(arabic.status).toBe(200);
  });

  it('a change to a teacher, their hours, subjects or ratings shows on the next read', async () => {
    const id = await makeTeacher(ctx.db, { first: 'Cache', last: 'Two', hours: [[0, '08:00', '12:00']] });
    const before = await get('/api/v1/teachers?search=Cache');
    const etag = before.headers.get('etag')!;
    expect((await cardOf(id))?.working_hours).toEqual([{ day: 0, from: '08:00', to: '12:00' }]);

    await ctx.db.query(`UPDATE working_hours SET end_time = '13:00' WHERE teacher_id = $1`, [id]);
    expect((await get('/api/v1/teachers?search=Cache', { 'If-None-Match': etag })).status).toBe(200);
    expect((await cardOf(id))?.working_hours).toEqual([{ day: 0, from: '08:00', to: '13:00' }]);

    await ctx.db.query(`UPDATE users SET experience_years = 17 WHERE id = $1`, [id]);
    expect((await cardOf(id))?.experience_years).toBe(17);

    await ctx.db.query(`INSERT INTO teacher_subjects (teacher_id, subject_id) VALUES ($1, $2)`, [id, await subjectId(ctx.db, 'physics')]);
    expect((await cardOf(id))?.subjects.map((s) => s.name)).toEqual(['Mathematics', 'Physics']);

    const student = await makeStudent(ctx.db);
    await ctx.db.query('INSERT INTO evaluations (teacher_id, student_id, rating) VALUES ($1, $2, 4)', [id, student]);
    expect((await cardOf(id))?.rating).toEqual({ average: 4, count: 1 });

    // Renamed: the search finds the new name (the stored folded name follows) and not the old one.
    await ctx.db.query(`UPDATE users SET first_name = 'أحمد' WHERE id = $1`, [id]);
    expect(await cardOf(id)).toBeUndefined();
    const found = (await (await get('/api/v1/teachers?search=احمد%20Two')).json()) as { data: TeacherCard[] };
    expect(found.data.map((t) => t.id)).toEqual([id]);

    // Suspended: gone from the list and its page at once.
    await ctx.db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [id]);
    expect((await get(`/api/v1/teachers/${id}`)).status).toBe(404);
  });

  it("a teacher's page shows a new booking's busy time at once, with a new ETag", async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'Cache', last: 'Three' });
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 5);
    const page = await get(`/api/v1/teachers/${teacher}`);
    const etag = page.headers.get('etag')!;
    expect(((await page.json()) as { data: TeacherDetail }).data.busy).toEqual([]);
    const booked = await ctx
      .as(student)
      .post('/api/v1/requests', scheduleBody(teacher, await subjectId(ctx.db), new Date(T0.getTime() + 3 * HOUR)));
    expect(booked.status).toBe(201);
    const id = ((await booked.json()) as { data: { id: number } }).data.id;
    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`)).status).toBe(200);
    const after = await get(`/api/v1/teachers/${teacher}`, { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: TeacherDetail }).data.busy).toHaveLength(1);
  });

  describe('when only the clock moves', () => {
    afterEach(() => {
      ctx.clock.now = new Date(T0);
    });
    const at = (seconds: number) => (ctx.clock.now = new Date(T0.getTime() + seconds * 1000));
    const list = async () => ((await (await get('/api/v1/teachers?search=Ahead')).json()) as { data: TeacherCard[] }).data;

    it("a list asked for again in a minute's last seconds has the next minute ready: the turn is no miss", async () => {
      // Hours from 09:01 Doha (T0 is 09:00 there): "available now" turns true with the minute.
      await makeTeacher(ctx.db, { first: 'Ahead', last: 'Ready', hours: [[0, '09:01', '12:00']] });
      const stats = publicCacheStats(ctx.db);
      at(30);
      expect((await list())[0]?.available_now).toBe(false);
      const done = stats.filled;
      at(56);
      await list();
      await list(); // asked for again: the next minute is filled in the background
      await vi.waitFor(() => expect(stats.filled).toBe(done + 1));
      const fills = stats.fills;
      const misses = stats.misses;
      at(61);
      expect((await list())[0]?.available_now).toBe(true);
      expect(stats.fills).toBe(fills);
      expect(stats.misses).toBe(misses);
    });

    it('an answer asked for once is not filled ahead, and early in a minute nothing is', async () => {
      await makeTeacher(ctx.db, { first: 'Ahead', last: 'Once', hours: [[0, '08:00', '12:00']] });
      const stats = publicCacheStats(ctx.db);
      at(10);
      await list();
      await list();
      await list();
      const early = stats.fills;
      at(57);
      await list(); // the first hit in the window… and the entry's third: filled ahead
      expect(stats.fills).toBe(early + 1);
      at(120 + 57); // two minutes on: a new key, filled on its miss
      await list();
      const once = stats.fills;
      at(120 + 58);
      await list(); // its first hit: one visitor's second look is not worth a fill
      expect(stats.fills).toBe(once);
      await list();
      expect(stats.fills).toBe(once + 1);
    });
  });

  it("a new minute's list reads only its cards' availability, not the list again; a write reads it all", async () => {
    const id = await makeTeacher(ctx.db, { first: 'Minute', last: 'Memo', hours: [[0, '09:01', '12:00']] });
    const memo = async () => ((await (await get('/api/v1/teachers?search=Minute')).json()) as { data: TeacherCard[] }).data;
    const counts = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([sql]) => /COUNT\(\*\)/i.test(String(sql))).length;
    ctx.clock.now = new Date(T0.getTime() + 10_000);
    expect((await memo())[0]?.available_now).toBe(false);
    const one = vi.spyOn(ctx.db, 'one');
    try {
      ctx.clock.now = new Date(T0.getTime() + 70_000); // the next minute: hours from 09:01 have begun
      expect((await memo())[0]?.available_now).toBe(true);
      expect(counts(one)).toBe(0);
      await ctx.db.query(`UPDATE users SET experience_years = 23 WHERE id = $1`, [id]);
      const after = await memo();
      expect(after[0]?.experience_years).toBe(23);
      expect(after[0]?.available_now).toBe(true);
      expect(counts(one)).toBe(1);
    } finally {
      one.mockRestore();
      ctx.clock.now = new Date(T0);
    }
  });

  it('the warm-up at start fills the default list in both locales', async () => {
    await makeTeacher(ctx.db, { first: 'Warm', last: 'Start' });
    const stats = publicCacheStats(ctx.db);
    await warmPublicReads(ctx.app, createLogger('silent'));
    const misses = stats.misses;
    for (const locale of ['ar', 'en'])
      expect((await ctx.app.request('/api/v1/teachers', { headers: { 'Accept-Language': locale } })).status).toBe(200);
    expect(stats.misses).toBe(misses);
  });

  it('per-user answers carry no shared-cache headers', async () => {
    const student = await makeStudent(ctx.db);
    const res = await ctx.as(student).get('/api/v1/requests');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('cache-control') ?? '').not.toContain('public');
  });
});
