// GET v1/profile and POST v1/profile/complete: always the token's own user, whatever else the request
// says; profile_complete follows the required fields of the account type.
import { describe, expect, it } from 'vitest';
import { profileResponseSchema, sessionResponseSchema } from '../../contract/auth';
import { validationErrorBodySchema } from '../../contract/envelope';
import { authApp, newPhone } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp);

const profileOf = async (token: string, locale: 'ar' | 'en' = 'en') => {
  const res = await t.get('/api/v1/profile', { token, locale });
  expect(res.status).toBe(200);
  return profileResponseSchema.parse(await res.json()).data;
};

/** A student whose sign-up left gaps (an account made before the fields were required). */
async function incompleteStudent() {
  const phone = newPhone();
  await t.db.query(
    "INSERT INTO users (type, first_name, last_name, phone, country_code, status) VALUES ('student', '', '', $1, 'QA', 'active')",
    [phone],
  );
  await t.post('/api/v1/auth/login', { country_code: 'QA', phone });
  const res = await t.post('/api/v1/verify-otp', { phone, code: await t.lastCode(phone) });
  return sessionResponseSchema.parse(await res.json()).data;
}

describe('GET /api/v1/profile', () => {
  it('401 without a token, with a malformed one and with an unknown one', async () => {
    const variants: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer nope' },
      { Authorization: `Bearer ${'A'.repeat(43)}` },
      { Authorization: 'Basic abc' },
    ];
    for (const headers of variants) {
      const res = await t.get('/api/v1/profile', { headers });
      expect(res.status).toBe(401);
    }
  });

  it('names the phase, country, phases and subjects in the caller language', async () => {
    const teacher = await t.signUpTeacher();
    const ar = await profileOf(teacher.token, 'ar');
    const en = await profileOf(teacher.token, 'en');
    expect(ar.country).toEqual({ code: 'QA', name: 'قطر' });
    expect(en.country).toEqual({ code: 'QA', name: 'Qatar' });
    expect(en.subjects.map((s) => s.id)).toEqual(ar.subjects.map((s) => s.id));
    expect(en.subjects[0]!.name).not.toBe(ar.subjects[0]!.name);
  });

  it('one user never reads another: each token sees only its own record, whatever the query asks', async () => {
    const a = await t.signUpStudent();
    const b = await t.signUpTeacher();
    const pa = await t.get(`/api/v1/profile?id=${b.id}&user_id=${b.id}`, { token: a.token });
    expect(profileResponseSchema.parse(await pa.json()).data).toMatchObject({ id: a.id, phone: a.phone, is_teacher: false });
    const pb = await profileOf(b.token);
    expect(pb).toMatchObject({ id: b.id, phone: b.phone, is_teacher: true });
    expect(pb.documents.id_front).not.toBeNull();
    expect((await profileOf(a.token)).documents).toEqual({ id_front: null, id_back: null, qualification_scan: null });
  });
});

describe('POST /api/v1/profile/complete', () => {
  it('a student missing required fields is incomplete until they are filled in', async () => {
    const session = await incompleteStudent();
    expect(session.profile_complete).toBe(false);
    const bad = await t.post(
      '/api/v1/profile/complete',
      { first_name: 'Omar', last_name: 'العلي', gender: 'male', phase_id: 1 },
      { token: session.token },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(validationErrorBodySchema.parse(await bad.json()).errors)).toEqual(['first_name']);

    const phase = (await t.db.one<{ id: number }>('SELECT id FROM phases ORDER BY sort_order DESC LIMIT 1'))!.id;
    const res = await t.post(
      '/api/v1/profile/complete',
      { first_name: 'عمر', last_name: 'العلي', gender: 'male', phase_id: phase },
      { token: session.token },
    );
    expect(res.status).toBe(200);
    const profile = await profileOf(session.token);
    expect(profile).toMatchObject({ profile_complete: true, first_name: 'عمر', gender: 'male', phase_id: phase });
    expect(profile.phases.map((p) => p.id)).toEqual([phase]);
  });

  it('refuses an unknown phase, a missing token (401) and a teacher (403)', async () => {
    const session = await incompleteStudent();
    const unknown = await t.post(
      '/api/v1/profile/complete',
      { first_name: 'عمر', last_name: 'العلي', gender: 'male', phase_id: 9999 },
      { token: session.token },
    );
    expect(Object.keys(validationErrorBodySchema.parse(await unknown.json()).errors)).toEqual(['phase_id']);
    const body = { first_name: 'عمر', last_name: 'العلي', gender: 'male', phase_id: 1 };
    expect((await t.post('/api/v1/profile/complete', body)).status).toBe(401);
    const teacher = await t.signUpTeacher();
    expect((await t.post('/api/v1/profile/complete', body, { token: teacher.token })).status).toBe(403);
  });

  it('a teacher without phases or subjects is incomplete', async () => {
    const teacher = await t.signUpTeacher();
    expect((await profileOf(teacher.token)).profile_complete).toBe(true);
    await t.db.query('DELETE FROM teacher_subjects WHERE teacher_id = $1', [teacher.id]);
    expect((await profileOf(teacher.token)).profile_complete).toBe(false);
  });
});
