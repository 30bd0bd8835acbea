// GET v1/teachers/:id/availability over HTTP (PGlite here, PostgreSQL with scripts/test-pg.sh): the
// teacher's zone, pending and approved sessions held, an offered slot booked and then "just taken"
// for the next student (409), a teacher without hours, refusals of bad input.
//
// And a teacher's time off (v1/instructor/time-off): added, listed and removed by its teacher only;
// checked and refused with localized messages; honoured by every use of the availability rule (free
// slots, the booking check, "available now", a broadcast's teachers); the sessions already booked
// inside it listed to the teacher; a booking racing a new time off either lands in that list or is
// refused — never both missed. A teacher's week (v1/instructor/calendar): their booked, pending and
// offered sessions and time off, in their zone, nobody else's. One file, so one seeded server.
import { describe, expect, it } from 'vitest';
import type { Availability } from '../../contract/availability';
import type { TeacherWeek } from '../../contract/teacher-calendar';
import { REQUEST_EVENTS } from '../../contract/requests';
import type { TimeOff } from '../../contract/time-off';
import { issueToken } from '../../server/modules/auth/tokens';
import { HOUR, T0, body, creditHours, makeStudent, makeTeacher, requestsFile, scheduleBody } from './requests-helpers';

const ctx = requestsFile();

async function availability(teacher: number, query = ''): Promise<{ status: number; data: Availability; json: Record<string, unknown> }> {
  const res = await ctx.as(null).get(`/api/v1/teachers/${teacher}/availability${query}`);
  const json = (await res.json()) as { data: Availability } & Record<string, unknown>;
  return { status: res.status, data: json.data, json };
}

describe('GET v1/teachers/:id/availability', () => {
  it('answers UTC starts from the teacher’s hours in their own zone', async () => {
    // T0 is Sunday 2030-01-06 06:00Z. Monday 09:00–11:00 in each teacher's zone.
    const qatar = await makeTeacher(ctx.db, { hours: [[1, '09:00', '11:00']] });
    const london = await makeTeacher(ctx.db, { hours: [[1, '09:00', '11:00']] });
    await ctx.db.query(`UPDATE users SET time_zone = 'Europe/London' WHERE id = $1`, [london]);
    const q = await availability(qatar, '?days=3');
    expect(q.status).toBe(200);
    expect(q.data.time_zone).toBe('Asia/Qatar');
    expect(q.data.slots).toEqual(['2030-01-07T06:00:00.000Z', '2030-01-07T06:30:00.000Z', '2030-01-07T07:00:00.000Z']);
    const l = await availability(london, '?days=3&duration=2');
    expect(l.data.time_zone).toBe('Europe/London');
    expect(l.data.slots).toEqual(['2030-01-07T09:00:00.000Z']);
    expect(l.data.no_working_hours).toBe(false);
    // The teacher page names the same zone.
    const detail = (await (await ctx.as(null).get(`/api/v1/teachers/${london}`)).json()) as { data: { time_zone: string } };
    expect(detail.data.time_zone).toBe('Europe/London');
  });

  it('books an offered slot; the next student asking for it is told it was just taken, and it is no longer offered', async () => {
    const teacher = await makeTeacher(ctx.db, { hours: [[0, '08:00', '12:00']] });
    const first = await makeStudent(ctx.db);
    const second = await makeStudent(ctx.db);
    await creditHours(ctx.db, first, 5);
    await creditHours(ctx.db, second, 5);
    const before = await availability(teacher, '?days=1');
    // Sunday 09:00 Qatar now: the first start is 10:00 (one hour ahead), the last 11:00.
    expect(before.data.slots).toEqual(['2030-01-06T07:00:00.000Z', '2030-01-06T07:30:00.000Z', '2030-01-06T08:00:00.000Z']);
    const slot = new Date(before.data.slots[0]!);
    expect((await ctx.as(first).post('/api/v1/requests', scheduleBody(teacher, ctx.math, slot))).status).toBe(201);
    // A pending request holds the teacher: its time and the overlapping half hour leave the offer.
    expect((await availability(teacher, '?days=1')).data.slots).toEqual(['2030-01-06T08:00:00.000Z']);
    const late = await ctx.as(second).post('/api/v1/requests', scheduleBody(teacher, ctx.math, slot));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      code: 'slot_taken',
      message: 'Someone has just booked this time. Please choose another time',
    });
    const ar = await ctx.as(second, 'ar').post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(slot.getTime() + HOUR / 2)));
    expect(await ar.json()).toMatchObject({ code: 'slot_taken', message: 'حجز طالب آخر هذا الموعد قبل لحظات، يرجى اختيار وقت آخر' });
  });

  it('says when the teacher can take an urgent request now, from the same rule', async () => {
    const teacher = await makeTeacher(ctx.db, { hours: [[0, '08:00', '11:00']] });
    expect((await availability(teacher, '?duration=2')).data.available_now).toBe(true);
    expect((await availability(teacher, '?duration=3')).data.available_now).toBe(false);
    ctx.clock.now = new Date(T0.getTime() + 3 * HOUR);
    expect((await availability(teacher)).data.available_now).toBe(false);
  });

  it('flags a teacher without working hours and offers nothing', async () => {
    const teacher = await makeTeacher(ctx.db, { hours: [] });
    const a = await availability(teacher);
    expect(a.data).toMatchObject({ no_working_hours: true, slots: [], available_now: false });
  });

  it('refuses bad input with 400 and unknown or inactive teachers with 404', async () => {
    const teacher = await makeTeacher(ctx.db);
    const inReview = await makeTeacher(ctx.db, { status: 'in_review' });
    for (const q of ['?duration=7', '?duration=0', '?days=40', '?from=yesterday'])
      expect((await availability(teacher, q)).status).toBe(400);
    expect((await availability(inReview)).status).toBe(404);
    expect((await availability(99_999_999)).status).toBe(404);
    expect((await ctx.as(null).get('/api/v1/teachers/abc/availability')).status).toBe(404);
    // A window asked in the past starts now.
    const past = await availability(teacher, `?from=${encodeURIComponent('2029-01-01T00:00:00Z')}&days=1`);
    expect(past.data.from).toBe(T0.toISOString());
  });
});

// T0 is Sunday 2030-01-06 06:00Z, 09:00 in Qatar. Monday 2030-01-07 in Qatar is 2030-01-06T21:00Z – 2030-01-07T21:00Z.
const MONDAY = '2030-01-07';
const MONDAY_10_QATAR = new Date('2030-01-07T07:00:00.000Z');

async function del(userId: number, path: string, locale: 'ar' | 'en' = 'en'): Promise<Response> {
  const token = await issueToken(ctx.db, userId, new Date());
  return ctx.app.request(path, { method: 'DELETE', headers: { Authorization: `Bearer ${token}`, 'Accept-Language': locale } });
}

const addTimeOff = (teacher: number, first: string, last: string, locale: 'ar' | 'en' = 'en') =>
  ctx.as(teacher, locale).post('/api/v1/instructor/time-off', { first_day: first, last_day: last });

async function slots(teacher: number, query: string): Promise<Availability> {
  return (await body<Availability>(await ctx.as(null).get(`/api/v1/teachers/${teacher}/availability${query}`))).data;
}

describe('v1/instructor/time-off', () => {
  it('adds, lists and removes a teacher’s own days off; others get 403 or 404', async () => {
    const teacher = await makeTeacher(ctx.db);
    const other = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    const added = await addTimeOff(teacher, MONDAY, '2030-01-08');
    expect(added.status).toBe(201);
    const entry = (await body<TimeOff>(added)).data;
    expect(entry).toMatchObject({
      first_day: MONDAY,
      last_day: '2030-01-08',
      time_zone: 'Asia/Qatar',
      starts_at: '2030-01-06T21:00:00.000Z',
      ends_at: '2030-01-08T21:00:00.000Z',
      sessions: [],
    });
    expect((await body<TimeOff[]>(await ctx.as(teacher).get('/api/v1/instructor/time-off'))).data.map((e) => e.id)).toEqual([entry.id]);
    expect((await body<TimeOff[]>(await ctx.as(other).get('/api/v1/instructor/time-off'))).data).toEqual([]);
    expect((await ctx.as(family).get('/api/v1/instructor/time-off')).status).toBe(403);
    expect((await ctx.as(family).post('/api/v1/instructor/time-off', { first_day: MONDAY, last_day: MONDAY })).status).toBe(403);
    expect((await ctx.as(null).get('/api/v1/instructor/time-off')).status).toBe(401);
    // Another teacher cannot remove it, nor learn that it exists.
    const foreign = await del(other, `/api/v1/instructor/time-off/${entry.id}`);
    expect(foreign.status).toBe(404);
    expect((await del(other, '/api/v1/instructor/time-off/abc')).status).toBe(404);
    const gone = await del(teacher, `/api/v1/instructor/time-off/${entry.id}`, 'ar');
    expect(gone.status).toBe(200);
    expect((await body(gone)).message).toBe('تم حذف الإجازة');
    expect((await del(teacher, `/api/v1/instructor/time-off/${entry.id}`)).status).toBe(404);
    // Once its days are over, an entry leaves the list.
    await addTimeOff(teacher, '2030-01-06', '2030-01-06');
    ctx.clock.now = new Date(T0.getTime() + 24 * HOUR);
    expect((await body<TimeOff[]>(await ctx.as(teacher).get('/api/v1/instructor/time-off'))).data).toEqual([]);
  });

  it('refuses reversed, over-long, past and malformed days with localized messages, and writes nothing', async () => {
    const teacher = await makeTeacher(ctx.db);
    const errorsOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return (await body(res)).errors;
    };
    expect(await errorsOf(await addTimeOff(teacher, '2030-01-09', MONDAY))).toEqual({
      last_day: ['The last day must be on or after the first day'],
    });
    expect(await errorsOf(await addTimeOff(teacher, '2030-01-09', MONDAY, 'ar'))).toEqual({
      last_day: ['يجب أن يكون اليوم الأخير في يوم البداية أو بعده'],
    });
    expect(await errorsOf(await addTimeOff(teacher, MONDAY, '2030-04-09'))).toEqual({
      last_day: ['Time off can cover at most 92 days at a time'],
    });
    expect(await errorsOf(await addTimeOff(teacher, '2030-01-01', '2030-01-05'))).toEqual({
      last_day: ['These days are over; choose days from today on'],
    });
    expect(await errorsOf(await addTimeOff(teacher, '2030-02-30', 'tomorrow'))).toMatchObject({
      first_day: ['This value is not valid'],
      last_day: ['This value is not valid'],
    });
    expect(await errorsOf(await ctx.as(teacher).post('/api/v1/instructor/time-off', {}))).toMatchObject({
      first_day: ['This field is required'],
    });
    // The days are the teacher's: at Sunday 02:00 in Qatar it is still Saturday in London.
    ctx.clock.now = new Date('2030-01-05T23:00:00.000Z');
    await ctx.db.query(`UPDATE users SET time_zone = 'Europe/London' WHERE id = $1`, [teacher]);
    expect((await addTimeOff(teacher, '2030-01-05', '2030-01-05')).status).toBe(201);
    expect((await body<TimeOff[]>(await ctx.as(teacher).get('/api/v1/instructor/time-off'))).data).toMatchObject([
      { first_day: '2030-01-05', time_zone: 'Europe/London', starts_at: '2030-01-05T00:00:00.000Z', ends_at: '2030-01-06T00:00:00.000Z' },
    ]);
  });

  it('takes the days out of the free slots, the booking check, available now and a broadcast’s teachers', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'مجاز' });
    const colleague = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 10);
    const before = await slots(teacher, '?days=3');
    expect(before.slots.some((s) => s.startsWith(MONDAY))).toBe(true);
    expect(before.available_now).toBe(true);

    expect((await addTimeOff(teacher, '2030-01-06', MONDAY)).status).toBe(201);
    const after = await slots(teacher, '?days=3');
    // Nothing before Tuesday 00:00 in Qatar (Monday 21:00Z).
    expect(after.slots[0]).toBe('2030-01-07T21:00:00.000Z');
    expect(after.available_now).toBe(false);
    const refused = await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, MONDAY_10_QATAR));
    expect(refused.status).toBe(400);
    expect((await body(refused)).errors).toHaveProperty('starts_at');
    const urgent = await ctx
      .as(student)
      .post('/api/v1/requests', { teacher_id: teacher, subject_id: ctx.math, type: 'urgent', duration_hours: 1, broadcast: false });
    expect(urgent.status).toBe(400);

    // The teachers list's "available now" filter leaves them out.
    const list = await body<{ id: number }[]>(
      await ctx.as(null).get(`/api/v1/teachers?available_now=1&search=${encodeURIComponent('مجاز')}`),
    );
    expect(list.data.map((t) => t.id)).not.toContain(teacher);

    // A broadcast from the colleague's request does not reach the teacher away.
    const broadcast = await ctx
      .as(student)
      .post('/api/v1/requests', scheduleBody(colleague, ctx.math, MONDAY_10_QATAR, 1, { broadcast: true }));
    expect(broadcast.status).toBe(201);
    const reached = ctx.published.find((p) => p.event === REQUEST_EVENTS.offered)!.channels;
    expect(reached).toContain(`private-user-${colleague}`);
    expect(reached).not.toContain(`private-user-${teacher}`);

    // Removing the time off gives the days back.
    const id = (await body<TimeOff[]>(await ctx.as(teacher).get('/api/v1/instructor/time-off'))).data[0]!.id;
    expect((await del(teacher, `/api/v1/instructor/time-off/${id}`)).status).toBe(200);
    expect((await slots(teacher, '?days=3')).available_now).toBe(true);
    expect((await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, MONDAY_10_QATAR))).status).toBe(201);
  });

  it('lists the pending and approved sessions inside a new time off, and tells the teacher to cancel or move them', async () => {
    const teacher = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 10);
    const book = async (at: Date) =>
      (await body<{ id: number }>(await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, at)))).data.id;
    const pending = await book(MONDAY_10_QATAR);
    const approved = await book(new Date(MONDAY_10_QATAR.getTime() + 3 * HOUR));
    expect((await ctx.as(teacher).post(`/api/v1/requests/${approved}/approve`)).status).toBe(200);
    const outside = await book(new Date('2030-01-08T07:00:00.000Z'));
    const res = await addTimeOff(teacher, MONDAY, MONDAY, 'ar');
    expect(res.status).toBe(201);
    const answer = await body<TimeOff>(res);
    expect(answer.message).toBe('تمت إضافة الإجازة، ولديك حصص محجوزة خلالها: ألغها أو انقلها إلى موعد آخر');
    expect(answer.data.sessions).toEqual([
      {
        id: pending,
        status: 'pending',
        starts_at: MONDAY_10_QATAR.toISOString(),
        ends_at: new Date(MONDAY_10_QATAR.getTime() + HOUR).toISOString(),
      },
      {
        id: approved,
        status: 'approved',
        starts_at: new Date(MONDAY_10_QATAR.getTime() + 3 * HOUR).toISOString(),
        ends_at: new Date(MONDAY_10_QATAR.getTime() + 4 * HOUR).toISOString(),
      },
    ]);
    expect(answer.data.sessions.map((s) => s.id)).not.toContain(outside);
    // The sessions stay booked: the time off does not cancel them; the list keeps showing them.
    const listed = (await body<TimeOff[]>(await ctx.as(teacher).get('/api/v1/instructor/time-off'))).data;
    expect(listed[0]!.sessions.map((s) => s.id)).toEqual([pending, approved]);
    const statuses = await ctx.db.query<{ status: string }>('SELECT status FROM requests WHERE id = ANY($1::int[]) ORDER BY id', [
      [pending, approved],
    ]);
    expect(statuses.map((s) => s.status)).toEqual(['pending', 'approved']);
  });

  it('a booking racing a new time off is either listed in it or refused', async () => {
    for (let round = 0; round < 3; round++) {
      const teacher = await makeTeacher(ctx.db);
      const student = await makeStudent(ctx.db);
      await creditHours(ctx.db, student, 5);
      const [booking, timeOff] = await Promise.all([
        ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, MONDAY_10_QATAR)),
        addTimeOff(teacher, MONDAY, MONDAY),
      ]);
      expect(timeOff.status).toBe(201);
      const sessions = (await body<TimeOff>(timeOff)).data.sessions;
      if (booking.status === 201) {
        const id = (await body<{ id: number }>(booking)).data.id;
        expect(sessions.map((s) => s.id)).toEqual([id]);
      } else {
        expect(booking.status).toBe(400);
        expect(sessions).toEqual([]);
        const held = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM requests WHERE teacher_id = $1', [teacher]);
        expect(held!.n).toBe(0);
      }
    }
  });
});

describe('GET v1/instructor/calendar', () => {
  const week = async (teacher: number, query = '', locale: 'ar' | 'en' = 'en') =>
    (await body<TeacherWeek>(await ctx.as(teacher, locale).get(`/api/v1/instructor/calendar${query}`))).data;

  it('gives the teacher’s week in their zone: booked, pending and still-open offers, and time off; nothing of others', async () => {
    const teacher = await makeTeacher(ctx.db);
    const colleague = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 20);
    const book = async (at: Date, extra: Record<string, unknown> = {}, to = teacher) =>
      (await body<{ id: number }>(await ctx.as(student).post('/api/v1/requests', scheduleBody(to, ctx.math, at, 1, extra)))).data.id;
    const pending = await book(MONDAY_10_QATAR);
    const approved = await book(new Date(MONDAY_10_QATAR.getTime() + 3 * HOUR));
    expect((await ctx.as(teacher).post(`/api/v1/requests/${approved}/approve`)).status).toBe(200);
    const canceled = await book(new Date(MONDAY_10_QATAR.getTime() + 5 * HOUR));
    expect((await ctx.as(student).post(`/api/v1/requests/${canceled}/cancel`)).status).toBe(200);
    // Tuesday: a colleague's broadcast still open (offered), and one the colleague took (not shown).
    const TUESDAY_10 = new Date(MONDAY_10_QATAR.getTime() + 24 * HOUR);
    const offered = await book(TUESDAY_10, { broadcast: true }, colleague);
    const taken = await book(new Date(TUESDAY_10.getTime() + 2 * HOUR), { broadcast: true }, colleague);
    expect((await ctx.as(colleague).post(`/api/v1/requests/${taken}/approve`)).status).toBe(200);
    const nextWeek = await book(new Date(MONDAY_10_QATAR.getTime() + 7 * 24 * HOUR));
    expect((await addTimeOff(teacher, '2030-01-09', '2030-01-09')).status).toBe(201);
    expect((await addTimeOff(teacher, '2030-01-15', '2030-01-16')).status).toBe(201);

    const w = await week(teacher, '', 'ar');
    expect(w).toMatchObject({
      time_zone: 'Asia/Qatar',
      first_day: '2030-01-06',
      from: '2030-01-05T21:00:00.000Z',
      to: '2030-01-12T21:00:00.000Z',
    });
    expect(w.sessions.map((s) => [s.id, s.kind, s.status])).toEqual([
      [pending, 'pending', 'pending'],
      [approved, 'booked', 'approved'],
      [offered, 'offered', 'pending'],
    ]);
    expect(w.sessions[0]).toMatchObject({ type: 'schedule', starts_at: MONDAY_10_QATAR.toISOString(), subject: 'الرياضيات' });
    expect(w.sessions[0]!.child).not.toBe('');
    expect(w.time_off.map((t) => [t.first_day, t.last_day])).toEqual([['2030-01-09', '2030-01-09']]);
    // Any day names its week; the colleague reads the open broadcast addressed to them as pending, the one they took as booked.
    const next = await week(teacher, '?week=2030-01-16');
    expect(next.first_day).toBe('2030-01-13');
    expect(next.sessions.map((s) => s.id)).toEqual([nextWeek]);
    expect(next.time_off.map((t) => t.first_day)).toEqual(['2030-01-15']);
    expect((await week(colleague)).sessions.map((s) => [s.id, s.kind])).toEqual([
      [offered, 'pending'],
      [taken, 'booked'],
    ]);
    // Once over, the approved session reads finished and the unanswered one is gone (expired).
    ctx.clock.now = new Date(MONDAY_10_QATAR.getTime() + 5 * HOUR);
    expect((await week(teacher)).sessions.map((s) => [s.id, s.status])).toEqual([
      [approved, 'finished'],
      [offered, 'pending'],
    ]);
    // A family, a guest and a bad week are refused.
    expect((await ctx.as(student).get('/api/v1/instructor/calendar')).status).toBe(403);
    expect((await ctx.as(null).get('/api/v1/instructor/calendar')).status).toBe(401);
    for (const bad of ['2030-02-30', 'next', '1999-01-01', '2030-1-6'])
      expect((await ctx.as(teacher).get(`/api/v1/instructor/calendar?week=${bad}`)).status).toBe(400);
  });
});
