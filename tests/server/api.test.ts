// The JSON API as a client sees it: reference lists, contact and newsletter forms, the envelope, and
// validation errors localized by Accept-Language (Arabic by default).
import { describe, expect, it } from 'vitest';
import { contactResponseSchema } from '../../contract/contact';
import { validationErrorBodySchema } from '../../contract/envelope';
import { newsletterResponseSchema } from '../../contract/newsletter';
import { countriesResponseSchema, phasesResponseSchema, settingsResponseSchema, subjectsResponseSchema } from '../../contract/reference';
import { databaseUrl, json, testApp } from './helpers';
import { perFile } from './support/per-file';

const t = perFile(testApp);

const EN = { 'Accept-Language': 'en' };
const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => t.app.request(path, json(body, headers));

const validContact = {
  name: 'أم يوسف',
  email: 'parent@example.com',
  phone: '+974 5512 3456',
  message: 'أود الاستفسار عن باقات المؤسسات التعليمية.',
};

describe('health', () => {
  it('reports the database as ok', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    // Also proves which driver the run used: PGlite by default, PostgreSQL under scripts/test-pg.sh.
    expect((await res.json()).data).toMatchObject({ status: 'ok', db: 'ok', driver: databaseUrl ? 'pg' : 'pglite' });
  });
});

describe('reference lists', () => {
  it('GET /api/v1/phases: 13 phases in school order, names in the requested language', async () => {
    const ar = phasesResponseSchema.parse(await (await get('/api/v1/phases')).json());
    expect(ar.data).toHaveLength(13);
    expect(ar.data[0]).toMatchObject({
      code: 'kindergarten',
      stage: 'kindergarten',
      grade: null,
      name: 'الروضة',
      name_ar: 'الروضة',
      name_en: 'Kindergarten',
    });
    expect(ar.data.at(-1)).toMatchObject({ code: 'secondary_3', grade: 12, name: 'الصف الثالث الثانوي' });
    const en = phasesResponseSchema.parse(await (await get('/api/v1/phases', EN)).json());
    expect(en.data.map((p) => p.name)).toEqual(en.data.map((p) => p.name_en));
    expect(en.data.map((p) => p.id)).toEqual(ar.data.map((p) => p.id));
  });

  it('GET /api/v1/countries: Qatar first, then the Arab League, each with ISO code and dial code', async () => {
    const res = await get('/api/v1/countries', EN);
    expect(res.status).toBe(200);
    const { data } = countriesResponseSchema.parse(await res.json());
    expect(data[0]).toMatchObject({ code: 'QA', dial_code: '+974', name: 'Qatar', name_ar: 'قطر' });
    const firstOther = data.findIndex((c) => !c.arab_league);
    expect(firstOther).toBe(22);
    expect(data.slice(firstOther).every((c) => !c.arab_league)).toBe(true);
    // Alphabetical within a group, in the caller's language.
    const arabNames = data.slice(1, firstOther).map((c) => c.name);
    expect(arabNames).toEqual([...arabNames].sort((a, b) => a.localeCompare(b, 'en')));
    const ar = countriesResponseSchema.parse(await (await get('/api/v1/countries')).json());
    expect(ar.data.find((c) => c.code === 'EG')?.name).toBe('مصر');
  });

  it('GET /api/v1/subjects: the five core subjects, localized', async () => {
    const { data } = subjectsResponseSchema.parse(await (await get('/api/v1/subjects', EN)).json());
    expect(data.slice(0, 5).map((s) => s.code)).toEqual(['quran', 'arabic', 'mathematics', 'english', 'science']);
    expect(data[0]).toMatchObject({ name: 'Holy Quran', name_ar: 'القرآن الكريم' });
  });

  it('GET /api/v1/settings: app name in the requested language, contact details, free trial, social links', async () => {
    const ar = settingsResponseSchema.parse(await (await get('/api/v1/settings')).json());
    expect(ar.data).toMatchObject({ app_name: 'نور', app_name_en: 'Noor', free_trial_enabled: true, students_count: 10000 });
    expect(ar.data.address).toContain('الدوحة');
    expect(ar.data.contact_email).toMatch(/@/);
    expect(Object.keys(ar.data.social_links).length).toBeGreaterThan(0);
    const en = settingsResponseSchema.parse(await (await get('/api/v1/settings', { 'Accept-Language': 'en-GB,en;q=0.9' })).json());
    expect(en.data.app_name).toBe('Noor');
    expect(en.data.address).toContain('Doha');
  });

  it('honours Accept-Language quality values and falls back to Arabic for other languages', async () => {
    const name = async (header: string) =>
      ((await (await get('/api/v1/settings', { 'Accept-Language': header })).json()) as { data: { app_name: string } }).data.app_name;
    expect(await name('fr-FR, en;q=0.8, ar;q=0.5')).toBe('Noor');
    expect(await name('en;q=0.3, ar;q=0.9')).toBe('نور');
    expect(await name('fr')).toBe('نور');
  });
});

describe('POST /api/v1/contact', () => {
  it('stores a valid message and answers 201 with a localized thank-you', async () => {
    const res = await post('/api/v1/contact', validContact, EN);
    expect(res.status).toBe(201);
    const body = contactResponseSchema.parse(await res.json());
    expect(body.message).toMatch(/thank you/i);
    const stored = await t.db.one('SELECT name, email, phone, message, locale FROM contact_messages WHERE id = $1', [body.data.id]);
    expect(stored).toEqual({ ...validContact, phone: '+97455123456', locale: 'en' });
  });

  it('reports every missing field as "This field is required" (en) and هذا الحقل مطلوب (ar, default)', async () => {
    const en = await post('/api/v1/contact', {}, EN);
    expect(en.status).toBe(400);
    const enBody = validationErrorBodySchema.parse(await en.json());
    expect(enBody.errors).toEqual({
      name: ['This field is required'],
      email: ['This field is required'],
      phone: ['This field is required'],
      message: ['This field is required'],
    });
    const ar = validationErrorBodySchema.parse(await (await post('/api/v1/contact', { name: '   ' })).json());
    expect(ar.message).toBe('البيانات المدخلة غير صحيحة');
    expect(ar.errors.name).toEqual(['هذا الحقل مطلوب']);
    expect(Object.keys(ar.errors).sort()).toEqual(['email', 'message', 'name', 'phone']);
  });

  it('rejects a malformed email and a phone that is not a real number, in both languages', async () => {
    const bad = { ...validContact, email: 'parent@', phone: '+974 1234' };
    const en = validationErrorBodySchema.parse(await (await post('/api/v1/contact', bad, EN)).json());
    expect(en.errors).toEqual({ email: ['Invalid email format'], phone: ['Invalid phone number format'] });
    const ar = validationErrorBodySchema.parse(await (await post('/api/v1/contact', bad)).json());
    expect(ar.errors).toEqual({ email: ['صيغة البريد الإلكتروني غير صحيحة'], phone: ['صيغة رقم الهاتف غير صحيحة'] });
    // Right shape (E.164) but no such number in Qatar's plan: only the server-side check catches it.
    const fake = await post('/api/v1/contact', { ...validContact, phone: '+97412345678' }, EN);
    expect(validationErrorBodySchema.parse(await fake.json()).errors).toEqual({ phone: ['Invalid phone number format'] });
    // "5588" as a Qatari number: refused, as the sign-up refuses it.
    const short = await post('/api/v1/contact', { ...validContact, phone: '+9745588' }, EN);
    expect(validationErrorBodySchema.parse(await short.json()).errors).toEqual({ phone: ['Invalid phone number format'] });
  });

  it('accepts a message of more than 10 and less than 400 characters, and nothing else', async () => {
    const status = async (length: number) => (await post('/api/v1/contact', { ...validContact, message: 'م'.repeat(length) })).status;
    expect(await status(10)).toBe(400);
    expect(await status(11)).toBe(201);
    expect(await status(399)).toBe(201);
    expect(await status(400)).toBe(400);
    const res = await post('/api/v1/contact', { ...validContact, message: 'short' }, EN);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({
      message: ['The message must be more than 10 and less than 400 characters'],
    });
  });

  it('rejects wrong types without a 5xx', async () => {
    const res = await post('/api/v1/contact', { name: 42, email: ['x'], phone: null, message: {} }, EN);
    expect(res.status).toBe(400);
    const { errors } = validationErrorBodySchema.parse(await res.json());
    expect(errors.phone).toEqual(['This field is required']);
    expect(errors.name).toEqual(['This value is not valid']);
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name', 'phone']);
    const arrayBody = await post('/api/v1/contact', [1, 2], EN);
    expect(arrayBody.status).toBe(400);
    expect(validationErrorBodySchema.parse(await arrayBody.json()).errors).toHaveProperty('_');
  });

  it('takes five messages in ten minutes from one address; the sixth is a localized 429 that stores nothing', async () => {
    await t.db.query("DELETE FROM rate_limit_hits WHERE bucket LIKE 'ip:contact:%'");
    for (let i = 0; i < 5; i++) expect((await post('/api/v1/contact', validContact, EN)).status).toBe(201);
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages');
    const refused = await post('/api/v1/contact', validContact);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toContain('محاولات كثيرة');
    // An invalid submission is still answered by its field errors: it stores nothing and costs nothing.
    expect((await post('/api/v1/contact', { ...validContact, message: 'short' })).status).toBe(400);
    expect(await t.db.one('SELECT count(*)::int AS n FROM contact_messages')).toEqual(before);
  });
});

describe('POST /api/v1/newsletter', () => {
  it('subscribes once (201), then answers a repeat in any letter case with a friendly 200', async () => {
    const first = await post('/api/v1/newsletter', { email: 'Reader@Example.com' }, EN);
    expect(first.status).toBe(201);
    expect(newsletterResponseSchema.parse(await first.json()).data).toEqual({ already_subscribed: false });

    const again = await post('/api/v1/newsletter', { email: '  reader@EXAMPLE.com ' }, EN);
    expect(again.status).toBe(200);
    const body = newsletterResponseSchema.parse(await again.json());
    expect(body.data).toEqual({ already_subscribed: true });
    expect(body.message).toMatch(/already subscribed/i);

    const ar = newsletterResponseSchema.parse(await (await post('/api/v1/newsletter', { email: 'reader@example.com' })).json());
    expect(ar.message).toContain('مشترك بالفعل');
    const rows = await t.db.query("SELECT email FROM newsletter_subscribers WHERE lower(email) = 'reader@example.com'");
    expect(rows).toHaveLength(1);
  });

  it('validates the email', async () => {
    const res = await post('/api/v1/newsletter', { email: 'not-an-email' }, EN);
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({ email: ['Invalid email format'] });
    const missing = await post('/api/v1/newsletter', {});
    expect(validationErrorBodySchema.parse(await missing.json()).errors).toEqual({ email: ['هذا الحقل مطلوب'] });
  });

  it('takes five sign-ups in ten minutes from one address, then answers 429 and stores nothing', async () => {
    await t.db.query("DELETE FROM rate_limit_hits WHERE bucket LIKE 'ip:newsletter:%'");
    for (let i = 0; i < 5; i++) expect((await post('/api/v1/newsletter', { email: `many${i}@example.com` }, EN)).status).toBe(201);
    const refused = await post('/api/v1/newsletter', { email: 'many5@example.com' }, EN);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/too many/i);
    expect(await t.db.query("SELECT 1 FROM newsletter_subscribers WHERE email = 'many5@example.com'")).toHaveLength(0);
  });
});

describe('errors at the edge', () => {
  it('answers malformed JSON with a 400 in the envelope shape', async () => {
    const res = await post('/api/v1/newsletter', '{"email": ', EN);
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json())).toEqual({ message: 'The request body could not be read', errors: {} });
  });

  it('answers an unknown /api path or method with a localized JSON 404', async () => {
    const res = await get('/api/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: 'المورد المطلوب غير موجود' });
    const wrongMethod = await t.app.request('/api/v1/phases', { method: 'DELETE', headers: EN });
    expect(wrongMethod.status).toBe(404);
    expect(await wrongMethod.json()).toEqual({ message: 'The requested resource was not found' });
  });

  it('refuses a body over 1 MB with a 413 instead of reading it', async () => {
    const res = await post('/api/v1/contact', { ...validContact, message: 'x'.repeat(1024 * 1024 + 1) }, EN);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request is too large' });
  });

  it('keeps per-caller API answers out of shared caches and varies them by language', async () => {
    // Shared reference lists are public with an ETag (reference-cache.test.ts); this answer is the caller's own.
    const res = await get('/api/v1/ip-country');
    expect(res.headers.get('cache-control')).toMatch(/\bno-store\b/);
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });
});
