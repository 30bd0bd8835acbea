// A weekly series over HTTP: the preview checks each week with booking's rule (taken, time off, the
// horizon) and prices the weeks one after another (the free trial pays at most the first); the create
// books exactly the confirmed weeks, each its own paid request, all or nothing; cancelling the rest of
// the series refunds each future lesson by the single cancel's rule; a series racing a booking of one
// of its weeks ends with exactly one of them holding that week.
import { describe, expect, it } from 'vitest';
import { notificationPageSchema } from '../../contract/notifications';
import type { RequestDetail } from '../../contract/requests';
import { renderEmail } from '../../server/modules/outbox/email-templates';
import type { SeriesCancelResult, SeriesPreview } from '../../contract/series';
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
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const after = (ms: number) => new Date(ctx.clock.now.getTime() + ms);

const seriesBody = (teacher: number, startsAt: Date, extra: Record<string, unknown> = {}, hours = 1) =>
  scheduleBody(teacher, ctx.math, startsAt, hours, { repeat_weeks: 4, ...extra });

async function preview(student: number, payload: unknown, locale: 'ar' | 'en' = 'en') {
  const res = await ctx.as(student, locale).post('/api/v1/series/preview', payload);
  return { status: res.status, json: await body<SeriesPreview>(res) };
}

async function book(student: number, payload: unknown) {
  const res = await ctx.as(student).post('/api/v1/requests', payload);
  return { status: res.status, json: (await res.json()) as { data: RequestDetail; code?: string; week?: number; starts_at?: string } };
}

async function cancelRest(student: number, series: number | string) {
  const res = await ctx.as(student).post(`/api/v1/series/${series}/cancel`);
  return { status: res.status, json: await body<SeriesCancelResult>(res) };
}

const lessonsOf = (series: number) =>
  ctx.db.query<{ id: number; status: string; starts_at: Date; series_week: number; paid_with: string }>(
    'SELECT id, status, starts_at, series_week, paid_with FROM requests WHERE series_id = $1 ORDER BY starts_at',
    [series],
  );

/** A user's notifications (newest first) and the outbox rows they queued, by channel. */
async function toldOf(userId: number) {
  const list = notificationPageSchema.parse(await (await ctx.as(userId).get('/api/v1/notifications')).json()).data;
  const outbox = await ctx.db.query<{ notification_id: number; channel: string }>(
    'SELECT notification_id, channel FROM outbox WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return { list, outbox };
}

describe('a weekly series', () => {
  it('previews each week: taken, time off, over the balance, and what the free weeks cost', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 2);
    const first = after(2 * DAY);
    // Week 2 is booked by another family; week 3 falls in the teacher's time off.
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, other, 2);
    expect((await book(other, scheduleBody(teacher, ctx.math, new Date(first.getTime() + WEEK)))).status).toBe(201);
    const away = new Date(first.getTime() + 2 * WEEK);
    await ctx.db.query(
      `INSERT INTO time_off (teacher_id, first_day, last_day, time_zone, starts_at, ends_at) VALUES ($1, $2, $2, 'UTC', $3, $4)`,
      [teacher, away.toISOString().slice(0, 10), new Date(away.getTime() - 12 * HOUR), new Date(away.getTime() + 12 * HOUR)],
    );

    const { status, json } = await preview(student, seriesBody(teacher, first, { repeat_weeks: 5 }));
    expect(status).toBe(200);
    expect(json.data.time_zone).toBe('Asia/Qatar');
    expect(json.data.weeks.map((w) => [w.week, w.state, w.code, w.pay])).toEqual([
      [1, 'free', null, 'hours'],
      [2, 'taken', 'teacher_busy', null],
      [3, 'unavailable', 'outside_working_hours', null],
      [4, 'free', null, 'hours'],
      [5, 'over_balance', 'insufficient_hours', null],
    ]);
    expect(json.data.weeks.map((w) => w.starts_at)).toEqual([0, 1, 2, 3, 4].map((i) => new Date(first.getTime() + i * WEEK).toISOString()));
    expect(json.data).toMatchObject({ minutes: 120, minutes_left: 0, free_trial: false });
    // A preview books nothing.
    expect(await balanceMinutesOf(ctx.db, student)).toBe(120);
  });

  it('books the confirmed weeks, each its own paid request: the free trial pays at most the first', async () => {
    const teacher = await makeTeacher(ctx.db);
    // An address, so the teacher's notifications queue e-mails too.
    await ctx.db.query(`UPDATE users SET email = 'series-teacher-' || id || '@example.test' WHERE id = $1`, [teacher]);
    const student = await makeStudent(ctx.db, { freeTrial: true });
    await creditHours(ctx.db, student, 5);
    const first = after(3 * DAY);
    const seen = await preview(student, seriesBody(teacher, first));
    expect(seen.json.data.weeks.map((w) => w.pay)).toEqual(['free_trial', 'hours', 'hours', 'hours']);
    expect(seen.json.data).toMatchObject({ minutes: 180, minutes_left: 120, free_trial: true });

    const { status, json } = await book(student, seriesBody(teacher, first, { weeks: [1, 2, 4] }));
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.data).toMatchObject({ status: 'pending', paid_with: 'free_trial', starts_at: first.toISOString() });
    const series = json.data.series!;
    expect(series).toMatchObject({ week: 1, weeks: 3 });
    const lessons = await lessonsOf(series.id);
    expect(lessons.map((l) => [l.starts_at.getTime() - first.getTime(), l.series_week, l.paid_with])).toEqual([
      [0, 1, 'free_trial'],
      [WEEK, 2, 'hours'],
      [3 * WEEK, 3, 'hours'],
    ]);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(3 * 60);
    const second = (await body<RequestDetail>(await ctx.as(student).get(`/api/v1/requests/${lessons[1]!.id}`))).data;
    expect(second.series).toEqual({ id: series.id, week: 2, weeks: 3 });
    // The teacher is offered each lesson.
    const offered = ctx.published.filter((p) => p.event === 'request.offered').map((p) => (p.data as { id: number }).id);
    expect(offered.sort()).toEqual(lessons.map((l) => l.id).sort());
    // …but told once for the series (in the app and by one e-mail): how many lessons, the first and the last.
    const told = await toldOf(teacher);
    expect(told.list.map((n) => [n.type, n.params.request_id, n.params.starts_at, n.params.series])).toEqual([
      [
        'request_offered',
        lessons[0]!.id,
        first.toISOString(),
        { id: series.id, lessons: 3, last_starts_at: lessons[2]!.starts_at.toISOString() },
      ],
    ]);
    expect(told.outbox).toEqual([{ notification_id: told.list[0]!.id, channel: 'email' }]);
    const mail = (locale: 'ar' | 'en') =>
      renderEmail({ ...told.list[0]!, locale, timeZone: 'Asia/Qatar', recipientName: 'T', link: 'https://noor.example/x' });
    expect(mail('en').subject).toBe('A new weekly lesson request');
    expect(mail('en').text).toMatch(
      /asks you for weekly Mathematics lessons:\n3 weekly lessons, every \w+day at .+ Qatar time, from \d+ \w+ to \d+ \w+\./,
    );
    expect(mail('ar').text).toMatch(/3 حصص أسبوعية، كل يوم .+ الساعة .+ بتوقيت قطر، من /);
    // Each lesson can still be moved alone.
    const moved = await ctx.as(student).post(`/api/v1/requests/${lessons[2]!.id}/reschedule`, {
      starts_at: new Date(first.getTime() + 3 * WEEK + 2 * HOUR).toISOString(),
    });
    expect(moved.status).toBe(200);
  });

  it('counts "the same time" in the parent\'s zone and refuses weeks past the 90-day horizon', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 10);
    // Sunday 17 March 2030, 17:00 in London (GMT); summer time starts on 31 March.
    const first = new Date('2030-03-17T17:00:00Z');
    const { json } = await preview(student, seriesBody(teacher, first, { time_zone: 'Europe/London' }));
    expect(json.data.weeks.map((w) => [w.starts_at, w.state, w.code])).toEqual([
      ['2030-03-17T17:00:00.000Z', 'free', null],
      ['2030-03-24T17:00:00.000Z', 'free', null],
      ['2030-03-31T16:00:00.000Z', 'free', null],
      ['2030-04-07T16:00:00.000Z', 'unavailable', 'schedule_too_far'],
    ]);
    const beyond = await book(student, seriesBody(teacher, first, { time_zone: 'Europe/London' }));
    expect([beyond.status, beyond.json.code, beyond.json.week]).toEqual([400, 'schedule_too_far', 4]);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(600);
    const within = await book(student, seriesBody(teacher, first, { time_zone: 'Europe/London', weeks: [1, 2, 3] }));
    expect(within.status).toBe(201);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(420);
  });

  it('refuses a week taken since the preview with 409 naming it, and books nothing', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 10);
    const first = after(2 * DAY);
    expect((await preview(student, seriesBody(teacher, first))).json.data.weeks.every((w) => w.state === 'free')).toBe(true);
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, other, 2);
    expect((await bookAfter(ctx, other, teacher, 2 * 24 + 2 * 7 * 24, 1)).res.status).toBe(201);
    const res = await book(student, seriesBody(teacher, first));
    expect(res).toMatchObject({
      status: 409,
      json: { code: 'slot_taken', week: 3, starts_at: new Date(first.getTime() + 2 * WEEK).toISOString() },
    });
    expect(await balanceMinutesOf(ctx.db, student)).toBe(600);
    expect(await ctx.db.query('SELECT id FROM requests WHERE student_id = $1', [student])).toEqual([]);
    expect(await ctx.db.query('SELECT id FROM request_series WHERE family_id = $1', [student])).toEqual([]);
  });

  it('is all or nothing on the balance: 402 naming the week the hours run out', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 3);
    const res = await book(student, seriesBody(teacher, after(2 * DAY)));
    expect([res.status, res.json.code, res.json.week]).toEqual([402, 'insufficient_hours', 4]);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(180);
    expect(await ctx.db.query('SELECT id FROM requests WHERE student_id = $1', [student])).toEqual([]);
  });

  it("refuses bodies that cannot repeat, in the caller's language", async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 10);
    const first = after(2 * DAY);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ repeat_weeks: 1 }, 'repeat_weeks', 'Choose from 2 to 12 weeks'],
      [{ repeat_weeks: 13 }, 'repeat_weeks', 'Choose from 2 to 12 weeks'],
      [{ repeat_weeks: 'x' }, 'repeat_weeks', 'Choose from 2 to 12 weeks'],
      [{ type: 'urgent' }, 'repeat_weeks', 'Only a scheduled session can repeat every week'],
      [{ broadcast: true }, 'repeat_weeks', 'A request sent to several teachers does not repeat; choose one teacher'],
      [{ weeks: [5] }, 'weeks', 'These weeks are not part of the series'],
      [{ weeks: [1, 1] }, 'weeks', 'These weeks are not part of the series'],
      [{ weeks: [] }, 'weeks', 'These weeks are not part of the series'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'Please choose a valid time zone'],
    ];
    for (const [extra, field, text] of cases) {
      for (const send of [(p: unknown) => book(student, p), (p: unknown) => preview(student, p)]) {
        const r = (await send(seriesBody(teacher, first, extra))) as { status: number; json: { errors?: Record<string, string[]> } };
        expect([r.status, r.json.errors?.[field]], JSON.stringify(extra)).toEqual([400, [text]]);
      }
    }
    const ar = await preview(student, seriesBody(teacher, first, { repeat_weeks: 20 }), 'ar');
    expect(ar.json.errors?.repeat_weeks).toEqual(['اختر من أسبوعين إلى 12 أسبوعاً']);
    const noRepeat = await preview(student, scheduleBody(teacher, ctx.math, first));
    expect([noRepeat.status, Object.keys(noRepeat.json.errors ?? {})]).toEqual([400, ['repeat_weeks']]);
    expect((await preview(teacher, seriesBody(teacher, first))).status).toBe(403);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(600);
  });

  it('cancels the rest: future lessons refunded by the single rule, one inside the cut-off kept', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 10);
    const first = after(2 * DAY);
    const created = await book(student, seriesBody(teacher, first, {}, 2));
    const seriesId = created.json.data.series!.id;
    const lessons = await lessonsOf(seriesId);
    for (const l of lessons.slice(0, 2)) expect((await ctx.as(teacher).post(`/api/v1/requests/${l.id}/approve`)).status).toBe(200);
    // Week 1 is then cancelled alone.
    expect((await ctx.as(student).post(`/api/v1/requests/${lessons[0]!.id}/cancel`)).status).toBe(200);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(10 * 60 - 3 * 2 * 60);
    // Week 3 (pending) is moved two hours later: still one of the series, so the rest takes it too.
    const movedTo = new Date(first.getTime() + 2 * WEEK + 2 * HOUR).toISOString();
    expect((await ctx.as(student).post(`/api/v1/requests/${lessons[2]!.id}/reschedule`, { starts_at: movedTo })).status).toBe(200);

    // Others may not: another family 404, a teacher 403, a malformed id 404.
    expect((await cancelRest(await makeStudent(ctx.db), seriesId)).status).toBe(404);
    expect((await ctx.as(teacher).post(`/api/v1/series/${seriesId}/cancel`)).status).toBe(403);
    expect((await cancelRest(student, 'abc')).status).toBe(404);

    // Five hours before week 2 (approved): inside the 6-hour cut-off, it is kept; weeks 3 and 4 go.
    ctx.clock.now = new Date(first.getTime() + WEEK - 5 * HOUR);
    ctx.published.length = 0;
    const { status, json } = await cancelRest(student, seriesId);
    expect(status).toBe(200);
    expect(json.data).toEqual({ canceled: [lessons[2]!.id, lessons[3]!.id], kept: [lessons[1]!.id] });
    expect(json.message).toBe('The rest of the series was canceled and its hours refunded; lessons starting within 6 hours stay booked');
    expect((await lessonsOf(seriesId)).map((l) => l.status)).toEqual(['canceled', 'approved', 'canceled', 'canceled']);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(10 * 60 - 2 * 60);
    expect(ctx.published.filter((p) => p.event === 'request.updated').map((p) => p.data)).toEqual([
      { id: lessons[2]!.id, status: 'canceled' },
      { id: lessons[3]!.id, status: 'canceled' },
    ]);
    // The teacher is told once of the rest cancelled (weeks 3 and 4), after the move of week 3, the
    // single cancel of week 1 and the series booked, each once; a refused second cancel of the rest tells nothing more.
    const told = (await toldOf(teacher)).list.map((n) => [n.type, n.params.request_id, n.params.series?.lessons ?? null]);
    expect(told).toEqual([
      ['request_canceled', lessons[2]!.id, 2],
      ['request_rescheduled', lessons[2]!.id, null],
      ['request_canceled', lessons[0]!.id, null],
      ['request_offered', lessons[0]!.id, 4],
    ]);
    // Nothing left to cancel.
    expect((await cancelRest(student, seriesId)).json).toMatchObject({ code: 'request_not_allowed' });
    expect((await toldOf(teacher)).list).toHaveLength(4);
  });

  it('a series racing a booking of one of its weeks: exactly one holds that week, nothing lost', async () => {
    const teacher = await makeTeacher(ctx.db);
    for (let round = 0; round < 3; round += 1) {
      const [family, other] = [await makeStudent(ctx.db), await makeStudent(ctx.db)];
      await creditHours(ctx.db, family, 10);
      await creditHours(ctx.db, other, 10);
      const first = after((2 + round) * DAY);
      const week3 = new Date(first.getTime() + 2 * WEEK);
      const [series, single] = await Promise.all([
        book(family, seriesBody(teacher, first)),
        book(other, scheduleBody(teacher, ctx.math, week3)),
      ]);
      expect([series.status, single.status].sort()).toEqual([201, 409]);
      if (series.status === 409) expect([series.json.code, series.json.week]).toEqual(['slot_taken', 3]);
      const holders = await ctx.db.query<{ student_id: number }>(
        `SELECT student_id FROM requests WHERE teacher_id = $1 AND starts_at = $2 AND status = 'pending'`,
        [teacher, week3],
      );
      expect(holders).toEqual([{ student_id: series.status === 201 ? family : other }]);
      expect(await balanceMinutesOf(ctx.db, family)).toBe(series.status === 201 ? 6 * 60 : 10 * 60);
      expect(await balanceMinutesOf(ctx.db, other)).toBe(single.status === 201 ? 9 * 60 : 10 * 60);
    }
  });
});
