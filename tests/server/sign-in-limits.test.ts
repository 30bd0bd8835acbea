// teacher password guessing is bounded per account, not only per address. Five wrong
// passwords from five addresses lock the account; during the lock even the right password is refused
// with the lock message; a reset code texted to the teacher's phone lifts it; locks grow; unknown
// logins lock alike (nothing to learn). And password hashing never runs more than the cap at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../../contract/auth';
import { createHashGate } from '../../server/modules/auth/hash-gate';
import { loadSignInLimits } from '../../server/modules/auth/limits';
import { authApp, newPhone, TEACHER_PASSWORD } from './auth-helpers';

const limits = loadSignInLimits({
  TEACHER_LOCK_AFTER: '5',
  TEACHER_LOCK_MINUTES: '15',
  PASSWORD_HASH_CONCURRENCY: '2',
  PASSWORD_HASH_QUEUE: '3',
});
const gate = createHashGate(limits.hashing);

let t: Awaited<ReturnType<typeof authApp>>;
beforeAll(async () => {
  t = await authApp({ auth: { limits, hashGate: gate } });
});
afterAll(() => t?.close());

let address = 0;
/** Each guess from another address, as a botnet would: the per-address limit never bites. */
const login = (login: string, password: string, locale: 'ar' | 'en' = 'en') =>
  t.post('/api/v1/instructor/auth/login', { login, password }, { ip: `203.0.113.${(address = (address % 250) + 1)}`, locale });

async function guessWrong(loginName: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await login(loginName, `Wrong${i}Pass`)).status);
  return statuses;
}

describe('per-account lock', () => {
  it('five wrong passwords from five addresses lock the account; the right one is then refused with the lock message', async () => {
    const teacher = await t.signUpTeacher();
    expect(await guessWrong(teacher.phone, 4)).toEqual([422, 422, 422, 422]);
    const fifth = await login(teacher.email, 'Wrong5Pass');
    expect(fifth.status).toBe(429);

    const right = await login(teacher.phone, TEACHER_PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    expect(await right.json()).toMatchObject({ code: 'auth_account_locked', message: expect.stringContaining('Forgot password') });
    const arabic = await login(teacher.phone, TEACHER_PASSWORD, 'ar');
    expect(((await arabic.json()) as { message: string }).message).toContain('نسيت كلمة المرور');
  });

  it('the lock ends by itself, and the next lock lasts twice as long', async () => {
    const teacher = await t.signUpTeacher();
    expect((await guessWrong(teacher.phone, 5)).at(-1)).toBe(429);
    t.advance(15 * 60 + 1);
    expect(await guessWrong(teacher.phone, 5)).toEqual([422, 422, 422, 422, 429]);
    t.advance(15 * 60 + 1);
    expect((await login(teacher.phone, TEACHER_PASSWORD)).status).toBe(429);
    t.advance(15 * 60);
    expect((await login(teacher.phone, TEACHER_PASSWORD)).status).toBe(200);
  });

  it('a right password clears the count of earlier misses', async () => {
    const teacher = await t.signUpTeacher();
    await guessWrong(teacher.phone, 4);
    expect((await login(teacher.phone, TEACHER_PASSWORD)).status).toBe(200);
    expect(await guessWrong(teacher.phone, 4)).toEqual([422, 422, 422, 422]);
  });

  it('the code texted to the teacher’s phone lifts the lock (with a new password)', async () => {
    const teacher = await t.signUpTeacher();
    await guessWrong(teacher.phone, 5);
    expect((await t.post('/api/v1/instructor/auth/forgot-password', { phone: teacher.phone })).status).toBe(200);
    const code = await t.lastCode(teacher.phone);
    const fresh = { password: 'Unlock3dNow', password_confirmation: 'Unlock3dNow' };
    expect((await t.post('/api/v1/instructor/auth/reset-password', { phone: teacher.phone, code, ...fresh })).status).toBe(200);
    const res = await login(teacher.email, 'Unlock3dNow');
    expect(res.status).toBe(200);
    expect(sessionResponseSchema.parse(await res.json()).data.id).toBe(teacher.id);
  });

  it('parallel guesses cannot slip past the limit: at most five passwords are checked', async () => {
    const teacher = await t.signUpTeacher();
    const answers = await Promise.all(Array.from({ length: 12 }, async (_, i) => login(teacher.phone, `Burst${i}Pass`)));
    const statuses = answers.map((r) => r.status);
    // Some may be turned away by the hash gate (503); none beyond the fifth gets its password checked.
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(4);
    expect((await login(teacher.phone, TEACHER_PASSWORD)).status).toBe(429);
  });

  it('a login that matches nobody locks the same way, so the lock reveals nothing', async () => {
    const nobody = `${newPhone().slice(1)}@example.com`;
    expect(await guessWrong(nobody, 6)).toEqual([422, 422, 422, 422, 429, 429]);
  });
});

describe('password hashing cap', () => {
  it('never runs more hashes at once than the cap; the overflow gets 503 with Retry-After, localized', async () => {
    const logins = Array.from({ length: 16 }, () => `${newPhone().slice(1)}@example.com`);
    const answers = await Promise.all(logins.map(async (l) => login(l, 'Whatever1')));
    expect(gate.stats().peak).toBeLessThanOrEqual(2);
    expect(gate.stats().peak).toBe(2);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers.get('Retry-After')).toBe('1');
    expect(await busy[0]!.json()).toMatchObject({ code: 'auth_busy', message: 'We are busy right now. Please try again in a moment' });
    expect(answers.every((r) => r.status === 422 || r.status === 503)).toBe(true);
  });
});

describe('configuration', () => {
  it('has defaults, reads every variable, and refuses nonsense naming the variable', () => {
    expect(loadSignInLimits({})).toMatchObject({
      lockout: { lockAfter: 5, lockSeconds: 900 },
      hashing: { concurrency: 2, queue: 16 },
      sms: { globalPerHour: 1000, perCountryPerHour: 200, byCountry: {} },
    });
    expect(loadSignInLimits({ SMS_HOURLY_LIMITS_BY_COUNTRY: 'qa=800, SA=300' }).sms.byCountry).toEqual({ QA: 800, SA: 300 });
    expect(() => loadSignInLimits({ TEACHER_LOCK_AFTER: '0' })).toThrow(/TEACHER_LOCK_AFTER/);
    expect(() => loadSignInLimits({ PASSWORD_HASH_CONCURRENCY: 'many' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
    expect(() => loadSignInLimits({ SMS_HOURLY_LIMITS_BY_COUNTRY: 'Qatar:5' })).toThrow(/SMS_HOURLY_LIMITS_BY_COUNTRY/);
  });
});
