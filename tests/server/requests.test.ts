// Session requests over HTTP: booking rules and the debit in the same transaction, every transition
// allowed and refused by the request machine, who may see and change what (404 for others' ids), the
// double-approval race, refunds, the sweep, evaluations, lists and realtime notices.
import { describe, expect, it } from 'vitest';
import { REQUEST_EVENTS, type RequestDetail, type RequestSummary } from '../../contract/requests';
import { sweepAndPublish, sweepRequests } from '../../server/modules/requests';
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
  subjectId,
  teacherAndStudent,
} from './requests-helpers';

const ctx = requestsFile();

/** Books `hours` hours with `teacher`, `startsInHours` after the test clock. */
const book = (student: number, teacher: number, startsInHours = 3, hours = 1, extra: Record<string, unknown> = {}) =>
  bookAfter(ctx, student, teacher, startsInHours, hours, extra);

describe('booking', () => {
  it('books a scheduled session, debits the hours in the ledger and offers it to the teacher', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const { res, json } = await book(student, teacher, 3, 2, { comment: '  فصل الكسور  ' });
    expect(res.status).toBe(201);
    expect(json.data).toMatchObject({
      status: 'pending',
      type: 'schedule',
      duration_hours: 2,
      comment: 'فصل الكسور',
      paid_with: 'hours',
      channel_name: null,
    });
    expect(json.data.actions).toEqual(['cancel', 'reschedule']);
    expect(json.data.history).toEqual([expect.objectContaining({ status: 'pending', actor_role: 'student' })]);
    expect(json.data.deadlines.expires_at).toBe(json.data.starts_at);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(3 * 60);
    expect(ctx.published).toContainEqual({
      channels: [`private-user-${teacher}`],
      event: REQUEST_EVENTS.offered,
      data: { id: json.data.id },
    });
  });

  it('refuses a time less than one hour away with the spec message, and writes nothing', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const res = await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 59 * 60_000)));
    expect(res.status).toBe(400);
    const json = await body(res);
    expect(json.code).toBe('schedule_too_soon');
    expect(json.errors?.starts_at).toEqual(['The session time must be at least one hour from now']);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(5 * 60);
    const ar = await ctx.as(student, 'ar').post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 30 * 60_000)));
    expect((await body(ar)).errors?.starts_at).toEqual(['يجب أن يكون موعد الحصة بعد ساعة واحدة على الأقل من الآن']);
  });

  it('refuses a time more than 90 days ahead with a localized message, and writes nothing', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const far = new Date(T0.getTime() + 91 * 24 * 3_600_000);
    const res = await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, far));
    expect(res.status).toBe(400);
    const json = await body(res);
    expect(json.code).toBe('schedule_too_far');
    expect(json.errors?.starts_at).toEqual(['Sessions can be booked up to 90 days ahead. Please choose an earlier time']);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(5 * 60);
    const ar = await ctx.as(student, 'ar').post('/api/v1/requests', scheduleBody(teacher, ctx.math, far));
    expect((await body(ar)).errors?.starts_at).toEqual(['يمكن حجز الحصص حتى 90 يومًا من اليوم فقط، اختر موعدًا أقرب']);
  });

  it('refuses times outside working hours, overlapping an approved session, bad durations and untaught subjects', async () => {
    // Sunday 08:00–12:00 Qatar time only.
    const teacher = await makeTeacher(ctx.db, { hours: [[0, '08:00', '12:00']] });
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 20);
    // T0 is Sunday 09:00 Qatar: 11:00 for 2 hours ends at 13:00, past the slot.
    expect((await book(student, teacher, 2, 2)).json.code).toBe('outside_working_hours');
    expect((await book(student, teacher, 2, 1)).res.status).toBe(201);
    // Approve one at 10:00–11:00, then another at 10:30 overlaps it.
    const first = await book(student, teacher, 1, 1);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${first.json.data.id}/approve`)).status).toBe(200);
    const overlap = await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 1.5 * HOUR)));
    expect(overlap.status).toBe(409);
    expect((await body(overlap)).code).toBe('slot_taken');
    for (const duration of [0, 7, 1.5]) {
      const res = await ctx
        .as(student)
        .post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 2 * HOUR), duration));
      expect(res.status).toBe(400);
      expect((await body(res)).errors?.duration_hours).toEqual(['The session must last from 1 to 6 hours']);
    }
    const physics = await subjectId(ctx.db, 'physics');
    const res = await ctx.as(student).post('/api/v1/requests', { ...scheduleBody(teacher, physics, new Date(T0.getTime() + 2 * HOUR)) });
    expect((await body(res)).code).toBe('subject_not_taught');
    const missing = await ctx
      .as(student)
      .post('/api/v1/requests', { teacher_id: teacher, subject_id: ctx.math, type: 'schedule', duration_hours: 1 });
    expect((await body(missing)).errors?.starts_at).toEqual(['This field is required']);
  });

  it('answers 402 insufficient_hours without writing anything, and uses the free trial for one hour', async () => {
    const teacher = await makeTeacher(ctx.db);
    const poor = await makeStudent(ctx.db);
    await creditHours(ctx.db, poor, 1);
    const { res, json } = await book(poor, teacher, 3, 2);
    expect(res.status).toBe(402);
    expect(json.code).toBe('insufficient_hours');
    expect(json.message).toBe("You don't have enough hours for this session. Please buy a package of hours");
    expect(await ctx.db.one('SELECT id FROM requests WHERE student_id = $1', [poor])).toBeUndefined();
    expect(await balanceMinutesOf(ctx.db, poor)).toBe(60);

    const fresh = await makeStudent(ctx.db, { freeTrial: true });
    const trial = await book(fresh, teacher, 3, 1);
    expect(trial.res.status).toBe(201);
    expect(trial.json.data.paid_with).toBe('free_trial');
    // The trial is used: a second session needs hours.
    expect((await book(fresh, teacher, 5, 1)).res.status).toBe(402);
    // Cancelling gives the free trial back.
    await ctx.as(fresh).post(`/api/v1/requests/${trial.json.data.id}/cancel`);
    expect(
      (await ctx.db.one<{ has_free_session: boolean }>('SELECT has_free_session FROM users WHERE id = $1', [fresh]))?.has_free_session,
    ).toBe(true);
  });

  it('lets only signed-in students book', async () => {
    const teacher = await makeTeacher(ctx.db);
    const other = await makeTeacher(ctx.db);
    expect((await ctx.as(null).post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 3 * HOUR)))).status).toBe(
      401,
    );
    const res = await ctx.as(other).post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 3 * HOUR)));
    expect(res.status).toBe(403);
    expect((await body(res)).message).toBe('Only student accounts can book sessions');
    const student = await makeStudent(ctx.db);
    const inactive = await makeTeacher(ctx.db, { status: 'in_review' });
    expect((await book(student, inactive)).json.code).toBe('teacher_unavailable');
  });
});

describe('transitions', () => {
  it('approve → join window → finished → rate once; the channel only for the two parties', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 5);
    const { json } = await book(student, teacher, 2, 1);
    const id = json.data.id;
    // The student cannot approve; the teacher cannot cancel.
    expect((await ctx.as(student).post(`/api/v1/requests/${id}/approve`)).status).toBe(409);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/cancel`)).status).toBe(409);
    const approved = await body<RequestDetail>(await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`));
    expect(approved.data.status).toBe('approved');
    expect(approved.data.channel_name).toMatch(/^session-[0-9a-f]{32}$/);
    expect(ctx.published).toContainEqual({
      channels: [`private-user-${student}`, `private-user-${teacher}`],
      event: REQUEST_EVENTS.updated,
      data: { id, status: 'approved' },
    });
    // Approving twice is refused by the machine.
    expect((await body(await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`))).code).toBe('request_not_allowed');
    // Approved and starting in 2 hours: past the 6-hour cancel cutoff.
    const student0 = await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${id}`));
    expect(student0.data.actions).toEqual([]);
    expect(student0.data.deadlines.cancel_free_until).toBe(new Date(T0.getTime() - 4 * HOUR).toISOString());

    ctx.clock.now = new Date(T0.getTime() + 2 * HOUR - 5 * 60_000);
    const joinable = await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${id}`));
    expect(joinable.data.actions).toEqual(['join']);
    // Its teacher may still cancel (with a reason) or propose another time until the start.
    expect((await body<RequestDetail>(await ctx.as(teacher).get(`/api/v1/requests/${id}`))).data.actions).toEqual([
      'cancel',
      'join',
      'reschedule',
    ]);
    // The list's card offers Join too, with the channel, to both parties — and not before the window.
    for (const who of [student, teacher]) {
      const list = await body<RequestSummary[]>(await ctx.as(who).get('/api/v1/requests'));
      expect(list.data.find((r) => r.id === id)?.join_channel).toBe(approved.data.channel_name);
    }
    expect(student0.data.join_channel).toBeNull();
    // Less than 6 hours before the start: no more cancel.
    ctx.clock.now = new Date(T0.getTime() + 2.5 * HOUR);
    expect((await ctx.as(student).post(`/api/v1/requests/${id}/cancel`)).status).toBe(409);
    expect((await body(await ctx.as(student).post(`/api/v1/requests/${id}/evaluation`, { rating: 5 }))).code).toBe('request_not_allowed');

    // After the end a read shows it finished before the sweep's timer has written it …
    ctx.clock.now = new Date(T0.getTime() + 3 * HOUR);
    const finished = await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${id}`));
    expect(finished.data.status).toBe('finished');
    expect(finished.data.actions).toEqual(['rate']);
    expect(finished.data.history.map((h) => h.status)).toEqual(['pending', 'approved', 'finished']);
    expect(finished.data.history[2]).toEqual({
      status: 'finished',
      at: new Date(T0.getTime() + 3 * HOUR).toISOString(),
      actor_role: 'system',
    });
    expect(ctx.published.filter((p) => (p.data as { status?: string }).status === 'finished')).toEqual([]);
    // … and the sweep writes the same and tells both parties.
    await sweepAndPublish(ctx.db, ctx.publisher, ctx.clock.now);
    const swept = await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${id}`));
    expect(swept.data.history).toEqual(finished.data.history);
    expect(ctx.published).toContainEqual({
      channels: [`private-user-${student}`, `private-user-${teacher}`],
      event: REQUEST_EVENTS.updated,
      data: { id, status: 'finished' },
    });
    expect(await balanceMinutesOf(ctx.db, student)).toBe(4 * 60);

    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/evaluation`, { rating: 5 })).status).toBe(409);
    expect((await ctx.as(student).post(`/api/v1/requests/${id}/evaluation`, { rating: 6 })).status).toBe(400);
    const rated = await body<RequestDetail>(
      await ctx.as(student).post(`/api/v1/requests/${id}/evaluation`, { rating: 4, comment: 'ممتاز' }),
    );
    expect(rated.data.evaluation).toMatchObject({ rating: 4, comment: 'ممتاز' });
    expect(rated.data.actions).toEqual([]);
    const again = await ctx.as(student).post(`/api/v1/requests/${id}/evaluation`, { rating: 5 });
    expect(again.status).toBe(409);
    expect((await body(again)).code).toBe('already_rated');
    // The rating feeds the teacher card.
    const card = await body<{ rating: { average: number; count: number } }>(await ctx.as(null).get(`/api/v1/teachers/${teacher}`));
    expect(card.data.rating).toEqual({ average: 4, count: 1 });
  });

  it('reject refunds; cancel refunds while pending or before the start', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 6);
    const a = await book(student, teacher, 2, 2);
    const b = await book(student, teacher, 5, 2);
    const c = await book(student, teacher, 8, 2);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(0);
    const rejected = await body<RequestDetail>(await ctx.as(teacher).post(`/api/v1/requests/${a.json.data.id}/reject`));
    expect(rejected.data.status).toBe('rejected');
    expect(await balanceMinutesOf(ctx.db, student)).toBe(120);
    const canceled = await body<RequestDetail>(await ctx.as(student).post(`/api/v1/requests/${b.json.data.id}/cancel`));
    expect(canceled.data.status).toBe('canceled');
    expect(canceled.data.deadlines.cancel_free_until).toBeNull();
    expect(await balanceMinutesOf(ctx.db, student)).toBe(240);
    await ctx.as(teacher).post(`/api/v1/requests/${c.json.data.id}/approve`);
    expect((await body<RequestDetail>(await ctx.as(student).post(`/api/v1/requests/${c.json.data.id}/cancel`))).data.status).toBe(
      'canceled',
    );
    expect(await balanceMinutesOf(ctx.db, student)).toBe(360);
    // A final request accepts nothing more, and nothing is refunded twice.
    expect((await ctx.as(student).post(`/api/v1/requests/${b.json.data.id}/cancel`)).status).toBe(409);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${a.json.data.id}/approve`)).status).toBe(409);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(360);
  });

  it('a reject may carry a reason: validated, stored, shown to both parties; none without one', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 4);
    const a = await book(student, teacher, 2, 1);
    const b = await book(student, teacher, 5, 1);
    // Too long: 400 next to the field, and nothing changes.
    const long = await ctx.as(teacher, 'en').post(`/api/v1/requests/${a.json.data.id}/reject`, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await body(long)).errors?.reason).toEqual([expect.any(String)]);
    expect((await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${a.json.data.id}`))).data.status).toBe('pending');

    const rejected = await body<RequestDetail>(
      await ctx.as(teacher).post(`/api/v1/requests/${a.json.data.id}/reject`, { reason: '  I am travelling that week.  ' }),
    );
    expect(rejected.data).toMatchObject({ status: 'rejected', reject_reason: 'I am travelling that week.' });
    const seen = await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${a.json.data.id}`));
    expect(seen.data.reject_reason).toBe('I am travelling that week.');

    const plain = await body<RequestDetail>(await ctx.as(teacher).post(`/api/v1/requests/${b.json.data.id}/reject`, { reason: '   ' }));
    expect(plain.data).toMatchObject({ status: 'rejected', reject_reason: null });
  });

  it('the sweep expires unaccepted requests (refunded) once, however often it runs', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 3);
    const urgent = await ctx
      .as(student)
      .post('/api/v1/requests', { teacher_id: teacher, subject_id: ctx.math, type: 'urgent', duration_hours: 1, broadcast: false });
    const urgentJson = await body<RequestDetail>(urgent);
    expect(urgent.status).toBe(201);
    expect(urgentJson.data.deadlines.expires_at).toBe(new Date(T0.getTime() + 15 * 60_000).toISOString());
    const scheduled = await book(student, teacher, 2, 2);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(0);
    const later = new Date(T0.getTime() + 16 * 60_000);
    const [first, second] = await Promise.all([sweepRequests(ctx.db, later), sweepRequests(ctx.db, later)]);
    expect([...first, ...second].filter((c) => c.id === urgentJson.data.id)).toHaveLength(1);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(60);
    expect(await sweepRequests(ctx.db, later)).toEqual([]);
    // Too late to approve.
    ctx.clock.now = later;
    expect((await ctx.as(teacher).post(`/api/v1/requests/${urgentJson.data.id}/approve`)).status).toBe(409);
    // The scheduled one expires at its start.
    const atStart = new Date(T0.getTime() + 2 * HOUR);
    await sweepRequests(ctx.db, atStart);
    const detail = await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${scheduled.json.data.id}`));
    expect(detail.data.status).toBe('expired');
    expect(await balanceMinutesOf(ctx.db, student)).toBe(180);
  });
});
