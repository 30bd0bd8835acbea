// Issue 11: the browser's zone travels with the sign-up. A valid IANA name becomes the account's zone,
// none keeps Qatar's, and a name that is not a zone is a 400 on the field (nothing is created).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationErrorBodySchema } from '../../contract/envelope';
import { authApp, newPhone } from './auth-helpers';

let t: Awaited<ReturnType<typeof authApp>>;
beforeAll(async () => {
  t = await authApp();
});
afterAll(() => t?.close());

const zoneOf = async (phone: string) => (await t.db.one<{ time_zone: string }>('SELECT time_zone FROM users WHERE phone = $1', [phone]))?.time_zone;

describe('sign-up time zone', () => {
  it('stores the zone a student signs up from, or Qatar when none is sent', async () => {
    const london = newPhone();
    expect((await t.post('/api/v1/auth/register', await t.studentBody(london, { time_zone: 'Europe/London' }))).status).toBe(201);
    expect(await zoneOf(london)).toBe('Europe/London');
    const plain = newPhone();
    expect((await t.post('/api/v1/auth/register', await t.studentBody(plain))).status).toBe(201);
    expect(await zoneOf(plain)).toBe('Asia/Qatar');
  });

  it('stores a teacher\'s zone from the multipart sign-up', async () => {
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
