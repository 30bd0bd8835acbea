// The fuzz suite's second-order pass: the first pass (fuzz.test.ts) sends bad input and checks the
// answer; this one stores values — through the API as a caller would, and then behind the validators,
// as rows written before a rule existed — and runs every read of the route table as every kind of
// caller, the teachers list with its filters, a booking and the jobs over them: 0×5xx, and one bad
// row costs only that row (the other teacher is still listed and bookable, the other user's reminder
// is still created). A stored time zone PostgreSQL refuses once took down the public catalogue.
import { describe, expect, it } from 'vitest';
import { runReminders } from '../../server/modules/notifications';
import { sweepAndPublish } from '../../server/modules/requests';
import { FUZZ_TARGETS } from './fuzz-routes';
import { hardenedApp, ROLES } from './hardening-helpers';
import { perFile } from './support/per-file';

const t = perFile(() => hardenedApp({ adminLoopbackOnly: false }));

const HOUR = 3_600_000;
/** Names Intl accepts that PostgreSQL or temporal-polyfill refuse, and other odd zone spellings. */
const ZONES = [
  'CTT',
  'AET',
  'PST',
  'US/Pacific-New',
  'EST5EDT',
  'Factory',
  'GMT+0',
  'posixrules',
  'Asia/Qatar ',
  'asia/qatar',
  'UTC+3',
  '+03:00',
  '',
];
/** Text values for the stored names and descriptions. */
const TEXTS = [
  '\u202Eنورة',
  ' ',
  '\u200B\u200B',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '👩‍👩‍👧‍👦',
  '\uFEFF',
  'م'.repeat(300),
  '%00',
  '__proto__',
];

async function teacherHours(id: number) {
  await t.db.query('DELETE FROM working_hours WHERE teacher_id = $1', [id]);
  for (let day = 0; day < 7; day++) {
    await t.db.query(`INSERT INTO working_hours (teacher_id, weekday, start_time, end_time) VALUES ($1, $2, '00:00', '23:59')`, [id, day]);
  }
}

async function approvedSession(student: number, teacher: number, startsAt: Date): Promise<{ id: number; channel: string }> {
  const channel = `private-session-second-order-${student}-${startsAt.getTime()}`;
  const row = await t.db.one<{ id: number }>(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name)
     VALUES ($1, $2, $2, (SELECT subject_id FROM teacher_subjects WHERE teacher_id = $2 LIMIT 1), 'schedule', 'approved', $3, $4, 1, $3, 'hours', $5) RETURNING id`,
    [student, teacher, startsAt, new Date(startsAt.getTime() + HOUR), channel],
  );
  return { id: row!.id, channel };
}

/** Every GET route of the app, filled with ids that exist, as every kind of caller: the 5xx answers. */
async function readEverything(ids: { teachers: number[]; request: number; channel: string }): Promise<string[]> {
  const photo = await t.db.one<{ hash: string }>('SELECT hash FROM teacher_photos LIMIT 1');
  const values: Record<string, string[]> = {
    id: [...ids.teachers.map(String), String(ids.request)],
    name: [photo ? `${photo.hash}.webp` : 'x.webp'],
    channelName: [ids.channel],
    who: ids.teachers.map(String),
    session: ['cs_x'],
  };
  const urls: string[] = [];
  for (const route of Object.keys(FUZZ_TARGETS).filter((r) => r.startsWith('GET '))) {
    const pattern = route.slice(4);
    const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const choices = names.length ? (values[names[0]!] ?? ['1']) : [''];
    for (const v of choices) urls.push(pattern.replace(/:\w+/g, (p) => (p === `:${names[0]}` ? v : (values[p.slice(1)]?.[0] ?? '1'))));
  }
  for (const query of ['', 'available_now=1', 'available_now=true&page=2', 'search=%D9%86', 'gender=female&per_page=50'])
    urls.push(`/api/v1/teachers?${query}`);
  for (const teacher of ids.teachers) urls.push(`/api/v1/teachers/${teacher}/availability?days=31&duration=2`);
  const failures: string[] = [];
  for (const url of urls) {
    for (const role of ROLES) {
      for (const locale of ['ar', 'en']) {
        const res = await t.call(t.callers[role], 'GET', url, { headers: { 'Accept-Language': locale } });
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`${res.status} ← ${role} GET ${url} (${locale})`);
      }
    }
  }
  return failures;
}

describe('fuzz, second order: stored values, then every read and job', () => {
  it('values a caller stores through the API break no read, list or job', async () => {
    const teacher = t.callers.teacher;
    await teacherHours(teacher.id!);
    const statuses: string[] = [];
    let phones = 0;
    for (const value of [...ZONES, ...TEXTS]) {
      for (const field of ['time_zone', 'first_name', 'last_name', 'description']) {
        const res = await t.callJson(teacher, 'PATCH', '/api/v1/profile', { [field]: value });
        if (res.status >= 500) statuses.push(`${res.status} ← PATCH profile ${field}=${JSON.stringify(value)}`);
      }
      const res = await t.callJson(t.callers.anonymous, 'POST', '/api/v1/auth/register', {
        type: 'student',
        first_name: value || 'x',
        last_name: 'y',
        phone: `+974557${String(10_000 + (phones += 1)).slice(-5)}`,
        country_code: 'QA',
        gender: 'female',
        time_zone: value,
      });
      if (res.status >= 500) statuses.push(`${res.status} ← register time_zone=${JSON.stringify(value)}`);
    }
    expect(statuses).toEqual([]);
    const session = await approvedSession(t.callers.studentA.id!, teacher.id!, new Date(Date.now() + 10 * 60_000));
    expect(await readEverything({ teachers: [teacher.id!], request: session.id, channel: session.channel })).toEqual([]);
    await expect(runReminders(t.db, undefined, new Date())).resolves.toBeDefined();
    await expect(sweepAndPublish(t.db, undefined, new Date())).resolves.toBeTypeOf('number');
  }, 600_000);

  it('rows stored before the validators cost only themselves: reads, booking and reminders go on for everyone else', async () => {
    const bad = t.callers.teacher.id!;
    const good = t.callers.otherTeacher.id!;
    await teacherHours(bad);
    await teacherHours(good);
    const now = Date.now();
    // The teacher with the unusable zone has two sessions in ten minutes: one with a family whose zone
    // is unusable too, one with a family whose zone is fine. The other teacher stays free to book now.
    const badSession = await approvedSession(t.callers.studentA.id!, bad, new Date(now + 10 * 60_000));
    const goodSession = await approvedSession(t.callers.studentB.id!, bad, new Date(now + 12 * 60_000));
    // PostgreSQL refuses the first two, Intl the third; the last two are no name at all.
    for (const zone of ['CTT', 'US/Pacific-New', 'Factory', 'asia/qatar', '']) {
      await t.db.query('UPDATE users SET time_zone = $1 WHERE id = ANY($2::int[])', [zone, [bad, t.callers.studentA.id]]);
      expect(await readEverything({ teachers: [bad, good], request: badSession.id, channel: badSession.channel }), zone).toEqual([]);

      const list = (await (await t.call(t.callers.anonymous, 'GET', '/api/v1/teachers?available_now=1&per_page=50')).json()) as {
        data: Array<{ id: number }>;
      };
      expect(
        list.data.map((c) => c.id),
        zone,
      ).toContain(good);
      const booking = await t.callJson(t.callers.studentB, 'POST', '/api/v1/requests', {
        teacher_id: bad,
        subject_id: (await t.db.one<{ s: number }>('SELECT subject_id AS s FROM teacher_subjects WHERE teacher_id = $1', [bad]))!.s,
        type: 'schedule',
        starts_at: new Date(Math.ceil((now + 3 * HOUR) / HOUR) * HOUR).toISOString(),
        duration_hours: 1,
      });
      expect(booking.status, zone).toBeLessThan(500);
      await expect(sweepAndPublish(t.db, undefined, new Date()), zone).resolves.toBeTypeOf('number');
    }
    await runReminders(t.db, undefined, new Date());
    const reminded = await t.db.query<{ user_id: number }>(`SELECT user_id FROM notifications WHERE dedupe_key LIKE $1`, [
      `reminder:soon:${goodSession.id}:%`,
    ]);
    // "Starting soon" needs no zone: both parties have it, the teacher with the unusable zone included.
    expect(reminded.map((r) => r.user_id).sort()).toEqual([t.callers.studentB.id, bad].sort());
  }, 600_000);

  it("a lesson report's rows written before its rules, and the family's zone, break neither the report nor the child's progress", async () => {
    const family = t.callers.studentB;
    const teacher = t.callers.otherTeacher;
    const session = await approvedSession(family.id!, teacher.id!, new Date(Date.now() - 3 * HOUR));
    await t.db.query(`UPDATE requests SET status = 'finished' WHERE id = $1`, [session.id]);
    const { child_id: child } = (await t.db.one<{ child_id: number }>('SELECT child_id FROM requests WHERE id = $1', [session.id]))!;
    // Texts a teacher may store through the API.
    for (const text of TEXTS) {
      const res = await t.callJson(teacher, 'PUT', `/api/v1/requests/${session.id}/report`, { covered: text, homework: text, note: text });
      expect(res.status, JSON.stringify(text)).toBeLessThan(500);
    }
    // Entries no validator lets through: unknown surahs and kinds, backwards or absent verses, odd shapes.
    const odd = [
      { surah: 112, from_ayah: 1, to_ayah: 4, kind: 'memorised', grade: 'excellent' },
      { surah: 0, from_ayah: 1, to_ayah: 3, kind: 'memorised', grade: 'good' },
      { surah: 200, from_ayah: 1, to_ayah: 3, kind: 'revised', grade: 'good' },
      { surah: 2, from_ayah: 300, to_ayah: 1, kind: 'memorised', grade: 'excellent' },
      { surah: 3, from_ayah: -5, to_ayah: 1e9, kind: 'revised', grade: 'bad' },
      { surah: '112', from_ayah: '1', to_ayah: '4', kind: 'sung', grade: null },
      { surah: 1 },
      null,
      'الإخلاص',
    ];
    const failures: string[] = [];
    const read = async (who: typeof family, url: string, what: string, locales = ['en']) => {
      for (const locale of locales) {
        const res = await t.call(who, 'GET', url, { headers: { 'Accept-Language': locale } });
        const text = await res.text();
        if (res.status !== 200) failures.push(`${res.status} ← GET ${url} (${locale}) ${what}: ${text.slice(0, 200)}`);
      }
    };
    for (const quran of [JSON.stringify(odd), '{}', '42']) {
      await t.db.query(
        `INSERT INTO lesson_reports (request_id, teacher_id, covered, quran, created_at, updated_at)
         VALUES ($1, $2, 'x', $3::jsonb, now(), now())
         ON CONFLICT (request_id) DO UPDATE SET quran = EXCLUDED.quran`,
        [session.id, teacher.id, quran],
      );
      const locales = quran === '42' ? ['en'] : ['ar', 'en'];
      await read(family, `/api/v1/children/${child}/progress`, `quran=${quran}`, locales);
      await read(family, `/api/v1/requests/${session.id}/report`, `quran=${quran}`, locales);
      await read(teacher, `/api/v1/requests/${session.id}/report`, `quran=${quran}`, locales);
    }
    expect(failures).toEqual([]);
    // The one entry the rules accept still counts, beside the odd ones.
    await t.db.query('UPDATE lesson_reports SET quran = $2::jsonb WHERE request_id = $1', [session.id, JSON.stringify(odd)]);
    const progress = (await (await t.call(family, 'GET', `/api/v1/children/${child}/progress`)).json()) as {
      data: { quran: { surahs: Array<{ surah: number; memorised: number }> } };
    };
    expect(progress.data.quran.surahs).toEqual([{ surah: 112, memorised: 4, revised: 0 }]);
    // A family zone PostgreSQL refuses, or none: the lesson is still counted (in the default zone's month).
    for (const zone of ['CTT', '']) {
      await t.db.query('UPDATE users SET time_zone = $1 WHERE id = $2', [zone, family.id]);
      const res = await t.call(family, 'GET', `/api/v1/children/${child}/progress`);
      expect(res.status, JSON.stringify(zone)).toBe(200);
      const progress = (await res.json()) as { data: { lessons_taken: number; time_zone: string } };
      expect(progress.data, JSON.stringify(zone)).toMatchObject({ lessons_taken: 1, time_zone: 'Asia/Qatar' });
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
