// A card's next free time and the guest preview (GET v1/teachers/:id/preview): both come from the
// booking calendar's own rule, so they agree with GET v1/teachers/:id/availability start for start —
// on the teacher's clock (a London teacher seen from Qatar), past the first two days, after a booking
// (within the minute the list is keyed by), and never for a zone the rule cannot read. The preview is
// public, cached, 404 for anyone not an active teacher, and carries only a reviewer's first name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '../../contract/availability';
import { PREVIEW_FREE_TIMES, PREVIEW_REVIEWS, type TeacherCard, type TeacherPreview } from '../../contract/teachers';
import { HOUR, T0, body, creditHours, makeStudent, makeTeacher, requestsApp, scheduleBody } from './requests-helpers';

type Ctx = Awaited<ReturnType<typeof requestsApp>>;
let ctx: Ctx;
let london: number;
let wednesday: number;
let broken: number;
let student: number;

// T0 is Sunday 6 January 2030, 06:00 UTC (09:00 in Qatar, 06:00 in London).
beforeAll(async () => {
  ctx = await requestsApp();
  london = await makeTeacher(ctx.db, { first: 'London', hours: [[0, '10:00', '12:00']] });
  await ctx.db.query(`UPDATE users SET time_zone = 'Europe/London' WHERE id = $1`, [london]);
  wednesday = await makeTeacher(ctx.db, { first: 'Wednesday', hours: [[3, '16:00', '18:00']] });
  broken = await makeTeacher(ctx.db, { first: 'Broken', hours: [[0, '00:00', '23:59']] });
  await ctx.db.query(`UPDATE users SET time_zone = 'Mars/Olympus' WHERE id = $1`, [broken]);
  student = await makeStudent(ctx.db);
  await creditHours(ctx.db, student, 10);
}, 60_000);
afterAll(() => ctx.close());

async function card(id: number): Promise<TeacherCard> {
  const res = await ctx.as(null).get('/api/v1/teachers?per_page=50');
  expect(res.status).toBe(200);
  const found = (await body<TeacherCard[]>(res)).data.find((c) => c.id === id);
  if (!found) throw new Error(`teacher ${id} not listed`);
  return found;
}

async function slots(id: number): Promise<string[]> {
  const res = await ctx.as(null).get(`/api/v1/teachers/${id}/availability?duration=1&days=14`);
  return (await body<Availability>(res)).data.slots;
}

describe('next free time on the cards', () => {
  it("is the calendar's first free start, on the teacher's own clock", async () => {
    ctx.clock.now = new Date(T0);
    const c = await card(london);
    expect(c.time_zone).toBe('Europe/London');
    // 10:00 in London is 10:00 UTC in January (13:00 in Qatar): the hours are read in the teacher's zone.
    expect(c.next_free).toBe('2030-01-06T10:00:00.000Z');
    expect(c.next_free).toBe((await slots(london))[0]);
  });

  it('looks past the first two days, and says null for a zone the rule cannot read', async () => {
    ctx.clock.now = new Date(T0);
    const w = await card(wednesday);
    // Wednesday 16:00 in Qatar is 13:00 UTC, three days on.
    expect(w.next_free).toBe('2030-01-09T13:00:00.000Z');
    expect(w.next_free).toBe((await slots(wednesday))[0]);
    const b = await card(broken);
    expect(b).toMatchObject({ next_free: null, available_now: false, time_zone: 'Asia/Qatar' });
  });

  it('moves on once the slot is booked, within the minute the list is kept for', async () => {
    ctx.clock.now = new Date(T0);
    expect((await card(london)).next_free).toBe('2030-01-06T10:00:00.000Z');
    const booked = await ctx.as(student).post('/api/v1/requests', scheduleBody(london, ctx.math, new Date('2030-01-06T10:00:00.000Z')));
    expect(booked.status).toBe(201);
    ctx.clock.now = new Date(T0.getTime() + 60_000);
    const c = await card(london);
    // The pending request holds 10:00–11:00; an hour's session fits from 11:00 until 12:00.
    expect(c.next_free).toBe('2030-01-06T11:00:00.000Z');
    expect(c.next_free).toBe((await slots(london))[0]);
  });
});

describe('GET v1/teachers/:id/preview', () => {
  it('gives a guest the next free times and the latest reviews, first names only', async () => {
    ctx.clock.now = new Date(T0.getTime() + 2 * 60_000);
    for (let i = 0; i < PREVIEW_REVIEWS + 1; i++) {
      await ctx.db.query(`INSERT INTO evaluations (teacher_id, student_id, rating, comment, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        wednesday,
        student,
        5 - i,
        `comment ${i}`,
        new Date(T0.getTime() - (i + 1) * 24 * HOUR),
      ]);
    }
    const res = await ctx.as(null, 'ar').get(`/api/v1/teachers/${wednesday}/preview`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    const data = (await body<TeacherPreview>(res)).data;
    expect(data.teacher_id).toBe(wednesday);
    expect(data.time_zone).toBe('Asia/Qatar');
    expect(data.next_free).toEqual((await slots(wednesday)).slice(0, PREVIEW_FREE_TIMES));
    expect(data.next_free).toHaveLength(PREVIEW_FREE_TIMES);
    expect(data.reviews.map((r) => r.comment)).toEqual(['comment 0', 'comment 1', 'comment 2']);
    expect(data.reviews[0]).toEqual({
      rating: 5,
      comment: 'comment 0',
      student_first_name: 'طالب',
      at: new Date(T0.getTime() - 24 * HOUR).toISOString(),
    });
    // A revalidation with the ETag is a bodiless 304.
    const again = await ctx.app.request(`/api/v1/teachers/${wednesday}/preview`, {
      headers: { 'If-None-Match': res.headers.get('etag')!, 'Accept-Language': 'ar' },
    });
    expect(again.status).toBe(304);
  });

  it('is 404 for an unknown, inactive or malformed id, and empty for an unreadable zone', async () => {
    const inReview = await makeTeacher(ctx.db, { first: 'Review', status: 'in_review' });
    for (const id of [String(inReview), '999999', 'abc', '0', '-1', '99999999999']) {
      const res = await ctx.as(null).get(`/api/v1/teachers/${id}/preview`);
      expect(res.status, id).toBe(404);
      expect((await body<null>(res)).message).toBe('We could not find this teacher');
    }
    expect((await ctx.as(student).get(`/api/v1/teachers/${student}/preview`)).status).toBe(404);
    const b = (await body<TeacherPreview>(await ctx.as(null).get(`/api/v1/teachers/${broken}/preview`))).data;
    expect(b).toEqual({ teacher_id: broken, time_zone: 'Asia/Qatar', next_free: [], reviews: [], video: null });
  });
});
