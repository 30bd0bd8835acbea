// Requests produce notifications through the real API: booking offers it to the teacher, approving
// tells the student, canceling tells the teacher, expiry (the sweep) tells the student — each once,
// announced on the user's private channel, and only in that user's own list.
import { describe, expect, it } from 'vitest';
import { notificationPageSchema } from '../../contract/notifications';
import { sweepAndPublish } from '../../server/modules/requests';
import {
  creditHours,
  HOUR,
  makeStudent,
  makeTeacher,
  requestsFile,
  scheduleBody,
  subjectId,
  T0,
  teacherAndStudent,
} from './requests-helpers';

const ctx = requestsFile();

async function listOf(userId: number) {
  return notificationPageSchema.parse(await (await ctx.as(userId).get('/api/v1/notifications')).json()).data;
}

async function book(student: number, teacher: number, startsInHours = 3) {
  const res = await ctx
    .as(student)
    .post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(ctx.clock.now.getTime() + startsInHours * HOUR)));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

describe('request notifications through the API', () => {
  it('booking → the teacher; approving → the student (live, with the teacher’s name); only their own', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'أحمد', last: 'الكواري' });
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 5);
    const id = await book(student, teacher);
    expect((await listOf(teacher)).map((n) => [n.type, n.link])).toEqual([['request_offered', { kind: 'request', id }]]);
    expect(await listOf(student)).toEqual([]);

    ctx.published.length = 0;
    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`)).status).toBe(200);
    const mine = await listOf(student);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'request_approved',
      params: { request_id: id, other_name: 'أحمد الكواري', subject_en: 'Mathematics' },
      link: { kind: 'request', id },
    });
    expect(ctx.published).toContainEqual({
      channels: [`private-user-${student}`],
      event: 'notification.created',
      data: { unread_count: 1 },
    });
    // The teacher's list did not get the approval it gave.
    expect((await listOf(teacher)).map((n) => n.type)).toEqual(['request_offered']);
  });

  it('a broadcast offers to every matching teacher: each told once, their counts in one publish', async () => {
    // A subject nobody else teaches keeps the seeded teachers out of this broadcast.
    const teachers = [
      await makeTeacher(ctx.db, { subjects: ['computing'] }),
      await makeTeacher(ctx.db, { subjects: ['computing'] }),
      await makeTeacher(ctx.db, { subjects: ['computing'] }),
    ];
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 5);
    const computing = await subjectId(ctx.db, 'computing');
    const at = new Date(ctx.clock.now.getTime() + 3 * HOUR);
    const res = await ctx.as(student).post('/api/v1/requests', scheduleBody(teachers[0]!, computing, at, 1, { broadcast: true }));
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    for (const teacher of teachers) {
      expect((await listOf(teacher)).map((n) => [n.type, n.params.request_id])).toEqual([['request_offered', id]]);
    }
    const channels = teachers.map((t) => `private-user-${t}`);
    const counts = ctx.published.filter((p) => p.event === 'notification.created');
    expect(counts).toEqual([{ channels, event: 'notification.created', data: { unread_count: 1 } }]);
    expect(ctx.published.filter((p) => p.event !== 'notification.created').map((p) => p.channels)).toEqual([channels]);
  });

  it('names the teacher in full (first, second and last name), as the teacher page does', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'فاطمة', last: 'الكعبي' });
    await ctx.db.query(`UPDATE users SET second_name = 'أحمد' WHERE id = $1`, [teacher]);
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 5);
    const id = await book(student, teacher);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`)).status).toBe(200);
    expect((await listOf(student))[0]?.params).toMatchObject({ other_name: 'فاطمة أحمد الكعبي' });
  });

  it('a reject with a reason carries it to the student', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const id = await book(student, teacher);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/reject`, { reason: 'Travelling that week' })).status).toBe(200);
    expect((await listOf(student))[0]).toMatchObject({ type: 'request_rejected', params: { reason: 'Travelling that week' } });
  });

  it('the student cancels → the teacher is told', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const id = await book(student, teacher, 30);
    expect((await ctx.as(student).post(`/api/v1/requests/${id}/cancel`)).status).toBe(200);
    expect((await listOf(teacher)).map((n) => n.type)).toEqual(['request_canceled', 'request_offered']);
  });

  it('nobody accepts in time → the sweep expires it and tells the student once', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const id = await book(student, teacher, 2);
    ctx.clock.now = new Date(T0.getTime() + 3 * HOUR);
    // Reads show it expired but write nothing; the sweep's timer expires it and tells the student.
    await ctx.as(student).get(`/api/v1/requests/${id}`);
    expect(await listOf(student)).toEqual([]);
    await sweepAndPublish(ctx.db, ctx.publisher, ctx.clock.now);
    await sweepAndPublish(ctx.db, ctx.publisher, ctx.clock.now);
    expect((await listOf(student)).map((n) => [n.type, n.params.request_id])).toEqual([['request_expired', id]]);
  });

  it('the lesson is over → the sweep finishes it and asks the family once to rate it; the teacher is not asked', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const id = await book(student, teacher, 2);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`)).status).toBe(200);
    const teacherBefore = (await listOf(teacher)).length;
    // Past the end of the one-hour lesson: finished by the sweep, twice over.
    ctx.clock.now = new Date(T0.getTime() + 4 * HOUR);
    await sweepAndPublish(ctx.db, ctx.publisher, ctx.clock.now);
    await sweepAndPublish(ctx.db, ctx.publisher, ctx.clock.now);
    const told = (await listOf(student)).filter((n) => n.type === 'session_finished');
    expect(told.map((n) => [n.params.request_id, n.link])).toEqual([[id, { kind: 'request', id }]]);
    expect(told[0]!.params.other_name).toBeTruthy();
    expect(await listOf(teacher)).toHaveLength(teacherBefore);
  });
});
