// Teachers: the multipart sign-up (token at once, in review), 409 for a taken phone, password sign-in
// by phone or e-mail with one generic refusal, and password recovery by texted code, which signs the
// teacher out everywhere.
import { describe, expect, it } from 'vitest';
import { profileResponseSchema, registerConflictSchema, sessionResponseSchema } from '../../contract/auth';
import { validationErrorBodySchema } from '../../contract/envelope';
import { authApp, newPhone, TEACHER_PASSWORD } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp);

const NEW_PASSWORD = 'Fresh2Start';

describe('teacher sign-up (multipart)', () => {
  it('issues a token at once: in review, no free session, profile complete, documents on the profile', async () => {
    const phone = newPhone();
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(phone));
    expect(res.status).toBe(201);
    const session = sessionResponseSchema.parse(await res.json()).data;
    expect(session).toMatchObject({ is_teacher: true, status: 'in_review', has_free_session: false, profile_complete: true });

    const profile = profileResponseSchema.parse(await (await t.get('/api/v1/profile', { token: session.token })).json()).data;
    expect(profile).toMatchObject({
      id: session.id,
      phone,
      first_name: 'خالد',
      second_name: 'عبدالله',
      last_name: 'النعيمي',
      qualification: 'master',
      experience_years: 7,
      birth_date: '1990-05-17',
      country: { code: 'QA' },
    });
    expect(profile.phases).toHaveLength(2);
    expect(profile.subjects).toHaveLength(2);
    for (const url of Object.values(profile.documents)) expect(url).toMatch(/^\/api\/v1\/files\/[\w-]+$/);
    // Teachers sign in with a password: no code is texted.
    expect(await t.outboxCount(phone)).toBe(0);
  });

  it('accepts a JSON-less country under country_id and single-valued phases', async () => {
    const phone = newPhone();
    const form = await t.teacherForm(phone, { country: null, country_id: 'EG' });
    form.delete('phases[]');
    form.append('phases[]', String((await t.db.one<{ id: number }>('SELECT id FROM phases ORDER BY sort_order LIMIT 1'))!.id));
    const res = await t.post('/api/v1/auth/register', form);
    expect(res.status, await res.clone().text()).toBe(201);
    const { token } = sessionResponseSchema.parse(await res.json()).data;
    const profile = profileResponseSchema.parse(await (await t.get('/api/v1/profile', { token })).json()).data;
    expect(profile.country?.code).toBe('EG');
    expect(profile.phases).toHaveLength(1);
  });

  it('reports every problem as a field error, localized', async () => {
    const form = await t.teacherForm(newPhone(), {
      second_name: 'Abdullah',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'different',
      experience_years: '120',
      qualification: 'diploma',
      birth_date: '2999-01-01',
      id_back: null,
    });
    form.delete('subjects[]');
    const res = await t.post('/api/v1/auth/register', form, { locale: 'ar' });
    expect(res.status).toBe(400);
    const errors = validationErrorBodySchema.parse(await res.json()).errors;
    expect(Object.keys(errors).sort()).toEqual(
      ['email', 'experience_years', 'id_back', 'password', 'password_confirmation', 'qualification', 'second_name', 'subjects'].sort(),
    );
    expect(errors.second_name).toEqual(['لا يُسمح بكتابة الاسم بالإنجليزية']);
    expect(errors.password).toEqual(['يجب ألا تقل كلمة المرور عن 8 أحرف']);
    expect(errors.id_back).toEqual(['هذا الحقل مطلوب']);
  });

  it('refuses a birth date in the future', async () => {
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { birth_date: '2999-01-01' }));
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({ birth_date: ['Please enter a date in the past'] });
  });

  it.each([
    ['password_lower', 'ABCDEFG1', 'The password must contain a lowercase letter'],
    ['password_upper', 'abcdefg1', 'The password must contain an uppercase letter'],
    ['password_digit', 'Abcdefgh', 'The password must contain a digit'],
  ])('password rule %s', async (_rule, password, message) => {
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { password, password_confirmation: password }));
    expect(validationErrorBodySchema.parse(await res.json()).errors.password).toEqual([message]);
  });

  it('409 with errors.type "instructor" for a teacher phone, "student" for a student phone; no account or file is added', async () => {
    const teacher = await t.signUpTeacher();
    const student = await t.signUpStudent();
    const users = async () => (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM users'))!.n;
    const uploads = async () => (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM uploads'))!.n;
    const [u0, f0] = [await users(), await uploads()];
    const a = await t.post('/api/v1/auth/register', await t.teacherForm(teacher.phone, { email: 'other1@example.com' }));
    expect(a.status).toBe(409);
    expect(registerConflictSchema.parse(await a.json()).errors.type).toEqual(['instructor']);
    const b = await t.post('/api/v1/auth/register', await t.teacherForm(student.phone, { email: 'other2@example.com' }));
    expect(b.status).toBe(409);
    expect(registerConflictSchema.parse(await b.json()).errors.type).toEqual(['student']);
    expect([await users(), await uploads()]).toEqual([u0, f0]);
  });

  it('an e-mail already used (any letter case) is a field error', async () => {
    const teacher = await t.signUpTeacher();
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { email: teacher.email.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({
      email: ['This email address already belongs to another account'],
    });
  });

  it('stores the password only as a salted scrypt hash', async () => {
    const a = await t.signUpTeacher();
    const b = await t.signUpTeacher();
    const rows = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = ANY($1::int[])', [[a.id, b.id]]);
    expect(rows.every((r) => r.password_hash.startsWith('scrypt$') && !r.password_hash.includes(TEACHER_PASSWORD))).toBe(true);
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
  });
});

describe('teacher login', () => {
  it('by phone and by e-mail (any case) with the password → a session', async () => {
    const teacher = await t.signUpTeacher();
    for (const login of [teacher.phone, teacher.email, teacher.email.toUpperCase()]) {
      const res = await t.post('/api/v1/instructor/auth/login', { login, password: TEACHER_PASSWORD });
      expect(res.status, login).toBe(200);
      const session = sessionResponseSchema.parse(await res.json()).data;
      expect(session).toMatchObject({ id: teacher.id, is_teacher: true, status: 'in_review' });
      expect((await t.get('/api/v1/profile', { token: session.token })).status).toBe(200);
    }
  });

  it('a seeded teacher signs in with the demo password', async () => {
    const res = await t.post('/api/v1/instructor/auth/login', { login: '+97455100001', password: 'Noor1234' });
    expect(res.status).toBe(200);
    expect(sessionResponseSchema.parse(await res.json()).data).toMatchObject({ status: 'active', profile_complete: true });
  });

  it('wrong password, unknown phone, unknown e-mail and a student phone all get one generic message', async () => {
    const teacher = await t.signUpTeacher();
    const student = await t.signUpStudent();
    const answers = [];
    for (const body of [
      { login: teacher.phone, password: 'Wrong1234' },
      { login: newPhone(), password: TEACHER_PASSWORD },
      { login: 'nobody@example.com', password: TEACHER_PASSWORD },
      { login: student.phone, password: TEACHER_PASSWORD },
      { login: 'not a phone', password: TEACHER_PASSWORD },
    ]) {
      const res = await t.post('/api/v1/instructor/auth/login', body);
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({
      status: 422,
      body: {
        message: 'The sign-in details are not correct. Please check the phone number or email and the password',
        errors: { password: ['The sign-in details are not correct. Please check the phone number or email and the password'] },
      },
    });
  });
});

describe('password recovery', () => {
  it('forgot → texted code → reset with a valid password → old password and old tokens stop working', async () => {
    const teacher = await t.signUpTeacher();
    const forgot = await t.post('/api/v1/instructor/auth/forgot-password', { phone: teacher.phone });
    expect(forgot.status).toBe(200);
    const code = await t.lastCode(teacher.phone);
    expect(code).toMatch(/^\d{6}$/);

    // The password rules hold on reset too; a refused body does not spend the code.
    const weak = await t.post('/api/v1/instructor/auth/reset-password', {
      phone: teacher.phone,
      code,
      password: 'weakpass',
      password_confirmation: 'weakpass',
    });
    expect(weak.status).toBe(400);
    expect(Object.keys(validationErrorBodySchema.parse(await weak.json()).errors)).toEqual(['password']);
    const mismatch = await t.post('/api/v1/instructor/auth/reset-password', {
      phone: teacher.phone,
      code,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD + 'x',
    });
    expect(validationErrorBodySchema.parse(await mismatch.json()).errors).toEqual({
      password_confirmation: ['The password confirmation does not match'],
    });

    const reset = await t.post('/api/v1/instructor/auth/reset-password', {
      phone: teacher.phone,
      code,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await t.get('/api/v1/profile', { token: teacher.token })).status).toBe(401);
    expect((await t.post('/api/v1/instructor/auth/login', { login: teacher.phone, password: TEACHER_PASSWORD })).status).toBe(422);
    expect((await t.post('/api/v1/instructor/auth/login', { login: teacher.phone, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('the same answer for an unknown phone and a student phone, and no code sent to either', async () => {
    const teacher = await t.signUpTeacher();
    const student = await t.signUpStudent();
    const unknown = newPhone();
    // Past the sign-up code's minute: the per-phone limit counts every phone alike.
    t.advance(61);
    const bodies = [];
    for (const phone of [teacher.phone, student.phone, unknown]) {
      const res = await t.post('/api/v1/instructor/auth/forgot-password', { phone });
      bodies.push({ status: res.status, body: await res.json() });
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(await t.outboxCount(unknown)).toBe(0);
    // The student's only text is the sign-up code.
    expect(await t.outboxCount(student.phone)).toBe(1);
  });

  it('a wrong reset code → wrong; an expired one → expired; a login code does not reset a password', async () => {
    const teacher = await t.signUpTeacher();
    await t.post('/api/v1/instructor/auth/forgot-password', { phone: teacher.phone });
    const code = (await t.lastCode(teacher.phone))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const body = (c: string) => ({ phone: teacher.phone, code: c, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    // The reset form shows server field errors as they come, so the text (not the key) is under code.
    const res = await t.post('/api/v1/instructor/auth/reset-password', body(wrong), { locale: 'ar' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'رمز التحقق غير صحيح', errors: { code: ['رمز التحقق غير صحيح'] } });
    // A reset code is not a sign-in code.
    expect((await t.post('/api/v1/verify-otp', { phone: teacher.phone, code })).status).toBe(422);
    t.advance(301);
    const late = await t.post('/api/v1/instructor/auth/reset-password', body(code));
    expect(late.status).toBe(422);
    expect(((await late.json()) as { errors: { code: string[] } }).errors.code).toEqual([
      'The verification code has expired. Please ask for a new one',
    ]);
  });

  it('forgot-password shares the per-phone limit: a second request within a minute → 429', async () => {
    const teacher = await t.signUpTeacher();
    expect((await t.post('/api/v1/instructor/auth/forgot-password', { phone: teacher.phone })).status).toBe(200);
    expect((await t.post('/api/v1/instructor/auth/forgot-password', { phone: teacher.phone })).status).toBe(429);
  });
});
