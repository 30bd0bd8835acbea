// Lesson reports on both drivers: the session's teacher writes one once the lesson is over (not before,
// and never for a request that was not taught), changes it for REPORT_EDIT_DAYS after the lesson's end
// (to the minute, a first report included) and then it is final; verse ranges outside their surah are refused;
// the family, that teacher and a teacher the family has since booked for the same child read it, and
// nobody else learns it exists (404) — another family, another teacher, or a teacher of another child.
import { describe, expect, it } from 'vitest';
import { lessonReportResponseSchema, REPORT_EDIT_DAYS, type ReportInput } from '../../contract/reports';
import { issueToken } from '../../server/modules/auth/tokens';
import { body, bookAfter, creditHours, HOUR, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();

async function call(user: number, method: 'GET' | 'PUT', id: number, payload?: unknown, locale: 'ar' | 'en' = 'en'): Promise<Response> {
  const headers: Record<string, string> = {
    'Accept-Language': locale,
    Authorization: `Bearer ${await issueToken(ctx.db, user, new Date())}`,
  };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  return ctx.app.request(`/api/v1/requests/${id}/report`, {
    method,
    headers,
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

const quranReport: ReportInput = {
  covered: 'مراجعة سورة الملك وحفظ بداية سورة القلم',
  homework: 'تكرار الآيات 1–5 من سورة القلم',
  note: 'أحسنت مريم اليوم',
  quran: [
    { surah: 67, from_ayah: 1, to_ayah: 30, kind: 'revised', grade: 'excellent' },
    { surah: 68, from_ayah: 1, to_ayah: 5, kind: 'memorised', grade: 'good' },
  ],
};

/** A family's approved lesson with `teacher`, starting 3 hours after the clock, for one hour. */
async function lesson(family: number, teacher: number, extra: Record<string, unknown> = {}) {
  const booked = await bookAfter(ctx, family, teacher, 3, 1, extra);
  expect(booked.res.status).toBe(201);
  expect((await ctx.as(teacher).post(`/api/v1/requests/${booked.json.data.id}/approve`)).status).toBe(200);
  return booked.json.data.id;
}

describe('lesson reports', () => {
  it('are written by the teacher once the lesson is over, read by the family, and final after the window', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'هدى' });
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 5);
    const id = await lesson(family, teacher);

    // Not before the end.
    const early = await call(teacher, 'PUT', id, quranReport);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe('The report is written once the session is over');
    expect(lessonReportResponseSchema.parse(await (await call(family, 'GET', id)).json()).data).toBeNull();

    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * HOUR);
    // The teacher's list marks the lesson as still without its report, until it is written.
    const listed = async (who: number) =>
      ((await (await ctx.as(who).get('/api/v1/requests')).json()) as { data: Array<{ id: number; has_report: boolean }> }).data.find(
        (r) => r.id === id,
      )?.has_report;
    expect(await listed(teacher)).toBe(false);
    const saved = await call(teacher, 'PUT', id, quranReport);
    expect(saved.status).toBe(200);
    const written = lessonReportResponseSchema.parse(await saved.json()).data!;
    expect(written).toMatchObject({ covered: quranReport.covered, editable: true, teacher: { id: teacher, first_name: 'هدى' } });
    expect([await listed(teacher), await listed(family)]).toEqual([true, true]);
    expect(written.quran.map((e) => [e.surah_name, e.from_ayah, e.to_ayah, e.kind, e.grade])).toEqual([
      ['Al-Mulk', 1, 30, 'revised', 'excellent'],
      ['Al-Qalam', 1, 5, 'memorised', 'good'],
    ]);

    // The family reads it in its language, and may not write it.
    const read = lessonReportResponseSchema.parse(await (await call(family, 'GET', id, undefined, 'ar')).json()).data!;
    expect(read.quran[0]!.surah_name).toBe('الملك');
    expect(read.editable).toBe(false);
    expect((await call(family, 'PUT', id, quranReport)).status).toBe(403);

    // The teacher changes it inside the window; after it, the report is final.
    const changed = await call(teacher, 'PUT', id, { ...quranReport, homework: 'مراجعة سورة الملك', quran: [] });
    expect(lessonReportResponseSchema.parse(await changed.json()).data).toMatchObject({ homework: 'مراجعة سورة الملك', quran: [] });
    // The family was told once, linking to the lesson, though the report was saved twice.
    const notes = (await (await ctx.as(family).get('/api/v1/notifications')).json()) as {
      data: Array<{ type: string; params: { request_id?: number; other_name?: string }; link: { kind: string; id: number | null } }>;
    };
    const told = notes.data.filter((n) => n.type === 'lesson_report_written');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ params: { request_id: id }, link: { kind: 'request', id } });
    expect(told[0]!.params.other_name).toContain('هدى');
    ctx.clock.now = new Date(ctx.clock.now.getTime() + REPORT_EDIT_DAYS * 24 * HOUR);
    expect((await call(teacher, 'PUT', id, quranReport)).status).toBe(409);
    const final = lessonReportResponseSchema.parse(await (await call(teacher, 'GET', id)).json()).data!;
    expect(final).toMatchObject({ homework: 'مراجعة سورة الملك', editable: false });
  });

  it('counts the window from the lesson’s end to the minute, for a first report too; a lesson never taught has none', async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 5);
    const id = await lesson(family, teacher);
    const endsAt = (await ctx.db.one<{ ends_at: Date }>('SELECT ends_at FROM requests WHERE id = $1', [id]))!.ends_at.getTime();
    const closes = endsAt + REPORT_EDIT_DAYS * 24 * HOUR;

    // Written for the first time a minute before the window closes: taken, and says until when.
    ctx.clock.now = new Date(closes - 60_000);
    const late = await call(teacher, 'PUT', id, { covered: 'مراجعة' });
    expect(late.status).toBe(200);
    expect(lessonReportResponseSchema.parse(await late.json()).data).toMatchObject({
      editable: true,
      editable_until: new Date(closes).toISOString(),
    });
    // From the closing minute on it is final, in the teacher's language.
    ctx.clock.now = new Date(closes);
    const closed = await call(teacher, 'PUT', id, { covered: 'تغيير' }, 'ar');
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { message: string }).message).toBe('مضت مدة تعديل هذا التقرير، فلم يعد يتغير');

    // A lesson nobody reported: after its window even the first report is refused, and none exists.
    const unreported = await lesson(family, teacher);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 4 * HOUR + REPORT_EDIT_DAYS * 24 * HOUR);
    expect((await call(teacher, 'PUT', unreported, { covered: 'متأخر' })).status).toBe(409);
    expect(lessonReportResponseSchema.parse(await (await call(family, 'GET', unreported)).json()).data).toBeNull();

    // A request never approved is no lesson, even once its time has passed.
    const pending = await bookAfter(ctx, family, teacher, 3, 1);
    expect(pending.res.status).toBe(201);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * HOUR);
    const untaught = await call(teacher, 'PUT', pending.json.data.id, { covered: 'لم تُعطَ' });
    expect(untaught.status).toBe(409);
    expect(((await untaught.json()) as { message: string }).message).toBe('The report is written once the session is over');
  });

  it('refuses verse ranges outside their surah, with the field named, and keeps nothing', async () => {
    const teacher = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 5);
    const id = await lesson(family, teacher);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * HOUR);
    for (const entry of [
      { surah: 108, from_ayah: 1, to_ayah: 4, kind: 'memorised', grade: 'good' }, // Al-Kawthar has 3
      { surah: 1, from_ayah: 5, to_ayah: 2, kind: 'recited', grade: 'good' }, // backwards
      { surah: 115, from_ayah: 1, to_ayah: 1, kind: 'recited', grade: 'good' }, // no such surah
      { surah: 2, from_ayah: 1, to_ayah: 2, kind: 'sung', grade: 'good' },
    ]) {
      const res = await call(teacher, 'PUT', id, { covered: 'حفظ', quran: [entry] }, 'ar');
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(answer.errors).every((k) => k.startsWith('quran.0'))).toBe(true);
    }
    const range = (await (
      await call(teacher, 'PUT', id, {
        covered: 'حفظ',
        quran: [{ surah: 108, from_ayah: 1, to_ayah: 4, kind: 'memorised', grade: 'good' }],
      })
    ).json()) as {
      errors: Record<string, string[]>;
    };
    expect(range.errors['quran.0.to_ayah']).toEqual(['These verses are not in the surah: choose a range within its verses']);
    expect((await call(teacher, 'PUT', id, { covered: '   ' })).status).toBe(400);
    expect(lessonReportResponseSchema.parse(await (await call(teacher, 'GET', id)).json()).data).toBeNull();
  });

  it('a later teacher of the same child reads it; an earlier one, another family, another teacher and a teacher of a sibling get 404', async () => {
    const earlier = await makeTeacher(ctx.db);
    const first = await makeTeacher(ctx.db);
    const next = await makeTeacher(ctx.db);
    const siblingsTeacher = await makeTeacher(ctx.db);
    const stranger = await makeTeacher(ctx.db);
    const family = await makeStudent(ctx.db);
    const otherFamily = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 10);
    const children = (await (await ctx.as(family).get('/api/v1/children')).json()) as { data: Array<{ id: number }> };
    const child = children.data[0]!.id;
    const sibling = (
      await body<{ id: number }>(
        await ctx.as(family).post('/api/v1/children', { first_name: 'علي', last_name: 'الاختبار', gender: 'male', phase_id: 1 }),
      )
    ).data;
    // A teacher the child had before this lesson was booked.
    await lesson(family, earlier, { child_id: child });
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1_000);
    const id = await lesson(family, first, { child_id: child });
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5 * HOUR);
    expect((await call(first, 'PUT', id, quranReport)).status).toBe(200);

    // Before the family books them for this child, the next teacher cannot see it.
    expect((await call(next, 'GET', id)).status).toBe(404);
    await lesson(family, next, { child_id: child });
    await lesson(family, siblingsTeacher, { child_id: sibling.id });
    const read = await call(next, 'GET', id);
    expect(read.status).toBe(200);
    expect(lessonReportResponseSchema.parse(await read.json()).data).toMatchObject({ covered: quranReport.covered, editable: false });
    expect((await call(next, 'PUT', id, quranReport)).status).toBe(403);
    for (const outsider of [earlier, otherFamily, stranger, siblingsTeacher]) {
      expect((await call(outsider, 'GET', id)).status).toBe(404);
      expect((await call(outsider, 'PUT', id, quranReport)).status).toBe(404);
    }
    expect((await call(first, 'GET', 2_000_000)).status).toBe(404);
  });
});
