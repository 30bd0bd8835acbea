// GET v1/teachers/:id/availability over HTTP (PGlite here, PostgreSQL with scripts/test-pg.sh): the
// teacher's zone, pending and approved sessions held, an offered slot booked and then "just taken"
// for the next student (409), a teacher without hours, refusals of bad input.
import { describe, expect, it } from 'vitest';
import type { Availability } from '../../contract/availability';
import { HOUR, T0, creditHours, makeStudent, makeTeacher, requestsFile, scheduleBody } from './requests-helpers';

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
    expect(await late.json()).toMatchObject({ code: 'slot_taken', message: 'Someone has just booked this time. Please choose another time' });
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
    for (const q of ['?duration=7', '?duration=0', '?days=40', '?from=yesterday']) expect((await availability(teacher, q)).status).toBe(400);
    expect((await availability(inReview)).status).toBe(404);
    expect((await availability(99_999_999)).status).toBe(404);
    expect((await ctx.as(null).get('/api/v1/teachers/abc/availability')).status).toBe(404);
    // A window asked in the past starts now.
    const past = await availability(teacher, `?from=${encodeURIComponent('2029-01-01T00:00:00Z')}&days=1`);
    expect(past.data.from).toBe(T0.toISOString());
  });
});
