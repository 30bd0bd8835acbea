// the SMS budget. Hourly caps on codes texted per country of the number and in all, shared
// by every instance (counted in the database); a clear, localized 429 once reached; one warning in
// the log per window; and a spent budget answers alike for phones with and without accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { loadSignInLimits } from '../../server/modules/auth/limits';
import { takeSmsBudget } from '../../server/modules/auth/sms-budget';
import { addressRange } from '../../server/modules/auth/client-ip';
import { authApp, newPhone } from './auth-helpers';

// The caps themselves first, without the share reserved for existing accounts (its own describe below).
const limits = loadSignInLimits({
  SMS_HOURLY_LIMIT: '6',
  SMS_HOURLY_LIMIT_PER_COUNTRY: '3',
  SMS_HOURLY_LIMITS_BY_COUNTRY: 'SA=4',
  SMS_RESERVED_PERCENT: '0',
});

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
    expect(await refused.json()).toMatchObject({
      code: 'sms_budget_reached',
      message: expect.stringContaining('cannot send verification codes'),
    });
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
    const take = (phone: string) =>
      takeSmsBudget(t.db, { phone, now: t.clock.now, limits: limits.sms, log, consume: true, newNumber: true });
    for (let i = 0; i < 3; i += 1) expect((await take(newPhone())).ok).toBe(true);
    for (let i = 0; i < 3; i += 1) expect((await take(newPhone())).ok).toBe(false);
    // The three Qatari refusals took nothing from the global budget: three Saudi codes still fit.
    for (let i = 0; i < 3; i += 1) expect((await take(saudiPhone())).ok).toBe(true);
    const warnings = lines.map((l) => JSON.parse(l) as { level: string; msg: string; scope: string });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', scope: 'country:QA', msg: expect.stringContaining('sms budget reached') });
  });
});

describe('SMS budget: a share kept for existing accounts, new numbers bounded per address range', () => {
  // 10 codes an hour; 40 % kept for numbers with an account, so new numbers stop at 6; 4 new numbers
  // an hour from one /24.
  const reserved = loadSignInLimits({
    SMS_HOURLY_LIMIT: '10',
    SMS_HOURLY_LIMIT_PER_COUNTRY: '10',
    SMS_RESERVED_PERCENT: '40',
    SMS_NEW_NUMBERS_PER_RANGE_PER_HOUR: '4',
  });
  let r: Awaited<ReturnType<typeof authApp>>;
  beforeAll(async () => {
    r = await authApp({ auth: { limits: reserved } });
  });
  afterAll(() => r?.close());
  const nextHourOf = () => {
    const hour = 3600_000;
    r.clock.now = new Date((Math.floor(r.clock.now.getTime() / hour) + 1) * hour + 1000);
  };
  const existingStudent = async () => {
    const phone = newPhone();
    await r.db.query(
      "INSERT INTO users (type, first_name, last_name, phone, country_code, gender, phase_id) VALUES ('student', 'سالم', 'علي', $1, 'QA', 'male', 1)",
      [phone],
    );
    return phone;
  };
  let range = 0;
  /** A new address in a new /24 each time, unless told. */
  const from = (ip = `198.51.${(range += 1)}.7`) => ({ ip });

  it('an attack on new numbers spends only the unreserved share: existing accounts still get their codes', async () => {
    nextHourOf();
    for (let i = 0; i < 6; i += 1)
      expect((await r.post('/api/v1/auth/login', { country_code: 'QA', phone: newPhone() }, from())).status).toBe(200);
    const refused = await r.post('/api/v1/auth/login', { country_code: 'QA', phone: newPhone() }, from());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'sms_budget_reached' });
    // A sign-up is a new number too.
    const signUp = await r.post('/api/v1/auth/register', await r.studentBody(newPhone()), from());
    expect(signUp.status).toBe(429);
    // The reserved four go to families that already have an account, then the whole cap is spent.
    for (let i = 0; i < 4; i += 1)
      expect((await r.post('/api/v1/auth/login', { country_code: 'QA', phone: await existingStudent() }, from())).status).toBe(200);
    expect((await r.post('/api/v1/auth/login', { country_code: 'QA', phone: await existingStudent() }, from())).status).toBe(429);
  });

  it('one address range texts at most four new numbers an hour; other ranges and existing accounts go on', async () => {
    nextHourOf();
    const sameRange = (n: number) => ({ ip: `203.0.113.${n}` });
    for (let i = 1; i <= 4; i += 1)
      expect((await r.post('/api/v1/auth/login', { country_code: 'QA', phone: newPhone() }, sameRange(i))).status).toBe(200);
    const fifth = await r.post('/api/v1/auth/login', { country_code: 'QA', phone: newPhone() }, sameRange(200));
    expect(fifth.status).toBe(429);
    const ar = await r.post('/api/v1/auth/login', { country_code: 'QA', phone: newPhone() }, { ...sameRange(201), locale: 'ar' });
    expect(((await ar.json()) as { message: string }).message).toContain('لا يمكننا إرسال رموز التحقق');
    expect((await r.post('/api/v1/auth/login', { country_code: 'QA', phone: await existingStudent() }, sameRange(9))).status).toBe(200);
    expect((await r.post('/api/v1/auth/login', { country_code: 'QA', phone: newPhone() }, from())).status).toBe(200);
  });
});

describe('addressRange', () => {
  it('IPv4 /24 (also when IPv4-mapped), IPv6 /48 whatever the notation', () => {
    expect(addressRange('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressRange('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(addressRange('2001:db8:12:34::1')).toBe('2001:db8:12::/48');
    expect(addressRange('2001:0db8:0012:ffff:1:2:3:4')).toBe('2001:db8:12::/48');
    expect(addressRange('2001:db8::5')).toBe('2001:db8:0::/48');
  });
});
