// Whom a broadcast reaches (the first cut is in SQL): teachers of the subject whose
// hours hold the session on their own clock and who are free then — not a teacher out of hours, on
// another day, in another zone's hours, or held by another student's pending booking — and at most
// MAX_BROADCAST_TEACHERS besides the chosen one.
import { describe, expect, it } from 'vitest';
import { REQUEST_EVENTS } from '../../contract/requests';
import { MAX_BROADCAST_TEACHERS } from '../../server/modules/requests/booking';
import { HOUR, T0, creditHours, makeStudent, makeTeacher, requestsFile, scheduleBody, subjectId } from './requests-helpers';

const ctx = requestsFile();
// Sunday 12:00 in Qatar, 04:00 in New York (EST).
const AT = new Date(T0.getTime() + 3 * HOUR);
const SUNDAY = 0;

async function offeredBy(subject: string, chosen: number): Promise<number[]> {
  const student = await makeStudent(ctx.db);
  await creditHours(ctx.db, student, 5);
  const res = await ctx
    .as(student)
    .post('/api/v1/requests', scheduleBody(chosen, await subjectId(ctx.db, subject), AT, 1, { broadcast: true }));
  expect(res.status, await res.clone().text()).toBe(201);
  const channels = ctx.published.find((p) => p.event === REQUEST_EVENTS.offered)!.channels;
  return channels.map((c) => Number(c.replace('private-user-', '')));
}

describe('broadcast reach', () => {
  it('offers to teachers free in their own hours, and to no one busy or out of hours', async () => {
    const teacher = (o: Parameters<typeof makeTeacher>[1] = {}) => makeTeacher(ctx.db, { subjects: ['computing'], ...o });
    const chosen = await teacher();
    const free = await teacher({ hours: [[SUNDAY, '11:00', '14:00']] });
    const outOfHours = await teacher({ hours: [[SUNDAY, '14:00', '18:00']] });
    const otherDay = await teacher({ hours: [[1, '00:00', '23:59']] });
    const newYork = await teacher({ hours: [[SUNDAY, '03:00', '06:00']] });
    const newYorkLate = await teacher({ hours: [[SUNDAY, '11:00', '14:00']] });
    await ctx.db.query(`UPDATE users SET time_zone = 'America/New_York' WHERE id = ANY($1::int[])`, [[newYork, newYorkLate]]);
    const held = await teacher();
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, other, 5);
    const booked = await ctx
      .as(other)
      .post('/api/v1/requests', scheduleBody(held, await subjectId(ctx.db, 'computing'), new Date(AT.getTime() - HOUR / 2)));
    expect(booked.status).toBe(201);
    ctx.published.length = 0;

    const offered = await offeredBy('computing', chosen);
    expect(offered.sort((a, b) => a - b)).toEqual([chosen, free, newYork].sort((a, b) => a - b));
    for (const left of [outOfHours, otherDay, newYorkLate, held]) expect(offered).not.toContain(left);
  });

  it(`reaches at most ${MAX_BROADCAST_TEACHERS} other teachers, the earliest to join`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < MAX_BROADCAST_TEACHERS + 3; i++) ids.push(await makeTeacher(ctx.db, { subjects: ['biology'] }));
    const offered = await offeredBy('biology', ids[0]!);
    expect(offered.sort((a, b) => a - b)).toEqual(ids.slice(0, MAX_BROADCAST_TEACHERS + 1));
  });
});
