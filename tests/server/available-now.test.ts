// The teachers list's available_now filter decides its teachers in bulk (freeNowIds: the busy half in
// SQL, the working half by the rule once per zone and weekly hours). Here it must agree, teacher by
// teacher, with the availability rule run on each one's own schedule — over zones with half-hour
// offsets and daylight-saving changes, touching and midnight-crossing slots, and sessions that hold
// or no longer hold a teacher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_DURATION_HOURS } from '../../contract/requests';
import { scheduleOf } from '../../server/modules/availability/queries';
import { availableNow } from '../../server/modules/availability/rules';
import { listTeachers } from '../../server/modules/teachers/queries';
import { seededDb, type TestDb } from './helpers';
import { HOUR, makeStudent, makeTeacher, subjectId } from './requests-helpers';

const ZONES = ['Asia/Qatar', 'Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham'];
// Instants to ask at: ordinary ones, and around daylight-saving changes (London 29 March 2026 01:00 UTC,
// New York 1 November 2026 06:00 UTC, Lord Howe's half-hour change 5 April 2026 15:00 UTC).
const INSTANTS = [
  '2026-03-29T00:30:00Z',
  '2026-03-29T01:10:00Z',
  '2026-11-01T05:20:00Z',
  '2026-04-05T14:45:00Z',
  '2026-04-05T15:15:00Z',
  '2026-06-10T11:59:00Z',
  '2026-06-13T23:30:00Z',
].map((s) => new Date(s));

/** A small deterministic generator (mulberry32), so a failure names a reproducible data set. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

let t: TestDb;
const ids: number[] = [];

beforeAll(async () => {
  t = await seededDb();
  const next = random(13);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const student = await makeStudent(t.db);
  const subject = await subjectId(t.db);
  for (let i = 0; i < 48; i++) {
    const hours: [number, string, string][] = [];
    for (const day of [0, 1, 2, 3, 4, 5, 6]) {
      if (next() < 0.3) continue;
      // One to three slots on a 15-minute grid; the second may touch the first; some run to midnight
      // and the next day may start at 00:00.
      let at = pick([0, 0, 60, 420, 600, 1380]);
      for (let n = 1 + Math.floor(next() * 3); n > 0 && at < 1440; n--) {
        const end = Math.min(1440, at + 15 * (1 + Math.floor(next() * 24)));
        hours.push([day, clock(at), end === 1440 ? '23:59' : clock(end)]);
        at = end + pick([0, 0, 15, 90]);
      }
    }
    if (hours.length === 0) hours.push([3, '10:00', '12:00']);
    const id = await makeTeacher(t.db, { first: `Probe${i}`, last: 'Probe', hours });
    await t.db.query('UPDATE users SET time_zone = $2 WHERE id = $1', [id, pick(ZONES)]);
    ids.push(id);
    // Some hold sessions near the instants: approved, pending (expired or not), or rejected (never holds).
    for (const instant of INSTANTS) {
      if (next() < 0.8) continue;
      const start = instant.getTime() + (Math.floor(next() * 9) - 4) * 15 * 60_000;
      const status = pick(['approved', 'pending', 'rejected']);
      const expires = instant.getTime() + (next() < 0.5 ? -1 : 1) * 10 * 60_000;
      await t.db.query(
        `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name)
         VALUES ($1, $2, $2, $3, 'schedule', $4, $5, $6, 1, $7, 'hours', $8)`,
        [student, id, subject, status, new Date(start), new Date(start + HOUR), new Date(expires), `ch-probe-${id}-${start}`],
      );
    }
  }
});

afterAll(async () => {
  await t.close();
});

describe('the available_now filter', () => {
  it('keeps exactly the teachers the availability rule finds free, at every instant', async () => {
    let freeSeen = 0;
    for (const now of INSTANTS) {
      const expected: number[] = [];
      for (const id of ids) {
        const schedule = await scheduleOf(t.db, id, now, new Date(now.getTime() + MIN_DURATION_HOURS * HOUR), now);
        if (availableNow(schedule, MIN_DURATION_HOURS, now)) expected.push(id);
      }
      const listed: number[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const result = await listTeachers(t.db, { search: 'Probe', available_now: true, page, per_page: 20 }, 'en', now);
        total = result.total;
        listed.push(...result.cards.map((card) => card.id));
        for (const card of result.cards) expect(card.available_now, `card ${card.id} at ${now.toISOString()}`).toBe(true);
        if (result.cards.length < 20) break;
      }
      expect(listed, `at ${now.toISOString()}`).toEqual(expected);
      expect(total).toBe(expected.length);
      freeSeen += expected.length;
    }
    // The data set is not trivial: some teachers are free and some are not, across the instants.
    expect(freeSeen).toBeGreaterThan(INSTANTS.length);
    expect(freeSeen).toBeLessThan(INSTANTS.length * ids.length);
  });
});
