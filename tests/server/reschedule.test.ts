// Moving a session request (reschedule) over HTTP: a pending request moves at once to another free
// start of the same teacher, by the booking rule and its messages, keeping its payment; the teacher is
// told (notification and realtime); only its family may move it; two moves to one time: one wins.
import { describe, expect, it } from 'vitest';
import { notificationPageSchema } from '../../contract/notifications';
import { REQUEST_EVENTS, type RequestDetail } from '../../contract/requests';
import {
  HOUR,
  balanceMinutesOf,
  body,
  bookAfter,
  creditHours,
  makeStudent,
  makeTeacher,
  requestsFile,
  scheduleBody,
  teacherAndStudent,
} from './requests-helpers';

const ctx = requestsFile();

const at = (hoursFromNow: number) => new Date(ctx.clock.now.getTime() + hoursFromNow * HOUR).toISOString();

async function booked(student: number, teacher: number, startsInHours = 3, hours = 1, extra: Record<string, unknown> = {}) {
  const { res, json } = await bookAfter(ctx, student, teacher, startsInHours, hours, extra);
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data;
}

const move = async (userId: number, id: number, startsAt: unknown, locale: 'ar' | 'en' = 'en') => {
  const res = await ctx.as(userId, locale).post(`/api/v1/requests/${id}/reschedule`, { starts_at: startsAt });
  return { status: res.status, json: await body<RequestDetail>(res) };
};

const detailOf = async (userId: number, id: number) => (await body<RequestDetail>(await ctx.as(userId).get(`/api/v1/requests/${id}`))).data;

describe('moving a pending request', () => {
  it('moves it at once, keeps the payment, frees the old time, holds the new one and tells the teacher', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const request = await booked(student, teacher, 3, 2);
    expect(request.actions).toContain('reschedule');
    ctx.published.length = 0;

    const { status, json } = await move(student, request.id, at(26));
    expect(status).toBe(200);
    expect(json.message).toBe('The request was moved to the new time');
    expect(json.data).toMatchObject({ status: 'pending', starts_at: at(26), ends_at: at(28), duration_hours: 2, paid_with: 'hours' });
    expect(json.data.deadlines.expires_at).toBe(at(26));
    expect(json.data.history).toEqual([
      expect.objectContaining({ status: 'pending', actor_role: 'student' }),
      expect.objectContaining({ status: 'pending', actor_role: 'student', moved_from: at(3), moved_to: at(26) }),
    ]);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(3 * 60);

    // Realtime to both parties; one notification to the teacher, none to the family.
    expect(ctx.published).toContainEqual({
      channels: [`private-user-${student}`, `private-user-${teacher}`],
      event: REQUEST_EVENTS.updated,
      data: { id: request.id, status: 'pending' },
    });
    const list = async (userId: number) =>
      notificationPageSchema.parse(await (await ctx.as(userId).get('/api/v1/notifications')).json()).data;
    const told = (await list(teacher)).filter((n) => n.type === 'request_rescheduled');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ params: { request_id: request.id, starts_at: at(26) }, link: { kind: 'request', id: request.id } });
    expect((await list(student)).filter((n) => n.type === 'request_rescheduled')).toEqual([]);

    // The old time is free for another family; the new one is held.
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, other, 5);
    expect((await bookAfter(ctx, other, teacher, 3, 2)).res.status).toBe(201);
    const clash = await bookAfter(ctx, other, teacher, 27, 1);
    expect([clash.res.status, clash.json.code]).toEqual([409, 'slot_taken']);

    // Moving back and forth tells the teacher each time.
    expect((await move(student, request.id, at(30))).status).toBe(200);
    expect((await list(teacher)).filter((n) => n.type === 'request_rescheduled')).toHaveLength(2);
  });

  it('may overlap its own current time (half an hour later)', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const request = await booked(student, teacher, 3, 2);
    const { status, json } = await move(student, request.id, at(3.5));
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ starts_at: at(3.5), ends_at: at(5.5) });
  });

  it('refuses what booking refuses, with the same messages, and changes nothing', async () => {
    // Sunday 08:00–14:00 Qatar time only; T0 is Sunday 09:00 there.
    const teacher = await makeTeacher(ctx.db, { hours: [[0, '08:00', '14:00']] });
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 10);
    const request = await booked(student, teacher, 1, 1);
    const approvedOther = await booked(student, teacher, 3, 1);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${approvedOther.id}/approve`)).status).toBe(200);

    const tooSoon = await move(student, request.id, at(0.5));
    expect([tooSoon.status, tooSoon.json.code, tooSoon.json.errors?.starts_at]).toEqual([
      400,
      'schedule_too_soon',
      ['The session time must be at least one hour from now'],
    ]);
    const tooSoonAr = await move(student, request.id, at(0.5), 'ar');
    expect(tooSoonAr.json.errors?.starts_at).toEqual(['يجب أن يكون موعد الحصة بعد ساعة واحدة على الأقل من الآن']);
    expect((await move(student, request.id, at(91 * 24))).json.code).toBe('schedule_too_far');
    const outside = await move(student, request.id, at(4.5));
    expect([outside.status, outside.json.code]).toEqual([400, 'outside_working_hours']);
    const busy = await move(student, request.id, at(2.5));
    expect([busy.status, busy.json.code]).toEqual([409, 'slot_taken']);
    for (const bad of [undefined, null, 'tomorrow', 42]) {
      const r = await move(student, request.id, bad);
      expect([r.status, Object.keys(r.json.errors ?? {})]).toEqual([400, ['starts_at']]);
    }

    const after = await detailOf(student, request.id);
    expect(after).toMatchObject({ starts_at: request.starts_at, ends_at: request.ends_at });
    expect(after.history).toHaveLength(1);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(8 * 60);
  });

  it('only its family moves it, only while pending, scheduled, addressed to one teacher and not expired', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 10);
    const stranger = await makeStudent(ctx.db);
    const otherTeacher = await makeTeacher(ctx.db);
    const request = await booked(student, teacher, 3, 1);

    expect((await move(stranger, request.id, at(5))).status).toBe(404);
    expect((await move(otherTeacher, request.id, at(5))).status).toBe(404);
    const byTeacher = await move(teacher, request.id, at(5));
    expect([byTeacher.status, byTeacher.json.code]).toEqual([409, 'request_not_allowed']);
    expect((await detailOf(teacher, request.id)).actions).not.toContain('reschedule');
    expect((await move(student, 2_000_000_000, at(5))).status).toBe(404);

    // A broadcast reaches several teachers: it is not moved.
    await makeTeacher(ctx.db);
    const broadcast = await booked(student, teacher, 8, 1, { broadcast: true });
    expect(broadcast.actions).not.toContain('reschedule');
    expect((await move(student, broadcast.id, at(10))).json.code).toBe('request_not_allowed');

    // Approved: no longer moved at once.
    expect((await ctx.as(teacher).post(`/api/v1/requests/${request.id}/approve`)).status).toBe(200);
    expect((await move(student, request.id, at(5))).json.code).toBe('request_not_allowed');

    // Expired (its start passed unanswered): settled first, then refused.
    const late = await booked(student, teacher, 12, 1);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 13 * HOUR);
    const expired = await move(student, late.id, at(5));
    expect([expired.status, expired.json.code]).toEqual([409, 'request_not_allowed']);
    expect((await detailOf(student, late.id)).status).toBe('expired');
  });

  it('two requests moved to the same time at once: exactly one wins', async () => {
    const teacher = await makeTeacher(ctx.db);
    const [a, b] = [await makeStudent(ctx.db), await makeStudent(ctx.db)];
    await creditHours(ctx.db, a, 5);
    await creditHours(ctx.db, b, 5);
    const ra = await booked(a, teacher, 3, 1);
    const rb = await booked(b, teacher, 5, 1);
    const results = await Promise.all([
      move(a, ra.id, at(20)),
      move(b, rb.id, at(20)),
      ctx.as(b).post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(at(20)))),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const held = await ctx.db.query<{ id: number }>(
      `SELECT id FROM requests WHERE teacher_id = $1 AND status = 'pending' AND starts_at = $2`,
      [teacher, new Date(at(20))],
    );
    expect(held).toHaveLength(1);
  });
});
