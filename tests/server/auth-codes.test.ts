// Sign-in codes as a parent's phone meets them: wrong, Eastern-Arabic, expired, over-tried and resent
// codes at verify-otp; the per-phone resend limits (once a minute, five an hour, alike for unknown
// phones); and the per-address limits of every sign-in route.
import { describe, expect, it } from 'vitest';
import { otpRejectionSchema, rateLimitedSchema } from '../../contract/auth';
import { loadSignInLimits } from '../../server/modules/auth/limits';
import { authApp, body, newPhone } from './auth-helpers';
import { perFile } from './support/per-file';

// The per-address limits under test here, not the per-range bound on new numbers (sms-limits.test.ts).
const t = perFile(() => authApp({ auth: { limits: loadSignInLimits({ SMS_NEW_NUMBERS_PER_RANGE_PER_HOUR: '1000' }) } }));

describe('verify-otp', () => {
  async function freshCode() {
    const phone = newPhone();
    expect((await t.post('/api/v1/auth/register', await t.studentBody(phone))).status).toBe(201);
    return { phone, code: (await t.lastCode(phone))! };
  }
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a wrong code → 422 with code "wrong" (no field error), and the right one still works afterwards', async () => {
    const { phone, code } = await freshCode();
    const res = await t.post('/api/v1/verify-otp', { phone, code: otherThan(code) });
    expect(res.status).toBe(422);
    // The reason is the answer's code, as every refusal's; the guesses left travel beside it.
    // Five guesses per code: four left after the first wrong one, three after the second.
    expect(await res.json()).toEqual({ message: 'The verification code is not correct', code: 'wrong', errors: { attempts_left: ['4'] } });
    const again = otpRejectionSchema.parse(await (await t.post('/api/v1/verify-otp', { phone, code: otherThan(code) })).json());
    expect(again.code).toBe('wrong');
    expect(again.errors?.attempts_left).toEqual(['3']);
    expect((await t.post('/api/v1/verify-otp', { phone, code })).status).toBe(200);
  });

  it('accepts the code typed in Eastern Arabic digits', async () => {
    const { phone, code } = await freshCode();
    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect((await t.post('/api/v1/verify-otp', { phone, code: arabic })).status).toBe(200);
  });

  it('a code older than 5 minutes → code "expired"', async () => {
    const { phone, code } = await freshCode();
    t.advance(4 * 60 + 59);
    const stillValid = await t.post('/api/v1/verify-otp', { phone, code: otherThan(code) });
    expect(otpRejectionSchema.parse(await stillValid.json()).code).toBe('wrong');
    t.advance(2);
    const res = await t.post('/api/v1/verify-otp', { phone, code });
    expect(res.status).toBe(422);
    expect(otpRejectionSchema.parse(await res.json()).code).toBe('expired');
  });

  it('the fifth wrong try voids the code: even the right one is then refused as too_many_attempts', async () => {
    const { phone, code } = await freshCode();
    const reasons: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.post('/api/v1/verify-otp', { phone, code: otherThan(code) });
      reasons.push(otpRejectionSchema.parse(await res.json()).code);
    }
    expect(reasons).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'too_many_attempts']);
    const right = await t.post('/api/v1/verify-otp', { phone, code });
    expect(otpRejectionSchema.parse(await right.json()).code).toBe('too_many_attempts');

    // Only a new code helps.
    t.advance(61);
    expect((await t.post('/api/v1/auth/resend', { phone })).status).toBe(200);
    const fresh = await t.lastCode(phone);
    expect(fresh).not.toBeNull();
    expect((await t.post('/api/v1/verify-otp', { phone, code: fresh })).status).toBe(200);
  });

  it('a resent code replaces the old one', async () => {
    const { phone, code } = await freshCode();
    t.advance(61);
    await t.post('/api/v1/auth/resend', { phone });
    const fresh = (await t.lastCode(phone))!;
    if (fresh !== code) {
      expect(otpRejectionSchema.parse(await (await t.post('/api/v1/verify-otp', { phone, code })).json()).code).toBe('wrong');
    }
    expect((await t.post('/api/v1/verify-otp', { phone, code: fresh })).status).toBe(200);
  });

  it('a phone that never got a code → wrong, like any other miss', async () => {
    const res = await t.post('/api/v1/verify-otp', { phone: newPhone(), code: '123456' });
    expect(otpRejectionSchema.parse(await res.json()).code).toBe('wrong');
  });

  it('a code that is not six digits is a 400 on code', async () => {
    const res = await t.post('/api/v1/verify-otp', { phone: newPhone(), code: '12ab' });
    expect(res.status).toBe(400);
    expect(Object.keys((await body(res)).errors ?? {})).toEqual(['code']);
  });
});

describe('resend limits', () => {
  it('once a minute per phone: 429 with retry_after in seconds, then allowed when it has passed', async () => {
    const phone = newPhone();
    await t.post('/api/v1/auth/register', await t.studentBody(phone));
    t.advance(20);
    const res = await t.post('/api/v1/auth/resend', { phone });
    expect(res.status).toBe(429);
    const limited = rateLimitedSchema.parse(await res.json());
    expect(Number(limited.errors.retry_after[0])).toBe(40);
    expect(res.headers.get('retry-after')).toBe('40');
    t.advance(40);
    expect((await t.post('/api/v1/auth/resend', { phone })).status).toBe(200);
    expect(await t.outboxCount(phone)).toBe(2);
  });

  it('five codes an hour per phone, counting the sign-up code', async () => {
    const phone = newPhone();
    await t.post('/api/v1/auth/register', await t.studentBody(phone));
    for (let i = 0; i < 4; i += 1) {
      t.advance(61);
      expect((await t.post('/api/v1/auth/resend', { phone })).status).toBe(200);
    }
    t.advance(61);
    const res = await t.post('/api/v1/auth/resend', { phone });
    expect(res.status).toBe(429);
    // The first send leaves the hour 5 × 61 s after it was made.
    expect(Number(rateLimitedSchema.parse(await res.json()).errors.retry_after[0])).toBe(3600 - 5 * 61);
    expect(await t.outboxCount(phone)).toBe(5);
    t.advance(3600 - 5 * 61);
    expect((await t.post('/api/v1/auth/resend', { phone })).status).toBe(200);
  });

  it('unknown phones get the same answers and the same limits, and a code (phone-first sign-in)', async () => {
    const phone = newPhone();
    const first = await t.post('/api/v1/auth/resend', { phone });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: 'A verification code is on its way to your phone', data: null });
    expect((await t.post('/api/v1/auth/resend', { phone })).status).toBe(429);
    expect(await t.outboxCount(phone)).toBe(1);
  });
});

describe('per-IP rate limits', () => {
  it.each([
    ['/api/v1/auth/login', () => ({ country_code: 'QA', phone: newPhone() })],
    ['/api/v1/verify-otp', () => ({ phone: newPhone(), code: '000000' })],
    ['/api/v1/auth/resend', () => ({ phone: newPhone() })],
    ['/api/v1/instructor/auth/forgot-password', () => ({ phone: newPhone() })],
    // A new login each time: five misses on one login lock it, which is not this test's point.
    ['/api/v1/instructor/auth/login', () => ({ login: `${newPhone()}@example.com`.slice(1), password: 'x' })],
  ])('%s: ten a minute per address, then 429 for that address only', async (path, make) => {
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    t.advance(120);
    for (let i = 0; i < 10; i += 1) expect((await t.post(path, make(), { ip })).status).not.toBe(429);
    const res = await t.post(path, make(), { ip });
    expect(res.status).toBe(429);
    expect(Number(rateLimitedSchema.parse(await res.json()).errors.retry_after[0])).toBeGreaterThan(0);
    expect((await t.post(path, make(), { ip: '198.51.100.7' })).status).not.toBe(429);
    t.advance(61);
    expect((await t.post(path, make(), { ip })).status).not.toBe(429);
  });
});
