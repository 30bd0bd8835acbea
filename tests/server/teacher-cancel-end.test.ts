// A teacher cancels a booked session, or ends a live one early for both, over HTTP on one server:
// the cancel needs a reason and gives the family every hour (or the free trial) back, tells them with
// the reason and the subject to book another teacher of, and races the family's own cancel and the
// start with exactly one winner; the early end gives back the whole half-hours not taught (ended at
// minute 0, 29, 30, 31, at the end), both screens may still record leaving the call after it, and
// the teacher's statement counts the minutes taught.
import { describe, expect, it } from 'vitest';
import { earningsStatementResponseSchema } from '../../contract/earnings';
import { notificationPageSchema } from '../../contract/notifications';
import { REQUEST_EVENTS, type RequestDetail } from '../../contract/requests';
import { HOUR, balanceMinutesOf, body, bookAfter, creditHours, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();
const MIN = 60_000;

/** A session of `hours` hours booked `startsInHours` ahead and approved by its teacher. */
async function approved(student: number, teacher: number, startsInHours = 10, hours = 1, extra: Record<string, unknown> = {}) {
  const { res, json } = await bookAfter(ctx, student, teacher, startsInHours, hours, extra);
  expect(res.status, JSON.stringify(json)).toBe(201);
  const ok = await ctx.as(teacher).post(`/api/v1/requests/${json.data.id}/approve`);
  expect(ok.status).toBe(200);
  return json.data;
}

const cancel = async (userId: number, id: number, payload: unknown = {}, locale: 'ar' | 'en' = 'en') => {
  const res = await ctx.as(userId, locale).post(`/api/v1/requests/${id}/cancel`, payload);
  return { status: res.status, json: await body<RequestDetail>(res) };
};
const end = async (userId: number, id: number) => {
  const res = await ctx.as(userId).post(`/api/v1/requests/${id}/end`);
  return { status: res.status, json: await body<RequestDetail>(res) };
};
const detailOf = async (userId: number, id: number) => (await body<RequestDetail>(await ctx.as(userId).get(`/api/v1/requests/${id}`))).data;
const notices = async (userId: number) =>
  notificationPageSchema.parse(await (await ctx.as(userId).get('/api/v1/notifications')).json()).data.filter((n) => n.params.request_id);

async function pair(hours = 5) {
  const teacher = await makeTeacher(ctx.db);
  const student = await makeStudent(ctx.db);
  await creditHours(ctx.db, student, hours);
  return { teacher, student };
}

describe('a teacher cancels a booked session', () => {
  it('needs a reason, gives every hour back, tells the family why and how to book another teacher', async () => {
    const { teacher, student } = await pair(5);
    const session = await approved(student, teacher, 10, 2);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(3 * 60);
    expect((await detailOf(teacher, session.id)).actions).toContain('cancel');

    // No reason (missing, empty, blank): 400 on the field, localized; nothing changes.
    for (const payload of [{}, { reason: '' }, { reason: '   ' }]) {
      const refused = await cancel(teacher, session.id, payload);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('cancel_reason_required');
      expect(refused.json.errors?.reason).toEqual(['Please say why you are cancelling: the family will read it']);
    }
    expect((await cancel(teacher, session.id, {}, 'ar')).json.errors?.reason).toEqual(['يرجى ذكر سبب الإلغاء، فالعائلة ستقرؤه']);
    expect((await cancel(teacher, session.id, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await detailOf(student, session.id)).status).toBe('approved');
    ctx.published.length = 0;

    const done = await cancel(teacher, session.id, { reason: '  I am ill this week  ' });
    expect(done.status).toBe(200);
    expect(done.json.data.status).toBe('canceled');
    expect(await balanceMinutesOf(ctx.db, student)).toBe(5 * 60);
    // The timeline says who cancelled and why, to both sides.
    for (const viewer of [student, teacher]) {
      expect((await detailOf(viewer, session.id)).history.at(-1)).toMatchObject({
        status: 'canceled',
        actor_role: 'teacher',
        reason: 'I am ill this week',
      });
    }
    // Realtime to both; the notification goes to the family (not the teacher), with the reason and the subject.
    expect(ctx.published).toContainEqual({
      channels: [`private-user-${student}`, `private-user-${teacher}`],
      event: REQUEST_EVENTS.updated,
      data: { id: session.id, status: 'canceled' },
    });
    const told = (await notices(student)).filter((n) => n.type === 'request_canceled');
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ request_id: session.id, reason: 'I am ill this week', subject_id: ctx.math });
    expect((await notices(teacher)).filter((n) => n.type === 'request_canceled')).toEqual([]);

    // Once: a second cancel is refused and refunds nothing more.
    expect((await cancel(teacher, session.id, { reason: 'again' })).status).toBe(409);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(5 * 60);
  });

  it('gives the free trial back', async () => {
    const teacher = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db, { freeTrial: true });
    const session = await approved(student, teacher, 10, 1);
    expect(session.paid_with).toBe('free_trial');
    expect((await cancel(teacher, session.id, { reason: 'Family emergency' })).status).toBe(200);
    const flag = await ctx.db.one<{ has_free_session: boolean }>('SELECT has_free_session FROM users WHERE id = $1', [student]);
    expect(flag?.has_free_session).toBe(true);
  });

  it('works inside the last hours until the start, never after; only its own teacher, only once booked', async () => {
    const { teacher, student } = await pair(5);
    const other = await makeTeacher(ctx.db);
    const session = await approved(student, teacher, 10, 1);
    const startsAt = Date.parse(session.starts_at);
    // Someone else's session is not found; a family cannot cancel it inside its 6-hour cut-off.
    expect((await cancel(other, session.id, { reason: 'x' })).status).toBe(404);
    ctx.clock.now = new Date(startsAt - HOUR);
    expect((await cancel(student, session.id)).status).toBe(409);
    // One millisecond before the start the teacher still may; the detail offers it.
    ctx.clock.now = new Date(startsAt - 1);
    expect((await detailOf(teacher, session.id)).actions).toContain('cancel');
    const late = await approved(student, teacher, 20, 1);
    expect((await cancel(teacher, session.id, { reason: 'Power cut' })).status).toBe(200);
    // At the start it is too late: the session runs (the teacher may end it early instead).
    ctx.clock.now = new Date(Date.parse(late.starts_at));
    expect((await detailOf(teacher, late.id)).actions).not.toContain('cancel');
    expect((await cancel(teacher, late.id, { reason: 'Too late' })).status).toBe(409);
    // A pending request is the teacher's to reject, not to cancel.
    ctx.clock.now = new Date(Date.parse(late.starts_at) + 2 * HOUR);
    const { json } = await bookAfter(ctx, student, teacher, 10, 1);
    expect((await cancel(teacher, json.data.id, { reason: 'x' })).status).toBe(409);
  });

  it('races the family cancelling the same session: one wins, the hours come back once', async () => {
    for (let round = 0; round < 3; round++) {
      const { teacher, student } = await pair(3);
      const session = await approved(student, teacher, 10, 2);
      const results = await Promise.all([cancel(student, session.id), cancel(teacher, session.id, { reason: 'Sick' })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await balanceMinutesOf(ctx.db, student)).toBe(3 * 60);
      const rows = await ctx.db.query<{ actor_role: string; reason: string | null }>(
        "SELECT actor_role, reason FROM request_history WHERE request_id = $1 AND status = 'canceled'",
        [session.id],
      );
      expect(rows).toHaveLength(1);
      const winner = results[0]!.status === 200 ? 'student' : 'teacher';
      expect(rows[0]).toEqual({ actor_role: winner, reason: winner === 'teacher' ? 'Sick' : null });
    }
  });

  it('races the session starting: before it the cancel wins and nobody joins; from it the session holds', async () => {
    const { teacher, student } = await pair(5);
    const first = await approved(student, teacher, 10, 1);
    const second = await approved(student, teacher, 12, 1);
    const token = (userId: number, channel: string) => ctx.as(userId).post(`/api/v1/sessions/${channel}/token`);
    // Inside the join window, just before the start: a join and the cancel at once.
    ctx.clock.now = new Date(Date.parse(first.starts_at) - 1);
    const channel = (await detailOf(student, first.id)).channel_name!;
    const [joined, canceled] = await Promise.all([token(student, channel), cancel(teacher, first.id, { reason: 'Sick' })]);
    expect(canceled.status).toBe(200);
    expect([200, 409]).toContain(joined.status);
    // Whoever came first, after the cancel nobody gets into the room and the hours are back.
    expect((await token(student, channel)).status).toBe(409);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(4 * 60);
    // At the start of the other session the cancel is refused and joining works.
    ctx.clock.now = new Date(Date.parse(second.starts_at));
    const other = (await detailOf(student, second.id)).channel_name!;
    const [late, join] = await Promise.all([cancel(teacher, second.id, { reason: 'Late' }), token(teacher, other)]);
    expect(late.status).toBe(409);
    expect(join.status).toBe(200);
    expect((await detailOf(student, second.id)).status).toBe('approved');
  });
});

describe('a teacher ends a live session early for both', () => {
  // Minute of the 60-minute session at which it ends → minutes given back (whole half-hours not taught).
  const cases: Array<[number, number]> = [
    [0, 60],
    [29, 30],
    [30, 30],
    [31, 0],
    [59.99, 0],
  ];
  for (const [minute, back] of cases) {
    it(`ended at minute ${minute}: ${back} minutes go back, the rest stays spent`, async () => {
      const { teacher, student } = await pair(3);
      const session = await approved(student, teacher, 10, 1);
      ctx.clock.now = new Date(Date.parse(session.starts_at) + minute * MIN);
      ctx.published.length = 0;
      const done = await end(teacher, session.id);
      expect(done.status).toBe(200);
      expect(done.json.data.status).toBe('finished');
      expect(await balanceMinutesOf(ctx.db, student)).toBe(2 * 60 + back);
      expect((await detailOf(student, session.id)).history.at(-1)).toMatchObject({
        status: 'finished',
        actor_role: 'teacher',
        refunded_minutes: back,
      });
      // Both sides hear it live; the family's screen learns the teacher ended it.
      expect(ctx.published).toContainEqual({
        channels: [`private-user-${student}`, `private-user-${teacher}`],
        event: REQUEST_EVENTS.updated,
        data: { id: session.id, status: 'finished', ended_early: true },
      });
      // The family is asked to rate the lesson it had (a finished lesson, however it ended).
      const told = notificationPageSchema.parse(await (await ctx.as(student).get('/api/v1/notifications')).json()).data;
      expect(told.filter((n) => n.type === 'session_finished').map((n) => n.params.request_id)).toEqual([session.id]);
      // Once.
      expect((await end(teacher, session.id)).status).toBe(409);
      expect(await balanceMinutesOf(ctx.db, student)).toBe(2 * 60 + back);
    });
  }

  it('at the end there is nothing to end early: the time-up finish stands and nothing goes back', async () => {
    const { teacher, student } = await pair(3);
    const session = await approved(student, teacher, 10, 1);
    ctx.clock.now = new Date(Date.parse(session.ends_at));
    expect((await end(teacher, session.id)).status).toBe(409);
    const detail = await detailOf(student, session.id);
    expect(detail.status).toBe('finished');
    expect(detail.history.at(-1)).toMatchObject({ status: 'finished', actor_role: 'system' });
    expect(await balanceMinutesOf(ctx.db, student)).toBe(2 * 60);
  });

  it('counts whole half-hours of a longer session, and only its teacher may end it, only while it runs', async () => {
    const { teacher, student } = await pair(3);
    const other = await makeTeacher(ctx.db);
    const session = await approved(student, teacher, 10, 2);
    ctx.clock.now = new Date(Date.parse(session.starts_at) - 11 * MIN);
    expect((await end(teacher, session.id)).status).toBe(409);
    ctx.clock.now = new Date(Date.parse(session.starts_at) + 31 * MIN);
    expect((await end(student, session.id)).status).toBe(409);
    expect((await end(other, session.id)).status).toBe(404);
    expect((await end(teacher, session.id)).status).toBe(200);
    // 89 minutes not taught: two whole half-hours.
    expect(await balanceMinutesOf(ctx.db, student)).toBe(1 * 60 + 60);
  });

  it('gives the free trial back only when nothing of it was taught', async () => {
    for (const [minute, restored] of [
      [0, true],
      [29, false],
    ] as const) {
      const teacher = await makeTeacher(ctx.db);
      const student = await makeStudent(ctx.db, { freeTrial: true });
      const session = await approved(student, teacher, 10, 1);
      ctx.clock.now = new Date(Date.parse(session.starts_at) + minute * MIN);
      expect((await end(teacher, session.id)).status).toBe(200);
      const flag = await ctx.db.one<{ has_free_session: boolean }>('SELECT has_free_session FROM users WHERE id = $1', [student]);
      expect(flag?.has_free_session).toBe(restored);
      ctx.clock.now = new Date(Date.parse(session.starts_at) - 10 * HOUR);
    }
  });

  it('after the early end both screens still record leaving the call; nobody joins again', async () => {
    const { teacher, student } = await pair(3);
    const session = await approved(student, teacher, 10, 1);
    ctx.clock.now = new Date(Date.parse(session.starts_at) + 20 * MIN);
    const channel = (await detailOf(student, session.id)).channel_name!;
    const event = (userId: number, type: string) => ctx.as(userId).post(`/api/v1/sessions/${channel}/events`, { type });
    expect((await event(student, 'joined')).status).toBe(201);
    expect((await end(teacher, session.id)).status).toBe(200);
    // The screens leave the call after the server finished the request (the family's on the realtime notice).
    expect((await event(teacher, 'left')).status).toBe(201);
    expect((await event(student, 'left')).status).toBe(201);
    expect((await event(student, 'joined')).status).toBe(409);
    expect((await ctx.as(student).post(`/api/v1/sessions/${channel}/token`)).status).toBe(409);
    const attendance = await body<{ participants: Array<{ role: string; events: Array<{ type: string }> }> }>(
      await ctx.as(student).get(`/api/v1/sessions/${channel}/attendance`),
    );
    const family = attendance.data.participants.find((p) => p.role === 'student');
    expect(family?.events.map((e) => e.type)).toEqual(['joined', 'left']);
  });

  it("the teacher's statement counts the whole minutes taught of a session ended early", async () => {
    const { teacher, student } = await pair(3);
    const session = await approved(student, teacher, 10, 1);
    ctx.clock.now = new Date(Date.parse(session.starts_at) + 29 * MIN + 30_000);
    expect((await end(teacher, session.id)).status).toBe(200);
    const res = await ctx.as(teacher).get('/api/v1/instructor/earnings?month=2030-01');
    expect(res.status).toBe(200);
    const line = earningsStatementResponseSchema.parse(await res.json()).data.lines.find((l) => l.request_id === session.id);
    expect(line).toMatchObject({ booked_minutes: 60, counted_minutes: 29, basis: 'ended_early' });
  });
});
