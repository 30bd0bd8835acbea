// Session requests over HTTP, continued (requests.test.ts has booking and transitions): a broadcast
// offered to matching teachers with exactly one of two simultaneous approvals winning, and reading —
// nobody reads or changes another user's request, lists hold only the caller's.
import { describe, expect, it } from 'vitest';
import { REQUEST_EVENTS, type RequestDetail, type RequestSummary } from '../../contract/requests';
import {
  HOUR,
  T0,
  balanceMinutesOf,
  body,
  bookAfter,
  creditHours,
  makeStudent,
  makeTeacher,
  requestsFile,
  scheduleBody,
} from './requests-helpers';

const ctx = requestsFile();
const book = (student: number, teacher: number, startsInHours = 3, hours = 1) => bookAfter(ctx, student, teacher, startsInHours, hours);

describe('broadcast and the race', () => {
  it('offers a broadcast to matching teachers only; exactly one of two simultaneous approvals wins', async () => {
    const chosen = await makeTeacher(ctx.db, { gender: 'female' });
    const match1 = await makeTeacher(ctx.db, { gender: 'female' });
    const match2 = await makeTeacher(ctx.db, { gender: 'female' });
    const male = await makeTeacher(ctx.db, { gender: 'male' });
    const otherPhase = await makeTeacher(ctx.db, { gender: 'female', phases: ['secondary_3'] });
    const otherSubject = await makeTeacher(ctx.db, { gender: 'female', subjects: ['french'] });
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 2);
    const res = await ctx.as(student).post('/api/v1/requests', {
      teacher_id: chosen,
      subject_id: ctx.math,
      type: 'urgent',
      duration_hours: 1,
      broadcast: true,
      preferred_gender: 'female',
    });
    expect(res.status).toBe(201);
    const id = (await body<RequestDetail>(res)).data.id;
    const offered = ctx.published.find((p) => p.event === REQUEST_EVENTS.offered)!.channels;
    expect(offered).toEqual(expect.arrayContaining([chosen, match1, match2].map((t) => `private-user-${t}`)));
    for (const t of [male, otherPhase, otherSubject]) expect(offered).not.toContain(`private-user-${t}`);
    // Not offered: 404, as if it did not exist.
    expect((await ctx.as(male).get(`/api/v1/requests/${id}`)).status).toBe(404);
    expect((await ctx.as(male).post(`/api/v1/requests/${id}/approve`)).status).toBe(404);
    // An offered teacher sees it as an offer with approve/reject.
    const seen = await body<RequestSummary[]>(await ctx.as(match1).get('/api/v1/requests?filter=new'));
    expect(seen.data.find((r) => r.id === id)).toMatchObject({ offered: true, actions: ['approve', 'reject'] });
    // One offered teacher declining leaves it open for the others.
    const declined = await body<RequestDetail>(await ctx.as(match2).post(`/api/v1/requests/${id}/reject`));
    expect(declined.data.status).toBe('pending');
    expect(declined.data.actions).toEqual([]);

    ctx.clock.now = new Date(T0.getTime() + 5 * 60_000);
    const [r1, r2] = await Promise.all([
      ctx.as(chosen).post(`/api/v1/requests/${id}/approve`),
      ctx.as(match1).post(`/api/v1/requests/${id}/approve`),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const winner = r1.status === 200 ? chosen : match1;
    const row = await ctx.db.one<{ status: string; teacher_id: number; starts_at: Date }>(
      'SELECT status, teacher_id, starts_at FROM requests WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'approved', teacher_id: winner });
    // An urgent session starts when it is taken.
    expect(row!.starts_at.toISOString()).toBe(ctx.clock.now.toISOString());
    const history = await ctx.db.query('SELECT status FROM request_history WHERE request_id = $1', [id]);
    expect(history.map((h) => h.status)).toEqual(['pending', 'approved']);
    // The student's detail names the winner; the loser sees no channel.
    const loser = winner === chosen ? match1 : chosen;
    const shown = (await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${id}`))).data.teacher;
    expect(shown.id).toBe(winner);
    // With the teacher's gender, so the family's screens say «المعلمة» for a woman.
    const stored = await ctx.db.one<{ gender: string | null }>('SELECT gender FROM users WHERE id = $1', [winner]);
    expect(stored!.gender).not.toBeNull();
    expect(shown.gender).toBe(stored!.gender);
    expect((await body<RequestDetail>(await ctx.as(loser).get(`/api/v1/requests/${id}`))).data.channel_name).toBeNull();
  });

  it('a broadcast is rejected (refunded) only when every offered teacher declined; a suspended teacher cannot approve', async () => {
    const chosen = await makeTeacher(ctx.db);
    const other = await makeTeacher(ctx.db);
    const third = await makeTeacher(ctx.db, { phases: ['secondary_3'] });
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 2);
    await ctx.db.query(`UPDATE users SET status = 'in_review' WHERE id = $1`, [third]);
    const res = await ctx
      .as(student)
      .post('/api/v1/requests', { ...scheduleBody(chosen, ctx.math, new Date(T0.getTime() + 3 * HOUR), 2), broadcast: true });
    const id = (await body<RequestDetail>(res)).data.id;
    const offers = await ctx.db.query<{ teacher_id: number }>('SELECT teacher_id FROM request_offers WHERE request_id = $1', [id]);
    // Every active matching teacher made by earlier tests may be offered too; decline them all.
    const offered = offers.map((o) => o.teacher_id);
    expect(offered).toEqual(expect.arrayContaining([chosen, other]));
    expect(offered).not.toContain(third);
    // Suspended after the offer: refused.
    await ctx.db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [other]);
    const suspended = await ctx.as(other).post(`/api/v1/requests/${id}/approve`);
    expect(suspended.status).toBe(409);
    expect((await body(suspended)).code).toBe('teacher_unavailable');
    await ctx.db.query(`UPDATE users SET status = 'active' WHERE id = $1`, [other]);
    for (const [i, t] of offered.entries()) {
      const answer = await body<RequestDetail>(await ctx.as(t).post(`/api/v1/requests/${id}/reject`));
      expect(answer.data.status).toBe(i === offered.length - 1 ? 'rejected' : 'pending');
      // Declining twice is refused: that offer is closed.
      if (i === 0) expect((await ctx.as(t).post(`/api/v1/requests/${id}/reject`)).status).toBe(409);
    }
    expect(await balanceMinutesOf(ctx.db, student)).toBe(120);
  });

  it('many simultaneous approvals of one request still end with exactly one', async () => {
    const teachers = await Promise.all([1, 2, 3, 4, 5].map(() => makeTeacher(ctx.db)));
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 1);
    const res = await ctx
      .as(student)
      .post('/api/v1/requests', { ...scheduleBody(teachers[0]!, ctx.math, new Date(T0.getTime() + 3 * HOUR)), broadcast: true });
    const id = (await body<RequestDetail>(res)).data.id;
    const answers = await Promise.all(teachers.map((t) => ctx.as(t).post(`/api/v1/requests/${id}/approve`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
  });
});

describe('reading', () => {
  it('no one reads or changes another user’s request (404), and lists hold only the caller’s', async () => {
    const teacher = await makeTeacher(ctx.db);
    const stranger = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db);
    const otherStudent = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 3);
    const { json } = await book(student, teacher, 3, 1);
    const id = json.data.id;
    for (const who of [otherStudent, stranger]) {
      expect((await ctx.as(who).get(`/api/v1/requests/${id}`)).status).toBe(404);
      for (const action of ['approve', 'reject', 'cancel'])
        expect((await ctx.as(who).post(`/api/v1/requests/${id}/${action}`)).status).toBe(404);
      const list = await body<RequestSummary[]>(await ctx.as(who).get(`/api/v1/requests?student_id=${student}`));
      expect(list.data).toEqual([]);
    }
    expect((await ctx.as(null).get('/api/v1/requests')).status).toBe(401);
    expect((await ctx.as(student).get('/api/v1/requests/abc')).status).toBe(404);
    expect((await ctx.as(student).get('/api/v1/requests/999999')).status).toBe(404);
  });

  it('filters: new, upcoming, current, finished, canceled; narrowed by teacher; paged', async () => {
    const teacher = await makeTeacher(ctx.db);
    const teacher2 = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 10);
    const pending = await book(student, teacher, 10, 1);
    const upcoming = await book(student, teacher, 5, 1);
    const current = await book(student, teacher2, 2, 2);
    const canceled = await book(student, teacher, 20, 1);
    await ctx.as(teacher).post(`/api/v1/requests/${upcoming.json.data.id}/approve`);
    await ctx.as(teacher2).post(`/api/v1/requests/${current.json.data.id}/approve`);
    await ctx.as(student).post(`/api/v1/requests/${canceled.json.data.id}/cancel`);
    ctx.clock.now = new Date(T0.getTime() + 3 * HOUR);
    const ids = async (query: string) =>
      (await body<RequestSummary[]>(await ctx.as(student).get(`/api/v1/requests?${query}`))).data.map((r) => r.id);
    expect(await ids('filter=new')).toEqual([pending.json.data.id]);
    expect(await ids('filter=upcoming')).toEqual([upcoming.json.data.id]);
    expect(await ids('filter=current')).toEqual([current.json.data.id]);
    expect(await ids('filter=canceled')).toEqual([canceled.json.data.id]);
    expect(await ids('filter=finished')).toEqual([]);
    expect((await ids('filter=all')).sort()).toEqual([pending, upcoming, current, canceled].map((r) => r.json.data.id).sort());
    expect(await ids(`teacher_id=${teacher2}`)).toEqual([current.json.data.id]);
    const page = await body<RequestSummary[]>(await ctx.as(student).get('/api/v1/requests?per_page=3&page=2'));
    expect(page.data).toHaveLength(1);
    expect((page as unknown as { meta: { total: number } }).meta.total).toBe(4);
    ctx.clock.now = new Date(T0.getTime() + 5 * HOUR);
    expect(await ids('filter=finished')).toEqual([current.json.data.id]);
    expect((await ctx.as(student).get('/api/v1/requests?filter=bogus')).status).toBe(400);
    // Past its start, the unaccepted one is shown expired under "canceled" before any sweep wrote it,
    // to the student and to its teacher (whose list is their own requests and their offers).
    ctx.clock.now = new Date(T0.getTime() + 11 * HOUR);
    const shown = async (who: number) =>
      (await body<RequestSummary[]>(await ctx.as(who).get('/api/v1/requests?filter=canceled'))).data.map((r) => [r.id, r.status]);
    expect(await shown(student)).toEqual([
      [canceled.json.data.id, 'canceled'],
      [pending.json.data.id, 'expired'],
    ]);
    expect(await shown(teacher)).toEqual(await shown(student));
    expect(await ids('filter=new')).toEqual([]);
  });
});
