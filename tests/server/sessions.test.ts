// The live-session API: only the student and the teacher of an approved request get a token
// for its channel, only inside its window; the token decodes to the right channel, uid and expiry;
// attendance events are recorded and summed; the end finishes the request; the fake relay exists only
// when the test server turns it on.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Attendance, SessionGrant } from '../../contract/sessions';
import { SESSION_NOT_OPEN_YET } from '../../contract/session-values';
import { sessionAttendance } from '../../server/modules/sessions';
import { attendanceOf } from '../../server/modules/sessions/attendance';
import { seededDb } from './helpers';
import {
  AccessToken2,
  APP_ID,
  HOUR,
  kRtcServiceType,
  makeSession,
  MIN,
  ServiceRtc,
  sessionsApp as sessionsAppOn,
  START,
} from './sessions-helpers';
import { perFile } from './support/per-file';

const t = perFile(seededDb);
const sessionsApp = (options?: Parameters<typeof sessionsAppOn>[1]) => sessionsAppOn(t.db, options);

describe('POST v1/sessions/:channel/token', () => {
  it('gives the student and the teacher a token for that channel, their uid, expiring with the session', async () => {
    const f = await makeSession(t.db);
    const { as } = sessionsApp();
    // Both sides learn the teacher's first name: the family's screen names who is on the other tile.
    const teacher = await t.db.one<{ first_name: string; gender: string }>('SELECT first_name, gender FROM users WHERE id = $1', [
      f.teacher,
    ]);
    for (const [userId, role] of [
      [f.student, 'student'],
      [f.teacher, 'teacher'],
    ] as const) {
      const res = await as(userId).post(`/api/v1/sessions/${f.channel}/token`);
      expect(res.status).toBe(200);
      const grant = ((await res.json()) as { data: SessionGrant }).data;
      expect(grant).toMatchObject({
        request_id: f.requestId,
        channel_name: f.channel,
        app_id: APP_ID,
        uid: userId,
        role,
        teacher_first_name: teacher!.first_name,
        teacher_gender: teacher!.gender,
        video_configured: true,
        rtc_adapter: 'agora',
        ends_at: new Date(START.getTime() + HOUR).toISOString(),
      });
      const token = new AccessToken2();
      expect(token.from_string(grant.token!)).toBe(true);
      expect(String(token.appId)).toBe(APP_ID);
      const rtc = token.getServices(kRtcServiceType)[0]!;
      expect(String(rtc.__channel_name)).toBe(f.channel);
      expect(String(rtc.__uid)).toBe(String(userId));
      // Valid for exactly the rest of the session (clock at the start: one hour).
      expect(token.expire).toBe(3600);
      expect(rtc.__privileges[ServiceRtc.kPrivilegeJoinChannel]).toBe(3600);
    }
  });

  it('refuses everyone else: no login 401, unknown channel 404, a non-participant 403 (localized)', async () => {
    const f = await makeSession(t.db);
    const { as } = sessionsApp();
    expect((await as(null).post(`/api/v1/sessions/${f.channel}/token`)).status).toBe(401);
    const unknown = await as(f.student).post(`/api/v1/sessions/${randomBytes(16).toString('hex')}/token`);
    expect(unknown.status).toBe(404);
    expect((await as(f.student).post(`/api/v1/sessions/not a channel!/token`)).status).toBe(404);
    for (const outsider of [f.stranger, f.otherTeacher]) {
      const res = await as(outsider, 'ar').post(`/api/v1/sessions/${f.channel}/token`);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe('هذه الحصة ليست لك، فلا يمكنك الانضمام إليها');
    }
    const en = await as(f.stranger, 'en').post(`/api/v1/sessions/${f.channel}/token`);
    expect(((await en.json()) as { message: string }).message).toBe('This session is not yours, so you cannot join it');
  });

  it('only inside the window: from 10 minutes before the start until the end', async () => {
    const f = await makeSession(t.db);
    const { as, clock } = sessionsApp();
    const at = async (ms: number) => {
      clock.now = new Date(START.getTime() + ms);
      return (await as(f.student).post(`/api/v1/sessions/${f.channel}/token`)).status;
    };
    expect(await at(-10 * MIN - 1)).toBe(409);
    expect(await at(-10 * MIN)).toBe(200);
    expect(await at(HOUR - 1)).toBe(200);
    expect(await at(HOUR)).toBe(409);
    clock.now = new Date(START.getTime() - 11 * MIN);
    const early = await as(f.student).post(`/api/v1/sessions/${f.channel}/token`);
    const body = (await early.json()) as { message: string; code: string };
    expect(body.message).toMatch(/10 minutes before/);
    // The code says which refusal waiting can change (the screen offers "Try again" for it alone).
    expect(body.code).toBe(SESSION_NOT_OPEN_YET);
    clock.now = new Date(START.getTime() + HOUR);
    const over = await as(f.student).post(`/api/v1/sessions/${f.channel}/token`);
    expect(((await over.json()) as { code: string }).code).toBe('session_over');
  });

  it('refuses a request that is not approved', async () => {
    const { as } = sessionsApp();
    for (const status of ['pending', 'rejected', 'canceled', 'expired', 'finished']) {
      const f = await makeSession(t.db, status);
      expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/token`)).status).toBe(409);
    }
  });

  it('without Agora credentials: no token, a clear video_not_configured flag, the lifecycle still allowed', async () => {
    const f = await makeSession(t.db);
    const { as } = sessionsApp({ agora: false });
    const res = await as(f.teacher).post(`/api/v1/sessions/${f.channel}/token`);
    expect(res.status).toBe(200);
    const grant = ((await res.json()) as { data: SessionGrant }).data;
    expect(grant).toMatchObject({ token: null, app_id: null, video_configured: false, rtc_adapter: 'none' });
  });
});

describe('attendance', () => {
  it('records joined, reconnecting, reconnected and left, and sums minutes present and lost', async () => {
    const f = await makeSession(t.db);
    await t.db.query(
      `UPDATE children SET first_name = 'ليلى', gender = 'female' WHERE id = (SELECT child_id FROM requests WHERE id = $1)`,
      [f.requestId],
    );
    const { as, clock } = sessionsApp();
    const send = async (userId: number, type: string, minute: number) => {
      clock.now = new Date(START.getTime() + minute * MIN);
      return (await as(userId).post(`/api/v1/sessions/${f.channel}/events`, { type })).status;
    };
    expect(await send(f.student, 'joined', 0)).toBe(201);
    expect(await send(f.teacher, 'joined', 2)).toBe(201);
    expect(await send(f.student, 'reconnecting', 10)).toBe(201);
    expect(await send(f.student, 'reconnected', 13)).toBe(201);
    expect(await send(f.teacher, 'left', 30)).toBe(201);
    expect(await send(f.student, 'left', 40)).toBe(201);
    // Others cannot write or read it; bad types are a 400.
    expect(await send(f.stranger, 'joined', 41)).toBe(403);
    expect(await send(f.student, 'dancing', 41)).toBe(400);

    clock.now = new Date(START.getTime() + 50 * MIN);
    expect((await as(f.stranger).get(`/api/v1/sessions/${f.channel}/attendance`)).status).toBe(403);
    const res = await as(f.teacher).get(`/api/v1/sessions/${f.channel}/attendance`);
    expect(res.status).toBe(200);
    const attendance = ((await res.json()) as { data: Attendance }).data;
    const student = attendance.participants.find((p) => p.role === 'student')!;
    const teacher = attendance.participants.find((p) => p.role === 'teacher')!;
    // The learner is the child the lesson is for, in the child's gender, not the account's holder.
    expect(student).toMatchObject({ first_name: 'ليلى', gender: 'female', minutes_present: 37, minutes_lost_to_reconnection: 3 });
    expect(teacher).toMatchObject({ first_name: 'هدى', gender: 'male' });
    expect(student.first_joined_at).toBe(START.toISOString());
    expect(student.events.map((e) => e.type)).toEqual(['joined', 'reconnecting', 'reconnected', 'left']);
    expect(teacher).toMatchObject({ minutes_present: 28, minutes_lost_to_reconnection: 0 });
    // The same figures for the requests module's session details.
    expect(await sessionAttendance(t.db, f.requestId, clock.now)).toEqual(attendance);
  });

  it('refuses events outside the window, but takes a late "left" from the time-up screen', async () => {
    const f = await makeSession(t.db);
    const { as, clock } = sessionsApp();
    clock.now = new Date(START.getTime() - 20 * MIN);
    expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/events`, { type: 'joined' })).status).toBe(409);
    clock.now = new Date(START.getTime() + HOUR + MIN);
    expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/events`, { type: 'joined' })).status).toBe(409);
    expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/events`, { type: 'left' })).status).toBe(201);
  });

  it('dates an event delivered late by its own time, within five minutes, never in the future', async () => {
    const f = await makeSession(t.db);
    const { as, clock } = sessionsApp();
    clock.now = new Date(START.getTime() + 30 * MIN);
    const send = (type: string, at: Date) => as(f.student).post(`/api/v1/sessions/${f.channel}/events`, { type, at: at.toISOString() });
    expect((await send('joined', new Date(START.getTime() + 27 * MIN))).status).toBe(201);
    expect((await send('reconnecting', new Date(START.getTime() - 60 * MIN))).status).toBe(201);
    expect((await send('reconnected', new Date(START.getTime() + 90 * MIN))).status).toBe(201);
    expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/events`, { type: 'left', at: 'yesterday' })).status).toBe(400);
    const rows = await t.db.query<{ type: string; at: Date }>('SELECT type, at FROM session_events WHERE request_id = $1 ORDER BY id', [
      f.requestId,
    ]);
    expect(rows.map((r) => [r.type, (r.at.getTime() - START.getTime()) / MIN])).toEqual([
      ['joined', 27],
      ['reconnecting', 25],
      ['reconnected', 30],
    ]);
  });

  it('counts an open interval until the end, and reconnection that never recovered as lost', () => {
    const at = (m: number) => new Date(START.getTime() + m * MIN);
    const figures = attendanceOf(
      [
        { type: 'joined', at: at(0) },
        { type: 'reconnecting', at: at(50) },
      ],
      at(60),
    );
    expect(figures.presentMs).toBe(50 * MIN);
    expect(figures.lostMs).toBe(10 * MIN);
    // Dropped, then joined again: the gap is lost time, not presence.
    const rejoined = attendanceOf(
      [
        { type: 'joined', at: at(0) },
        { type: 'reconnecting', at: at(10) },
        { type: 'joined', at: at(12) },
        { type: 'left', at: at(20) },
      ],
      at(60),
    );
    expect(rejoined.presentMs).toBe(18 * MIN);
    expect(rejoined.lostMs).toBe(2 * MIN);
  });
});

describe('POST v1/sessions/:channel/end', () => {
  it('finishes the request through the request machine once the time is up, not before', async () => {
    const f = await makeSession(t.db);
    const { as, clock } = sessionsApp();
    clock.now = new Date(START.getTime() + 30 * MIN);
    expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/end`)).status).toBe(409);
    expect((await as(f.stranger).post(`/api/v1/sessions/${f.channel}/end`)).status).toBe(403);
    clock.now = new Date(START.getTime() + HOUR);
    const res = await as(f.student).post(`/api/v1/sessions/${f.channel}/end`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('finished');
    // Twice is fine (both participants' screens send it).
    const again = await as(f.teacher).post(`/api/v1/sessions/${f.channel}/end`);
    expect(((await again.json()) as { data: { status: string } }).data.status).toBe('finished');
    const row = await t.db.one<{ status: string }>('SELECT status FROM requests WHERE id = $1', [f.requestId]);
    expect(row?.status).toBe('finished');
    const history = await t.db.query<{ status: string; actor_role: string }>(
      'SELECT status, actor_role FROM request_history WHERE request_id = $1',
      [f.requestId],
    );
    expect(history).toContainEqual({ status: 'finished', actor_role: 'system' });
    // Announced as the sweep's timer would: the family (only) is asked once to rate the lesson.
    const told = await t.db.query<{ user_id: number; type: string }>(
      "SELECT user_id, type FROM notifications WHERE type = 'session_finished' AND (params->>'request_id')::int = $1",
      [f.requestId],
    );
    expect(told).toEqual([{ user_id: f.student, type: 'session_finished' }]);
  });
});

describe('the fake RTC relay (test server only)', () => {
  it('does not exist unless turned on, and never in production', async () => {
    const f = await makeSession(t.db);
    for (const options of [{}, { fakeRtc: true, production: true }]) {
      const { as } = sessionsApp(options);
      expect(
        (await as(f.student).post(`/api/v1/sessions/${f.channel}/fake-rtc`, { uid: f.student, quality: 1, present: true })).status,
      ).toBe(404);
      expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/test/ends-in`, { seconds: 5 })).status).toBe(404);
      expect((await as(f.student).post(`/api/v1/sessions/${f.channel}/test/reminders`, { minutes_before: 10 })).status).toBe(404);
    }
  });

  it('relays presence and quality between the two participants only', async () => {
    const f = await makeSession(t.db);
    const { as } = sessionsApp({ fakeRtc: true });
    const beat = async (userId: number, quality: number, present = true) =>
      as(userId).post(`/api/v1/sessions/${f.channel}/fake-rtc`, { uid: userId, quality, present });
    const first = (await (await beat(f.student, 1)).json()) as { data: { peers: unknown[] } };
    expect(first.data.peers).toEqual([]);
    const second = (await (await beat(f.teacher, 2)).json()) as { data: { peers: unknown[] } };
    expect(second.data.peers).toEqual([{ uid: f.student, quality: 1 }]);
    expect((await beat(f.stranger, 1)).status).toBe(403);
    await beat(f.teacher, 2, false);
    const after = (await (await beat(f.student, 1)).json()) as { data: { peers: unknown[] } };
    expect(after.data.peers).toEqual([]);
    const grant = ((await (await as(f.student).post(`/api/v1/sessions/${f.channel}/token`)).json()) as { data: SessionGrant }).data;
    expect(grant.rtc_adapter).toBe('fake');
  });
});
