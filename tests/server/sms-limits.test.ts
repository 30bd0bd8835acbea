// Issue 15: the SMS budget. Hourly caps on codes texted per country of the number and in all, shared
// by every instance (counted in the database); a clear, localized 429 once reached; one warning in
// the log per window; and a spent budget answers alike for phones with and without accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { loadSignInLimits } from '../../server/modules/auth/limits';
import { takeSmsBudget } from '../../server/modules/auth/sms-budget';
import { authApp, newPhone } from './auth-helpers';

const limits = loadSignInLimits({ SMS_HOURLY_LIMIT: '6', SMS_HOURLY_LIMIT_PER_COUNTRY: '3', SMS_HOURLY_LIMITS_BY_COUNTRY: 'SA=4' });

let t: Awaited<ReturnType<typeof authApp>>;
beforeAll(async () => {
  t = await authApp({ auth: { limits } });
});
afterAll(() => t?.close());

let saCounter = 0;
const saudiPhone = () => `+96650${String(1_000_000 + (saCounter += 1)).slice(-7)}`;
const askCode = (phone: string, locale: 'ar' | 'en' = 'en') => t.post('/api/v1/auth/resend', { phone }, { locale });

/** Starts each test at the top of a fresh clock hour, so each has a whole budget. */
function nextHour(): void {
  const hour = 3600_000;
  t.clock.now = new Date((Math.floor(t.clock.now.getTime() / hour) + 1) * hour + 1000);
}

describe('SMS budget', () => {
  it('a country’s hourly cap: the next code to that country is refused with a clear message; other countries go on', async () => {
    nextHour();
    for (let i = 0; i < 3; i += 1) expect((await askCode(newPhone())).status).toBe(200);
    const refusedPhone = newPhone();
    const refused = await askCode(refusedPhone);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'sms_budget_reached', message: expect.stringContaining('cannot send verification codes') });
    expect(Number(refused.headers.get('Retry-After'))).toBe(3600 - 1);
    expect(await t.outboxCount(refusedPhone)).toBe(0);
    const arabic = await askCode(newPhone(), 'ar');
    expect(((await arabic.json()) as { message: string }).message).toContain('لا يمكننا إرسال رموز التحقق');
    // Saudi numbers have their own cap (4 by SMS_HOURLY_LIMITS_BY_COUNTRY).
    expect((await askCode(saudiPhone())).status).toBe(200);
  });

  it('the global hourly cap stops every country; the next hour has a new budget', async () => {
    nextHour();
    for (let i = 0; i < 3; i += 1) expect((await askCode(newPhone())).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await askCode(saudiPhone())).status).toBe(200);
    // Saudi Arabia is under its own cap (3 of 4), but all countries together reached 6.
    const refused = await askCode(saudiPhone());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'sms_budget_reached' });
    nextHour();
    expect((await askCode(saudiPhone())).status).toBe(200);
  });

  it('a spent budget answers the same for a teacher’s phone (texted nothing) as for any other phone', async () => {
    nextHour();
    const teacher = await t.signUpTeacher();
    for (let i = 0; i < 3; i += 1) await askCode(newPhone());
    const forTeacher = await t.post('/api/v1/instructor/auth/forgot-password', { phone: teacher.phone });
    const forNobody = await t.post('/api/v1/instructor/auth/forgot-password', { phone: newPhone() });
    expect([forTeacher.status, forNobody.status]).toEqual([429, 429]);
    expect(await forTeacher.json()).toEqual(await forNobody.json());
  });

  it('a refused code costs no budget, and the log warns once per window', async () => {
    nextHour();
    const lines: string[] = [];
    const log = createLogger('warn', (line) => lines.push(line));
    const take = (phone: string) => takeSmsBudget(t.db, { phone, now: t.clock.now, limits: limits.sms, log, consume: true });
    for (let i = 0; i < 3; i += 1) expect((await take(newPhone())).ok).toBe(true);
    for (let i = 0; i < 3; i += 1) expect((await take(newPhone())).ok).toBe(false);
    // The three Qatari refusals took nothing from the global budget: three Saudi codes still fit.
    for (let i = 0; i < 3; i += 1) expect((await take(saudiPhone())).ok).toBe(true);
    const warnings = lines.map((l) => JSON.parse(l) as { level: string; msg: string; scope: string });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', scope: 'country:QA', msg: expect.stringContaining('sms budget reached') });
  });
});
