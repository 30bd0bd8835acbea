// Names in Latin letters and English bios: a teacher sets their own (a family cannot), a family its
// children's; each is checked (Latin letters, spaces, hyphens and apostrophes, 2 to 60 characters;
// empty clears) with localized field errors; and an English reader gets them on cards, the teacher
// page, search, requests and conversations, an Arabic reader (or an English one when there is none) the Arabic name.
import { describe, expect, it } from 'vitest';
import { childResponseSchema } from '../../contract/children';
import { profileDetailsResponseSchema } from '../../contract/profile';
import type { RequestSummary } from '../../contract/requests';
import type { TeacherCard, TeacherDetail } from '../../contract/teachers';
import { issueToken } from '../../server/modules/auth/tokens';
import { body, bookAfter, creditHours, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();

async function call(user: number, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, locale: 'ar' | 'en' = 'en') {
  const headers: Record<string, string> = {
    'Accept-Language': locale,
    Authorization: `Bearer ${await issueToken(ctx.db, user, new Date())}`,
  };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  return ctx.app.request(path, { method, headers, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });
}

const patchProfile = (user: number, payload: unknown, locale: 'ar' | 'en' = 'en') =>
  call(user, 'PATCH', '/api/v1/profile', payload, locale);
const card = async (teacher: number, locale: 'ar' | 'en') =>
  (await body<TeacherDetail>(await ctx.as(null, locale).get(`/api/v1/teachers/${teacher}`))).data;
const stored = (teacher: number) =>
  ctx.db.one<{ latin_name: string | null; bio_en: string | null }>('SELECT latin_name, bio_en FROM users WHERE id = $1', [teacher]);

describe("a teacher's Latin name and English bio", () => {
  it('are saved by the teacher, read back by the profile and shown to English readers only', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'فاطمة', last: 'الكعبي' });
    const res = await patchProfile(teacher, { latin_name: '  Fatima   Al-Kaabi ', bio_en: 'A patient Quran teacher.' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(profileDetailsResponseSchema.parse(await res.json()).data).toMatchObject({
      latin_name: 'Fatima Al-Kaabi',
      bio_en: 'A patient Quran teacher.',
    });

    expect(await card(teacher, 'en')).toMatchObject({
      first_name: 'Fatima',
      last_name: 'Al-Kaabi',
      description: 'A patient Quran teacher.',
    });
    expect(await card(teacher, 'ar')).toMatchObject({ first_name: 'فاطمة', last_name: 'الكعبي', description: 'وصف' });
    const search = await body<TeacherCard[]>(await ctx.as(null, 'en').get('/api/v1/teachers?search=al-kaabi&per_page=50'));
    expect(search.data.map((c) => c.id)).toContain(teacher);

    // Blank clears both: the English page falls back to the Arabic name and bio.
    expect((await patchProfile(teacher, { latin_name: '', bio_en: '   ' })).status).toBe(200);
    expect(await stored(teacher)).toEqual({ latin_name: null, bio_en: null });
    expect(await card(teacher, 'en')).toMatchObject({ first_name: 'فاطمة', last_name: 'الكعبي', description: 'وصف' });
  });

  it('refuses what is not a name in Latin letters, in the reader language, and writes nothing', async () => {
    const teacher = await makeTeacher(ctx.db);
    const cases: [string, string, string][] = [
      ['فاطمة', 'Write the name in Latin letters (A–Z) only; spaces, hyphens and apostrophes are allowed', 'en'],
      ['J0hn Smith', 'Write the name in Latin letters (A–Z) only; spaces, hyphens and apostrophes are allowed', 'en'],
      ['A', 'The name in Latin letters must be 2 to 60 characters long', 'en'],
      ['A'.repeat(61), 'The name in Latin letters must be 2 to 60 characters long', 'en'],
      ['Omar\u202E', 'اكتب الاسم بالحروف اللاتينية (A–Z) فقط، ويمكن استخدام المسافة والشرطة والفاصلة العليا', 'ar'],
    ];
    for (const [name, message, locale] of cases) {
      const res = await patchProfile(teacher, { latin_name: name, bio_en: 'Fine.' }, locale as 'ar' | 'en');
      expect(res.status, name).toBe(400);
      expect((await body<unknown>(res)).errors).toEqual({ latin_name: [message] });
    }
    const long = await patchProfile(teacher, { bio_en: 'x'.repeat(1001) });
    expect((await body<unknown>(long)).errors).toEqual({ bio_en: ['This text is too long'] });
    expect(await stored(teacher)).toEqual({ latin_name: null, bio_en: null });
    // Accented Latin letters, apostrophes and hyphens are names too.
    expect((await patchProfile(teacher, { latin_name: "Zoë O'Neil-José" })).status).toBe(200);
  });

  it('cannot be set by a family: the profile refuses the teacher fields by name', async () => {
    const family = await makeStudent(ctx.db);
    const res = await patchProfile(family, { latin_name: 'Fatima Al-Kaabi', bio_en: 'Not mine to write.' });
    expect(res.status).toBe(400);
    expect((await body<unknown>(res)).errors).toEqual({
      latin_name: ['This field is for teacher accounts only'],
      bio_en: ['This field is for teacher accounts only'],
    });
    expect(await stored(family)).toEqual({ latin_name: null, bio_en: null });
  });
});

describe("a child's Latin name", () => {
  it('is added and changed by the family, checked, and named in English on the requests of both sides', async () => {
    const teacher = await makeTeacher(ctx.db, { first: 'عمر', last: 'الخطيب' });
    await patchProfile(teacher, { latin_name: 'Omar Al-Khatib' });
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 3);
    const phase = (await ctx.db.one<{ id: number }>("SELECT id FROM phases WHERE code = 'primary_4'"))!.id;
    const bad = await call(family, 'POST', '/api/v1/children', {
      first_name: 'جود',
      last_name: 'المري',
      gender: 'female',
      phase_id: phase,
      latin_name: 'جود',
    });
    expect(bad.status).toBe(400);
    expect((await body<unknown>(bad)).errors).toHaveProperty('latin_name');

    const added = await call(family, 'POST', '/api/v1/children', {
      first_name: 'جود',
      last_name: 'المري',
      gender: 'female',
      phase_id: phase,
      latin_name: 'Joud Al-Marri',
    });
    expect(added.status).toBe(201);
    const child = childResponseSchema.parse(await added.json()).data;
    expect(child).toMatchObject({ first_name: 'جود', latin_name: 'Joud Al-Marri' });

    const booked = await bookAfter(ctx, family, teacher, 3, 1, { child_id: child.id });
    expect(booked.res.status, JSON.stringify(booked.json)).toBe(201);
    const listOf = async (user: number, locale: 'ar' | 'en') =>
      (await body<RequestSummary[]>(await ctx.as(user, locale).get('/api/v1/requests'))).data.find((r) => r.id === booked.json.data.id)!;
    expect(await listOf(family, 'en')).toMatchObject({
      teacher: { first_name: 'Omar', last_name: 'Al-Khatib' },
      child: { first_name: 'Joud', last_name: 'Al-Marri' },
    });
    expect(await listOf(family, 'ar')).toMatchObject({
      teacher: { first_name: 'عمر', last_name: 'الخطيب' },
      child: { first_name: 'جود', last_name: 'المري' },
    });
    // The teacher reads the child's given name only, in Latin letters on an English page.
    expect((await listOf(teacher, 'en')).child).toMatchObject({ first_name: 'Joud', last_name: null });

    // The conversation with the teacher names them in Latin letters for an English reader.
    const opened = await call(family, 'POST', '/api/v1/conversations', { teacher_id: teacher });
    expect(opened.status).toBeLessThan(300);
    expect((await body<{ other: { name: string } }>(opened)).data.other.name).toBe('Omar Al-Khatib');
    const inArabic = await body<{ other: { name: string } }[]>(await ctx.as(family, 'ar').get('/api/v1/conversations'));
    expect(inArabic.data.map((c) => c.other.name)).toEqual(['عمر الخطيب']);

    const cleared = await call(family, 'PATCH', `/api/v1/children/${child.id}`, { latin_name: null });
    expect(childResponseSchema.parse(await cleared.json()).data.latin_name).toBeNull();
    expect((await listOf(family, 'en')).child).toMatchObject({ first_name: 'جود', last_name: 'المري' });
  });
});
