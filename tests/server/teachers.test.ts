// The public teachers list and teacher page: only active teachers, search by any name part (Arabic with
// letter variants, Latin case-insensitively), filters, paging checked against ~500 seeded teachers,
// the card's contents, and the page's evaluations and busy times (no student data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeacherCard, TeacherDetail } from '../../contract/teachers';
import { HOUR, T0, makeStudent, makeTeacher, requestsApp, scheduleBody, subjectId, teacherAndStudent } from './requests-helpers';

type Ctx = Awaited<ReturnType<typeof requestsApp>>;
let ctx: Ctx;

interface ListBody {
  message: string;
  data: TeacherCard[];
  meta: { page: number; per_page: number; total: number };
}

const list = async (query: string, locale: 'ar' | 'en' = 'en'): Promise<ListBody> =>
  (await (await ctx.as(null, locale).get(`/api/v1/teachers?${query}`)).json()) as ListBody;

// The bulk: 500 teachers in one statement each for users, subjects, phases and hours.
const BULK = 500;
let bulkIds: number[] = [];

beforeAll(async () => {
  ctx = await requestsApp();
  const rows = await ctx.db.query<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, status, experience_years)
     SELECT 'instructor', 'معلم' || g, CASE WHEN g % 10 = 0 THEN 'Smith' ELSE 'الكواري' END, '+9747' || lpad(g::text, 7, '0'), 'QA',
            CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END, CASE WHEN g % 25 = 0 THEN 'in_review' ELSE 'active' END, g % 30
       FROM generate_series(1, ${BULK}) AS g RETURNING id`,
  );
  bulkIds = rows.map((r) => r.id);
  const math = await subjectId(ctx.db, 'mathematics');
  const physics = await subjectId(ctx.db, 'physics');
  // Every third teaches physics, the others mathematics; all teach grade 4; hours on Sunday 08–12 for the odd ones.
  await ctx.db.query(
    `INSERT INTO teacher_subjects (teacher_id, subject_id) SELECT id, CASE WHEN id % 3 = 0 THEN $2::int ELSE $3::int END FROM unnest($1::int[]) AS id`,
    [bulkIds, physics, math],
  );
  await ctx.db.query(
    `INSERT INTO teacher_phases (teacher_id, phase_id) SELECT id, (SELECT id FROM phases WHERE code = 'primary_4') FROM unnest($1::int[]) AS id`,
    [bulkIds],
  );
  await ctx.db.query(
    `INSERT INTO working_hours (teacher_id, weekday, start_time, end_time) SELECT id, 0, '08:00', '12:00' FROM unnest($1::int[]) AS id WHERE id % 2 = 1`,
    [bulkIds],
  );
}, 120_000);
afterAll(() => ctx.close());

describe('teachers list', () => {
  it('pages through exactly the active teachers with working hours, none twice', async () => {
    const active = await ctx.db.one<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM users u WHERE type = 'instructor' AND status = 'active' AND EXISTS (SELECT 1 FROM working_hours wh WHERE wh.teacher_id = u.id)`,
    );
    const first = await list('per_page=50');
    expect(first.meta).toEqual({ page: 1, per_page: 50, total: active!.n });
    const seen = new Set<number>();
    const pages = Math.ceil(active!.n / 50);
    for (let page = 1; page <= pages; page++) {
      const body = await list(`per_page=50&page=${page}`);
      for (const card of body.data) seen.add(card.id);
    }
    expect(seen.size).toBe(active!.n);
    const inReview = bulkIds.filter((_, i) => (i + 1) % 25 === 0);
    for (const id of inReview) expect(seen.has(id)).toBe(false);
    // Active but without working hours: nobody could book them, so they are not listed.
    for (const id of bulkIds.filter((id) => id % 2 === 0)) expect(seen.has(id)).toBe(false);
    expect((await list(`per_page=50&page=${pages + 1}`)).data).toEqual([]);
    expect((await list(`per_page=50&page=${pages + 1}`)).meta.total).toBe(active!.n);
    // Defaults, and bad values refused.
    expect((await list('')).meta).toMatchObject({ page: 1, per_page: 12 });
    expect((await ctx.as(null).get('/api/v1/teachers?per_page=500')).status).toBe(400);
    expect((await ctx.as(null).get('/api/v1/teachers?gender=x')).status).toBe(400);
  });

  it('filters by subject, phase, gender and availability, combined, with the right totals', async () => {
    const physics = await subjectId(ctx.db, 'physics');
    const body = await list(`subject_id=${physics}&gender=female&per_page=50`);
    const expected = bulkIds.filter((id, i) => (i + 1) % 25 !== 0 && id % 3 === 0 && (i + 1) % 2 === 0 && id % 2 === 1);
    expect(body.meta.total).toBe(expected.length);
    for (const card of body.data) {
      expect(card.gender).toBe('female');
      expect(card.subjects.map((s) => s.id)).toContain(physics);
    }
    // T0 is Sunday 09:00 in Qatar: the odd ids are available now.
    const available = await list('available_now=1&per_page=50');
    for (const card of available.data) expect(card.available_now).toBe(true);
    const bulkAvailable = bulkIds.filter((id, i) => (i + 1) % 25 !== 0 && id % 2 === 1).length;
    expect(available.meta.total).toBeGreaterThanOrEqual(bulkAvailable);
    ctx.clock.now = new Date(T0.getTime() + 4 * HOUR);
    const later = await list('available_now=1&per_page=50');
    expect(later.data.filter((c) => bulkIds.includes(c.id))).toEqual([]);
    ctx.clock.now = new Date(T0);
    const secondary = await ctx.db.one<{ id: number }>(`SELECT id FROM phases WHERE code = 'secondary_3'`);
    expect((await list(`phase_id=${secondary!.id}&per_page=50`)).data.filter((c) => bulkIds.includes(c.id))).toEqual([]);
  });

  it('says "available now" on the teacher\'s own clock, and not while a session holds them', async () => {
    // T0 is Sunday 06:00 in London (09:00 in Qatar): hours 05:00–07:00 London time include the next hour.
    const london = await makeTeacher(ctx.db, { first: 'Zone', last: 'London', hours: [[0, '05:00', '07:00']] });
    await ctx.db.query(`UPDATE users SET time_zone = 'Europe/London' WHERE id = $1`, [london]);
    // The same hours in Qatar time are long past.
    const qatar = await makeTeacher(ctx.db, { first: 'Zone', last: 'Qatar', hours: [[0, '05:00', '07:00']] });
    const busy = await makeTeacher(ctx.db, { first: 'Zone', last: 'Busy' });
    const student = await makeStudent(ctx.db);
    await ctx.db.query(
      `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name)
       VALUES ($1, $2, $2, $3, 'schedule', 'approved', $4, $5, 1, $4, 'hours', 'ch-zone-busy')`,
      [student, busy, await subjectId(ctx.db), new Date(T0.getTime() + 30 * 60_000), new Date(T0.getTime() + 90 * 60_000)],
    );
    const cards = (await list('search=Zone&per_page=50')).data;
    const flag = (id: number) => cards.find((c) => c.id === id)?.available_now;
    expect([flag(london), flag(qatar), flag(busy)]).toEqual([true, false, false]);
    const filtered = (await list('search=Zone&available_now=1&per_page=50')).data.map((c) => c.id);
    expect(filtered).toEqual([london]);
  });

  it('searches any name part: Arabic with letter variants, Latin case-insensitively; none found says so', async () => {
    const ahmad = await makeTeacher(ctx.db, { first: 'أحمد', last: 'الأنصاري' });
    const fatima = await makeTeacher(ctx.db, { first: 'فاطمة', last: 'Al-Thani' });
    expect((await list('search=احمد')).data.map((c) => c.id)).toContain(ahmad);
    expect((await list('search=انصاري')).data.map((c) => c.id)).toEqual([ahmad]);
    expect((await list('search=فاطمه')).data.map((c) => c.id)).toContain(fatima);
    expect((await list('search=al-THANI')).data.map((c) => c.id)).toEqual([fatima]);
    expect((await list('search=فاطمة thani')).data.map((c) => c.id)).toEqual([fatima]);
    const smiths = await list('search=smith&per_page=50');
    // Listed Smiths: active ones with working hours (the odd ids).
    expect(smiths.meta.total).toBe(bulkIds.filter((id, i) => (i + 1) % 10 === 0 && (i + 1) % 25 !== 0 && id % 2 === 1).length);
    // LIKE wildcards typed by the user match literally.
    expect((await list('search=%25')).data).toEqual([]);
    const none = await list('search=zzzz');
    expect(none.data).toEqual([]);
    expect(none.message).toBe('No teacher found with this name');
    expect((await list('search=zzzz', 'ar')).message).toBe('لا يوجد معلم بهذا الاسم');
  });

  it('fills each card: subjects, phases, hours, rating, country, experience', async () => {
    const id = await makeTeacher(ctx.db, {
      first: 'سارة',
      last: 'المهندي',
      gender: 'female',
      subjects: ['mathematics', 'physics'],
      hours: [[1, '16:00', '20:00']],
    });
    await ctx.db.query(`INSERT INTO evaluations (teacher_id, rating) VALUES ($1, 5), ($1, 4), ($1, 4)`, [id]);
    const card = (await list('search=سارة المهندي', 'ar')).data.find((c) => c.id === id)!;
    expect(card).toMatchObject({
      id,
      first_name: 'سارة',
      last_name: 'المهندي',
      gender: 'female',
      country: 'قطر',
      experience_years: 5,
      working_hours: [{ day: 1, from: '16:00', to: '20:00' }],
      rating: { average: 4.3, count: 3 },
      available_now: false,
    });
    expect(card.subjects.map((s) => s.name)).toEqual(['الرياضيات', 'الفيزياء']);
    expect(card.phases).toHaveLength(1);
  });
});

describe('teacher page', () => {
  it('adds evaluations (first name only), busy times without student data, and the time zone', async () => {
    const { teacher, student } = await teacherAndStudent(ctx.db, 3);
    const math = await subjectId(ctx.db);
    const booked = await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, math, new Date(T0.getTime() + 3 * HOUR), 2));
    const id = ((await booked.json()) as { data: { id: number } }).data.id;
    await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`);
    await ctx.db.query(`INSERT INTO evaluations (teacher_id, student_id, rating, comment) VALUES ($1, $2, 5, 'رائع')`, [teacher, student]);
    const res = await ctx.as(null).get(`/api/v1/teachers/${teacher}`);
    expect(res.status).toBe(200);
    const detail = ((await res.json()) as { data: TeacherDetail }).data;
    expect(detail.time_zone).toBe('Asia/Qatar');
    expect(detail.busy).toEqual([
      { starts_at: new Date(T0.getTime() + 3 * HOUR).toISOString(), ends_at: new Date(T0.getTime() + 5 * HOUR).toISOString() },
    ]);
    expect(detail.evaluations).toEqual([expect.objectContaining({ rating: 5, comment: 'رائع', student_first_name: 'طالب' })]);
    expect(JSON.stringify(detail)).not.toContain('+974');
  });

  it('answers 404 for unknown, inactive and student ids', async () => {
    const inactive = await makeTeacher(ctx.db, { status: 'in_review' });
    const student = await makeStudent(ctx.db);
    for (const id of [inactive, student, 99_999_999, 'abc']) expect((await ctx.as(null).get(`/api/v1/teachers/${id}`)).status).toBe(404);
  });
});
