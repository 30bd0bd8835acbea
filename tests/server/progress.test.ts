// A child's progress on both drivers: only the child's family reads it (another family and unknown ids
// 404, teachers 403 — even the child's own teacher); lessons taken are counted per subject and per month
// in the family's zone (pending, cancelled and not-yet-over lessons and a sibling's do not count); the
// verses memorised and revised are unions of the reports' ranges; the open homework is the latest
// report's per subject.
import { describe, expect, it } from 'vitest';
import { childProgressResponseSchema, versesCovered, type ChildProgress } from '../../contract/progress';
import type { ReportInput } from '../../contract/reports';
import { issueToken } from '../../server/modules/auth/tokens';
import { body, creditHours, HOUR, makeStudent, makeTeacher, requestsFile, scheduleBody, subjectId } from './requests-helpers';

const ctx = requestsFile();

const call = (user: number | null, path: string, locale: 'ar' | 'en' = 'en') => ctx.as(user, locale).get(path);

async function progress(family: number, child: number, locale: 'ar' | 'en' = 'en'): Promise<ChildProgress> {
  const res = await call(family, `/api/v1/children/${child}/progress`, locale);
  expect(res.status).toBe(200);
  return childProgressResponseSchema.parse(await res.json()).data;
}

const firstChild = async (family: number) =>
  ((await (await call(family, '/api/v1/children')).json()) as { data: Array<{ id: number }> }).data[0]!.id;

/** An approved lesson of `hours` hours for `child`, starting 3 hours after the clock. */
async function lesson(family: number, teacher: number, child: number, subject: number, hours = 1): Promise<number> {
  const start = new Date(ctx.clock.now.getTime() + 3 * HOUR);
  const res = await ctx.as(family).post('/api/v1/requests', scheduleBody(teacher, subject, start, hours, { child_id: child }));
  expect(res.status).toBe(201);
  const id = (await body<{ id: number }>(res)).data.id;
  expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`)).status).toBe(200);
  return id;
}

/** Moves the clock past the lesson's end and writes its report as the teacher. */
async function report(teacher: number, id: number, input: ReportInput): Promise<void> {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + 10 * HOUR);
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${await issueToken(ctx.db, teacher, new Date())}` };
  const res = await ctx.app.request(`/api/v1/requests/${id}/report`, { method: 'PUT', headers, body: JSON.stringify(input) });
  expect(res.status).toBe(200);
}

describe('the union of verse ranges', () => {
  it('counts overlapping and touching ranges once, in any order', () => {
    expect(versesCovered([])).toBe(0);
    expect(
      versesCovered([
        [1, 20],
        [15, 40],
      ]),
    ).toBe(40);
    expect(
      versesCovered([
        [15, 40],
        [1, 20],
      ]),
    ).toBe(40);
    expect(
      versesCovered([
        [1, 5],
        [6, 10],
        [20, 20],
      ]),
    ).toBe(11);
    expect(
      versesCovered([
        [3, 9],
        [4, 5],
        [1, 2],
      ]),
    ).toBe(9);
  });
});

describe("a child's progress", () => {
  it('is read by the family alone: another family and unknown ids get 404, teachers 403, nobody signed in 401', async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 5);
    const child = await firstChild(family);
    // The child's own teacher, with an approved lesson, still reads reports lesson by lesson only.
    await lesson(family, teacher, child, await subjectId(ctx.db));

    const empty = await progress(family, child);
    expect(empty).toMatchObject({
      child: { id: child },
      lessons_taken: 0,
      hours_taught: 0,
      subjects: [],
      latest_reports: [],
      open_homework: [],
    });
    expect(empty.quran).toEqual({ memorised: 0, revised: 0, surahs: [] });
    expect(empty.time_zone).toBe('Asia/Qatar');

    const otherFamily = await call(other, `/api/v1/children/${child}/progress`);
    const unknown = await call(other, '/api/v1/children/2000000000/progress');
    expect([otherFamily.status, unknown.status]).toEqual([404, 404]);
    expect(await otherFamily.json()).toEqual(await unknown.json());
    expect((await call(family, '/api/v1/children/abc/progress')).status).toBe(404);
    expect((await call(family, '/api/v1/children/99999999999/progress')).status).toBe(404);
    const asTeacher = await call(teacher, `/api/v1/children/${child}/progress`);
    expect(asTeacher.status).toBe(403);
    expect(((await asTeacher.json()) as { code: string }).code).toBe('children_families_only');
    expect((await call(null, `/api/v1/children/${child}/progress`)).status).toBe(401);
  });

  it('counts lessons per subject and month, unions the verses, lists the latest reports and the open homework', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'هدى', subjects: ['quran', 'mathematics'] });
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 20);
    const child = await firstChild(family);
    const sibling = (
      await body<{ id: number }>(
        await ctx.as(family).post('/api/v1/children', { first_name: 'علي', last_name: 'الاختبار', gender: 'male', phase_id: 1 }),
      )
    ).data.id;
    const quran = await subjectId(ctx.db, 'quran');
    const math = await subjectId(ctx.db, 'mathematics');

    // January: two Quran lessons (1 h and 2 h) with overlapping memorised ranges.
    const first = await lesson(family, teacher, child, quran);
    await report(teacher, first, {
      covered: 'حفظ بداية سورة النبأ',
      homework: 'تكرار الآيات ١–٢٠',
      quran: [
        { surah: 78, from_ayah: 1, to_ayah: 20, kind: 'memorised', grade: 'good' },
        { surah: 67, from_ayah: 1, to_ayah: 30, kind: 'revised', grade: 'excellent' },
      ],
    });
    const second = await lesson(family, teacher, child, quran, 2);
    await report(teacher, second, {
      covered: 'إكمال سورة النبأ',
      homework: 'مراجعة سورة الناس',
      quran: [
        { surah: 78, from_ayah: 15, to_ayah: 40, kind: 'memorised', grade: 'excellent' },
        { surah: 67, from_ayah: 10, to_ayah: 20, kind: 'revised', grade: 'good' },
        { surah: 1, from_ayah: 1, to_ayah: 7, kind: 'recited', grade: 'good' },
        { surah: 114, from_ayah: 1, to_ayah: 6, kind: 'memorised', grade: 'good' },
      ],
    });
    // A mathematics lesson at 22:00 UTC on 31 January is 1 February in Doha: the family's month.
    ctx.clock.now = new Date('2030-01-31T19:00:00.000Z');
    const third = await lesson(family, teacher, child, math);
    await report(teacher, third, { covered: 'الكسور', homework: 'تمارين صفحة ١٢' });

    // Not counted: the sibling's lesson (over), an approved lesson not yet over, a pending and a cancelled one.
    await lesson(family, teacher, sibling, quran);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * HOUR);
    await lesson(family, teacher, child, quran);
    const pending = await ctx
      .as(family)
      .post('/api/v1/requests', scheduleBody(teacher, quran, new Date(ctx.clock.now.getTime() + 10 * HOUR), 1, { child_id: child }));
    expect(pending.status).toBe(201);
    const cancelled = await ctx
      .as(family)
      .post('/api/v1/requests', scheduleBody(teacher, quran, new Date(ctx.clock.now.getTime() + 30 * HOUR), 1, { child_id: child }));
    expect((await ctx.as(family).post(`/api/v1/requests/${(await body<{ id: number }>(cancelled)).data.id}/cancel`)).status).toBe(200);

    const p = await progress(family, child);
    expect(p.lessons_taken).toBe(3);
    expect(p.hours_taught).toBe(4);
    // Newest month first.
    expect(p.subjects.map((s) => [s.name, s.lessons, s.minutes, s.months])).toEqual([
      ['Mathematics', 1, 60, [{ month: '2030-02', lessons: 1, minutes: 60 }]],
      ['Holy Quran', 2, 180, [{ month: '2030-01', lessons: 2, minutes: 180 }]],
    ]);
    expect(p.quran).toEqual({
      memorised: 46,
      revised: 30,
      surahs: [
        { surah: 67, memorised: 0, revised: 30 },
        { surah: 78, memorised: 40, revised: 0 },
        { surah: 114, memorised: 6, revised: 0 },
      ],
    });
    expect(p.latest_reports.map((r) => [r.request_id, r.subject.name, r.teacher.first_name])).toEqual([
      [third, 'Mathematics', 'هدى'],
      [second, 'Holy Quran', 'هدى'],
      [first, 'Holy Quran', 'هدى'],
    ]);
    expect(p.latest_reports[1]!.quran.map((e) => e.surah_name)).toEqual(['An-Naba', 'Al-Mulk', 'Al-Fatihah', 'An-Nas']);
    // The first Quran report's homework was followed by the second's: only the latest of each subject is open.
    expect(p.open_homework.map((h) => [h.subject.name, h.homework, h.request_id]).sort()).toEqual([
      ['Holy Quran', 'مراجعة سورة الناس', second],
      ['Mathematics', 'تمارين صفحة ١٢', third],
    ]);

    // In Arabic the subject and surah names are Arabic.
    const ar = await progress(family, child, 'ar');
    expect(ar.subjects.map((s) => s.name).sort()).toEqual(['الرياضيات', 'القرآن الكريم'].sort());
    expect(ar.latest_reports[2]!.quran[0]!.surah_name).toBe('النبأ');

    // A later report without homework closes that subject's homework.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 48 * HOUR);
    const fourth = await lesson(family, teacher, child, math);
    await report(teacher, fourth, { covered: 'مراجعة الكسور' });
    const after = await progress(family, child);
    expect(after.open_homework.map((h) => h.subject.name)).toEqual(['Holy Quran']);
    expect(after.latest_reports[0]!.request_id).toBe(fourth);
    // At most the five newest reports are listed; a Quran report without homework closes the Quran's too.
    for (let i = 0; i < 2; i++) {
      ctx.clock.now = new Date(ctx.clock.now.getTime() + 24 * HOUR);
      await report(teacher, await lesson(family, teacher, child, quran), { covered: 'مراجعة' });
    }
    const many = await progress(family, child);
    expect(many.latest_reports).toHaveLength(5);
    expect(many.latest_reports.map((r) => r.request_id)).not.toContain(first);
    expect(many.open_homework).toEqual([]);
    // The sibling's page holds the sibling's lesson only.
    const theirs = await progress(family, sibling);
    expect([theirs.lessons_taken, theirs.latest_reports.length]).toEqual([1, 0]);
  });
});
