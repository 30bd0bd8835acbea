// Student sign-up and sign-in as the client and a parent's phone see them: register → a code in the
// outbox → verify → a token that opens the profile; the 409 branches; the same answer for unknown
// phones; the zone sent with a sign-up; logout and the token's life; the dev outbox. The codes
// themselves: auth-codes.test.ts.
import { describe, expect, it } from 'vitest';
import { profileResponseSchema, registerConflictSchema, sessionResponseSchema, studentRegisteredSchema } from '../../contract/auth';
import { validationErrorBodySchema } from '../../contract/envelope';
import { authApp, body, newPhone } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp);

describe('student sign-up', () => {
  it('creates the account, texts a 6-digit code, and the verified code gives a token that opens the profile', async () => {
    const phone = newPhone();
    const res = await t.post('/api/v1/auth/register', await t.studentBody(phone));
    expect(res.status).toBe(201);
    const registered = studentRegisteredSchema.parse(await res.json());
    expect(registered.data).toEqual({ phone, is_teacher: false, otp_expires_in: 300 });
    expect(registered.message).toMatch(/verification code/);

    const code = await t.lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.post('/api/v1/verify-otp', { phone, code });
    expect(verified.status).toBe(200);
    const session = sessionResponseSchema.parse(await verified.json()).data;
    expect(session).toMatchObject({ is_teacher: false, status: null, has_free_session: true, profile_complete: true });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const profile = await t.get('/api/v1/profile', { token: session.token });
    expect(profile.status).toBe(200);
    const data = profileResponseSchema.parse(await profile.json()).data;
    expect(data).toMatchObject({ id: session.id, phone, first_name: 'سارة', last_name: 'الأنصاري', gender: 'female', is_teacher: false });

    // The code works once.
    const again = await t.post('/api/v1/verify-otp', { phone, code });
    expect(again.status).toBe(422);
  });

  it('normalises a national number with its country to E.164', async () => {
    const phone = newPhone();
    const national = phone.slice(4, 8) + ' ' + phone.slice(8);
    const res = await t.post('/api/v1/auth/register', await t.studentBody(national, { country_code: 'qa' }));
    expect(res.status).toBe(201);
    expect(studentRegisteredSchema.parse(await res.json()).data.phone).toBe(phone);
    expect(await t.lastCode(phone)).toMatch(/^\d{6}$/);
  });

  it('refuses English names with the spec message, in Arabic by default and in English on request', async () => {
    const ar = await t.post('/api/v1/auth/register', await t.studentBody(newPhone(), { first_name: 'Sara' }), { locale: 'ar' });
    expect(ar.status).toBe(400);
    expect(validationErrorBodySchema.parse(await ar.json()).errors.first_name).toEqual(['لا يُسمح بكتابة الاسم بالإنجليزية']);
    const en = await t.post('/api/v1/auth/register', await t.studentBody(newPhone(), { last_name: 'Ali' }));
    expect((await body(en)).errors?.last_name).toEqual(['English name not allowed']);
  });

  it('reports every bad field at once: phone for its country, gender, phase', async () => {
    const res = await t.post('/api/v1/auth/register', {
      type: 'student',
      first_name: 'سارة',
      last_name: 'علي',
      phone: '+97412',
      country_code: 'QA',
      gender: 'other',
      phase_id: 'x',
    });
    expect(res.status).toBe(400);
    const errors = (await body(res)).errors ?? {};
    expect(Object.keys(errors).sort()).toEqual(['gender', 'phase_id']);
    const phone = await t.post('/api/v1/auth/register', await t.studentBody('+97412'));
    expect((await body(phone)).errors).toEqual({ phone: ['Invalid phone number format'] });
    const phase = await t.post('/api/v1/auth/register', await t.studentBody(newPhone(), { phase_id: 99999 }));
    expect(Object.keys((await body(phase)).errors ?? {})).toEqual(['phase_id']);
  });

  it('answers 409 with errors.type "student" for a student phone and sends no new code', async () => {
    const { phone } = await t.signUpStudent();
    const before = await t.outboxCount(phone);
    const res = await t.post('/api/v1/auth/register', await t.studentBody(phone, { first_name: 'مريم' }));
    expect(res.status).toBe(409);
    expect(registerConflictSchema.parse(await res.json()).errors.type).toEqual(['student']);
    expect(await t.outboxCount(phone)).toBe(before);
  });

  it('answers 409 with errors.type "instructor" for a teacher phone', async () => {
    const res = await t.post('/api/v1/auth/register', await t.studentBody('+97455100001'));
    expect(res.status).toBe(409);
    expect(registerConflictSchema.parse(await res.json()).errors.type).toEqual(['instructor']);
  });
});

// the browser's zone travels with the sign-up. A valid IANA name becomes the account's zone,
// none keeps Qatar's, and a name that is not a zone is a 400 on the field (nothing is created).
const zoneOf = async (phone: string) =>
  (await t.db.one<{ time_zone: string }>('SELECT time_zone FROM users WHERE phone = $1', [phone]))?.time_zone;

describe('sign-up time zone', () => {
  it('stores the zone a student signs up from, or Qatar when none is sent', async () => {
    const london = newPhone();
    expect((await t.post('/api/v1/auth/register', await t.studentBody(london, { time_zone: 'Europe/London' }))).status).toBe(201);
    expect(await zoneOf(london)).toBe('Europe/London');
    const plain = newPhone();
    expect((await t.post('/api/v1/auth/register', await t.studentBody(plain))).status).toBe(201);
    expect(await zoneOf(plain)).toBe('Asia/Qatar');
  });

  it("stores a teacher's zone from the multipart sign-up", async () => {
    const phone = newPhone();
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(phone, { time_zone: 'America/New_York' }));
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await zoneOf(phone)).toBe('America/New_York');
  });

  it('refuses a name that is not a zone with 400 on the field, in both languages', async () => {
    const phone = newPhone();
    const res = await t.post('/api/v1/auth/register', await t.studentBody(phone, { time_zone: 'Mars/Olympus' }));
    expect(res.status).toBe(400);
    expect(Object.keys(validationErrorBodySchema.parse(await res.json()).errors)).toEqual(['time_zone']);
    const teacher = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { time_zone: '../../etc' }), { locale: 'ar' });
    expect(teacher.status).toBe(400);
    expect(validationErrorBodySchema.parse(await teacher.json()).errors.time_zone?.[0]).toMatch(/[\u0600-\u06ff]/);
    expect(await zoneOf(phone)).toBeUndefined();
  });
});

describe('student login', () => {
  it('gives the same answer for a registered and an unknown phone, and texts both (phone-first)', async () => {
    const { phone } = await t.signUpStudent();
    t.advance(61);
    const unknown = newPhone();
    const known = await t.post('/api/v1/auth/login', { country_code: 'QA', phone });
    const stranger = await t.post('/api/v1/auth/login', { country_code: 'QA', phone: unknown });
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(await known.json()).toEqual(await stranger.json());
    expect(await t.outboxCount(unknown)).toBe(1);
    expect(await t.outboxCount(phone)).toBe(2);

    const code = await t.lastCode(phone);
    const res = await t.post('/api/v1/verify-otp', { phone, code });
    expect(res.status).toBe(200);
    expect((await body(res)).data).toMatchObject({ is_teacher: false, profile_complete: true });
  });

  it('a new phone that verifies gets an incomplete student account, completes it and is signed in', async () => {
    const phone = newPhone();
    expect((await t.post('/api/v1/auth/login', { country_code: 'QA', phone })).status).toBe(200);
    const verified = await t.post('/api/v1/verify-otp', { phone, code: await t.lastCode(phone) });
    expect(verified.status).toBe(200);
    const session = (await body(verified)).data as { token: string; profile_complete: boolean; is_teacher: boolean };
    expect(session).toMatchObject({ is_teacher: false, profile_complete: false });

    // The guards hold it on complete-register; the sign-up fields complete it.
    const completed = await t.post(
      '/api/v1/profile/complete',
      {
        first_name: 'سارة',
        last_name: 'أحمد',
        gender: 'female',
        phase_id: (await t.db.one<{ id: number }>('SELECT id FROM phases ORDER BY sort_order LIMIT 1'))!.id,
      },
      { token: session.token },
    );
    expect(completed.status).toBe(200);
    const profile = await body(await t.get('/api/v1/profile', { token: session.token }));
    expect(profile.data as object).toMatchObject({ profile_complete: true, phone, country_code: 'QA' });

    // Signing up later with that phone meets the account (409 student), as for any student.
    const again = await t.post('/api/v1/auth/register', await t.studentBody(phone));
    expect(again.status).toBe(409);
  });

  it('texts no code to a teacher phone (teachers sign in with a password)', async () => {
    const res = await t.post('/api/v1/auth/login', { country_code: 'QA', phone: '+97455100002' });
    expect(res.status).toBe(200);
    expect(await t.outboxCount('+97455100002')).toBe(0);
  });
});

describe('tokens and logout', () => {
  it('logout revokes the token; the profile then answers 401', async () => {
    const { token } = await t.signUpStudent();
    expect((await t.get('/api/v1/profile', { token })).status).toBe(200);
    const out = await t.post('/api/v1/auth/logout', undefined, { token });
    expect(out.status).toBe(200);
    const after = await t.get('/api/v1/profile', { token });
    expect(after.status).toBe(401);
    expect((await body(after)).message).toBe('Your session has ended. Please sign in again');
  });

  it('a token lasts 30 days', async () => {
    const { token } = await t.signUpStudent();
    t.advance(30 * 24 * 3600 - 60);
    expect((await t.get('/api/v1/profile', { token })).status).toBe(200);
    t.advance(120);
    expect((await t.get('/api/v1/profile', { token })).status).toBe(401);
  });

  it('is stored only as a hash', async () => {
    const { token } = await t.signUpStudent();
    const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM auth_tokens');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const codes = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes');
    expect(codes.every((r) => /^[a-f0-9]{64}$/.test(r.code_hash))).toBe(true);
  });

  it('the packages module knows the caller from the same token', async () => {
    const { token } = await t.signUpStudent();
    expect((await t.get('/api/v1/balance')).status).toBe(401);
    expect((await t.get('/api/v1/balance', { token })).status).toBe(200);
  });
});

describe('dev outbox', () => {
  it('lists the newest message first', async () => {
    const phone = newPhone();
    await t.post('/api/v1/auth/register', await t.studentBody(phone));
    t.advance(61);
    await t.post('/api/v1/auth/resend', { phone }, { locale: 'ar' });
    const res = await t.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`);
    const { data } = (await res.json()) as { data: { text: string }[] };
    expect(data).toHaveLength(2);
    expect(data[0]!.text).toMatch(/رمز التحقق/);
    expect(data[1]!.text).toMatch(/verification code/);
  });

  it('reads a phone whose + was not encoded in the URL', async () => {
    const phone = newPhone();
    await t.post('/api/v1/auth/register', await t.studentBody(phone));
    const res = await t.get(`/api/v1/dev/outbox?phone=${phone}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('does not exist in production mode', async () => {
    const prod = await authApp({ production: true });
    try {
      const phone = newPhone();
      expect((await prod.post('/api/v1/auth/register', await prod.studentBody(phone))).status).toBe(201);
      expect((await prod.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
