// Teachers' earnings on both drivers: the monthly statement counts a taught session (booked, taken,
// joined by the teacher and finished by the sweep, all over HTTP), a late family cancellation, and
// nothing for a session the teacher missed, cancelled or never took; months follow the teacher's zone;
// a rate an admin sets applies from then on and is audited; a family gets 403 and a teacher sees only
// their own sessions.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { earningsStatementResponseSchema, teacherRateResponseSchema, type EarningsStatement } from '../../contract/earnings';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { sweepRequests } from '../../server/modules/requests';
import { createStaff, issueSession, type StaffRole } from '../../server/modules/staff/service';
import { json, seededDb } from './helpers';
import { creditHours, HOUR, makeStudent, makeTeacher, scheduleBody, subjectId, T0 } from './requests-helpers';
import { perFile } from './support/per-file';

const ADMIN_TOKEN = 'earnings-test-admin-token-0123456789abcdef';

const ctx = perFile(async () => {
  const t = await seededDb();
  const clock = { now: new Date(T0) };
  const app = createApp({
    db: t.db,
    log: createLogger('silent'),
    requests: { now: () => clock.now },
    sessions: { now: () => clock.now },
    admin: { token: ADMIN_TOKEN, loopbackOnly: false },
    earnings: { defaultRate: { amount_minor: 6000, currency: 'QAR' } },
  });
  return { ...t, app, clock, math: await subjectId(t.db) };
});

const bearer = async (user: number) => ({ 'Accept-Language': 'en', Authorization: `Bearer ${await issueToken(ctx.db, user, new Date())}` });
const get = async (user: number, path: string) => ctx.app.request(path, { headers: await bearer(user) });
const post = async (user: number, path: string, body: unknown = {}) => ctx.app.request(path, json(body, await bearer(user)));

async function statement(teacher: number, month?: string): Promise<EarningsStatement> {
  const res = await get(teacher, `/api/v1/instructor/earnings${month ? `?month=${month}` : ''}`);
  expect(res.status).toBe(200);
  return earningsStatementResponseSchema.parse(await res.json()).data;
}

async function staffHeaders(role: StaffRole): Promise<Record<string, string>> {
  const member = (await createStaff(ctx.db, {
    email: `${role}-${randomBytes(4).toString('hex')}@noor.test`,
    name: role,
    role,
    password: 'Secret123',
  }))!;
  const { token } = await issueSession(ctx.db, member.id, new Date());
  return { 'Accept-Language': 'en', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
}

/**
 * A session of `teacher` stored as it would be after its life: approved (unless `approved` is false),
 * then `status` at `closedAt` by `closedBy`; `joined` records the teacher joining at the start.
 */
async function storedSession(
  teacher: number,
  family: number,
  startsAt: Date,
  o: {
    hours?: number;
    status: 'finished' | 'canceled';
    closedBy?: 'student' | 'teacher' | 'system';
    closedAt?: Date;
    approved?: boolean;
    joined?: boolean;
  },
): Promise<number> {
  const ends = new Date(startsAt.getTime() + (o.hours ?? 1) * HOUR);
  const row = (await ctx.db.one<{ id: number }>(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name)
     VALUES ($1, $2, $2, $3, 'schedule', $4, $5, $6, $7, $5, 'hours', $8) RETURNING id`,
    [family, teacher, ctx.math, o.status, startsAt, ends, o.hours ?? 1, `ch-${randomBytes(16).toString('hex')}`],
  ))!;
  const history = 'INSERT INTO request_history (request_id, status, actor_role, at) VALUES ($1, $2, $3, $4)';
  await ctx.db.query(history, [row.id, 'pending', 'student', new Date(startsAt.getTime() - 48 * HOUR)]);
  if (o.approved !== false) await ctx.db.query(history, [row.id, 'approved', 'teacher', new Date(startsAt.getTime() - 47 * HOUR)]);
  await ctx.db.query(history, [row.id, o.status, o.closedBy ?? 'system', o.closedAt ?? ends]);
  if (o.joined)
    await ctx.db.query("INSERT INTO session_events (request_id, user_id, type, at) VALUES ($1, $2, 'joined', $3)", [
      row.id,
      teacher,
      startsAt,
    ]);
  return row.id;
}

describe('a teacher’s monthly statement', () => {
  it('counts what the rules count, at the rate of the day, in the teacher’s month, and only their own', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'هدى' });
    const other = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 10);

    // Taught, over HTTP: booked for 2 hours, taken, joined by the teacher, finished by the sweep.
    const booked = await post(family, '/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 24 * HOUR), 2));
    expect(booked.status).toBe(201);
    const taughtId = ((await booked.json()) as { data: { id: number } }).data.id;
    expect((await post(teacher, `/api/v1/requests/${taughtId}/approve`)).status).toBe(200);
    const detail = (await (await get(teacher, `/api/v1/requests/${taughtId}`)).json()) as { data: { channel_name: string } };
    ctx.clock.now = new Date(T0.getTime() + 24 * HOUR + 60_000);
    expect((await post(teacher, `/api/v1/sessions/${detail.data.channel_name}/events`, { type: 'joined' })).status).toBe(201);
    ctx.clock.now = new Date(T0.getTime() + 27 * HOUR);
    await sweepRequests(ctx.db, ctx.clock.now);

    // Cancelled by the family in time over HTTP: its hours went back, the teacher is not paid.
    const early = await post(family, '/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(ctx.clock.now.getTime() + 48 * HOUR), 1));
    const earlyId = ((await early.json()) as { data: { id: number } }).data.id;
    expect((await post(teacher, `/api/v1/requests/${earlyId}/approve`)).status).toBe(200);
    expect((await post(family, `/api/v1/requests/${earlyId}/cancel`)).status).toBe(200);

    const day = (d: number, h = 10) => new Date(Date.UTC(2030, 0, d, h));
    // Cancelled by the family 2 hours before the start (inside the 6-hour cut-off): counted in full.
    const late = await storedSession(teacher, family, day(12), { status: 'canceled', closedBy: 'student', closedAt: day(12, 8) });
    // Finished without the teacher ever joining; cancelled by the teacher; cancelled while still pending.
    const absent = await storedSession(teacher, family, day(14), { status: 'finished' });
    const byTeacher = await storedSession(teacher, family, day(15), { status: 'canceled', closedBy: 'teacher', closedAt: day(13) });
    await storedSession(teacher, family, day(16), { status: 'canceled', closedBy: 'student', closedAt: day(16, 9), approved: false });
    // 22:30 UTC on 31 January is 01:30 on 1 February in Doha: February's, not January's.
    const february = await storedSession(teacher, family, new Date('2030-01-31T22:30:00Z'), { status: 'finished', joined: true });
    // Another teacher's session the same month.
    await storedSession(other, family, day(20), { status: 'finished', joined: true });

    const january = await statement(teacher, '2030-01');
    expect(january).toMatchObject({
      month: '2030-01',
      time_zone: 'Asia/Qatar',
      teacher: { id: teacher },
      counted_minutes: 180,
      totals: [{ currency: 'QAR', amount_minor: 18000 }],
    });
    expect(january.lines.map((l) => [l.request_id, l.basis, l.booked_minutes, l.counted_minutes, l.earned_minor])).toEqual([
      [taughtId, 'taught', 120, 120, 12000],
      [earlyId, 'not_counted', 60, 0, 0],
      [late, 'cancelled_late', 60, 60, 6000],
      [absent, 'teacher_absent', 60, 0, 0],
      [byTeacher, 'not_counted', 60, 0, 0],
    ]);
    expect(january.lines[0]).toMatchObject({ subject: 'Mathematics', rate: { amount_minor: 6000, currency: 'QAR' } });
    expect((await statement(teacher, '2030-02')).lines.map((l) => l.request_id)).toEqual([february]);
    // Without a month: the current month in the teacher's zone (the clock is in January).
    expect((await statement(teacher)).month).toBe('2030-01');
    // The other teacher sees their own session only.
    expect((await statement(other, '2030-01')).lines.map((l) => l.counted_minutes)).toEqual([60]);

    // A family may not read a statement; a malformed month is a 400, nobody signed in a 401.
    expect((await get(family, '/api/v1/instructor/earnings')).status).toBe(403);
    for (const bad of ['2030-13', '30-01', '2030-1', "2030-01'"])
      expect((await get(teacher, `/api/v1/instructor/earnings?month=${encodeURIComponent(bad)}`)).status).toBe(400);
    expect((await ctx.app.request('/api/v1/instructor/earnings')).status).toBe(401);
  });

  it('pays each session at the rate in force when it started; only an admin sets a rate, and it is audited', async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    const before = await storedSession(teacher, family, new Date('2030-03-02T10:00:00Z'), { status: 'finished', joined: true, hours: 2 });
    const admin = await staffHeaders('admin');
    const support = await staffHeaders('support');

    const read = await ctx.app.request(`/api/admin/teachers/${teacher}/rate`, { headers: support });
    expect(teacherRateResponseSchema.parse(await read.json()).data).toMatchObject({
      current: { amount_minor: 6000, currency: 'QAR' },
      is_default: true,
      effective_from: null,
    });
    const rate = { amount_minor: 7550, currency: 'QAR' };
    expect(
      (await ctx.app.request(`/api/admin/teachers/${teacher}/rate`, { method: 'PUT', headers: support, body: JSON.stringify(rate) }))
        .status,
    ).toBe(403);
    for (const bad of [
      { amount_minor: 75.5, currency: 'QAR' },
      { amount_minor: -1, currency: 'QAR' },
      { amount_minor: 7000, currency: 'qar' },
      { amount_minor: 7000 },
    ]) {
      expect(
        (await ctx.app.request(`/api/admin/teachers/${teacher}/rate`, { method: 'PUT', headers: admin, body: JSON.stringify(bad) })).status,
      ).toBe(400);
    }
    expect(
      (await ctx.app.request(`/api/admin/teachers/${family}/rate`, { method: 'PUT', headers: admin, body: JSON.stringify(rate) })).status,
    ).toBe(404);
    const set = await ctx.app.request(`/api/admin/teachers/${teacher}/rate`, { method: 'PUT', headers: admin, body: JSON.stringify(rate) });
    expect(set.status).toBe(200);
    expect(teacherRateResponseSchema.parse(await set.json()).data).toMatchObject({
      current: rate,
      is_default: false,
      default: { amount_minor: 6000 },
    });
    const audit = await ctx.db.one<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'teachers.rate_set' AND target_id = $1",
      [String(teacher)],
    );
    expect(audit).toMatchObject({ before: { amount_minor: 6000, currency: 'QAR' }, after: rate });

    // The admin API dates a rate by the real clock; the sessions live in 2030. Date it between them.
    await ctx.db.query('UPDATE teacher_rates SET effective_from = $2 WHERE teacher_id = $1', [teacher, new Date('2030-03-10T00:00:00Z')]);
    const after = await storedSession(teacher, family, new Date('2030-03-20T10:00:00Z'), { status: 'finished', joined: true, hours: 1 });
    const march = await statement(teacher, '2030-03');
    expect(march.lines.map((l) => [l.request_id, l.rate.amount_minor, l.earned_minor])).toEqual([
      [before, 6000, 12000],
      [after, 7550, 7550],
    ]);
    expect(march.totals).toEqual([{ currency: 'QAR', amount_minor: 19550 }]);
  });
});
