// The user's time zone: Asia/Qatar until changed, edited through PATCH v1/profile as an IANA
// name (anything else is refused, localized, and nothing is written), and a teacher's zone is the one
// their page and availability answer.
import { describe, expect, it } from 'vitest';
import { profileDetailsResponseSchema } from '../../contract/profile';
import { authApp } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp);

const patch = (token: string, body: unknown, locale: 'ar' | 'en' = 'en') =>
  t.app.request('/api/v1/profile', {
    method: 'PATCH',
    headers: { 'Accept-Language': locale, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

const zoneOf = async (token: string) =>
  profileDetailsResponseSchema.parse(await (await t.get('/api/v1/profile', { token })).json()).data.time_zone;

describe('time_zone in the profile', () => {
  it('starts as Asia/Qatar and saves an IANA name', async () => {
    const s = await t.signUpStudent();
    expect(await zoneOf(s.token)).toBe('Asia/Qatar');
    expect((await patch(s.token, { time_zone: 'Europe/London' })).status).toBe(200);
    expect(await zoneOf(s.token)).toBe('Europe/London');
  });

  it('refuses what is not a zone, in the caller’s language, and keeps the old one', async () => {
    const s = await t.signUpStudent();
    for (const bad of ['Mars/Olympus', 'GMT+3; DROP TABLE users', '', 42]) {
      const res = await patch(s.token, { time_zone: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.time_zone).toHaveLength(1);
    }
    const ar = await patch(s.token, { time_zone: 'Nowhere/City' }, 'ar');
    expect(((await ar.json()) as { errors: Record<string, string[]> }).errors.time_zone).toEqual(['يرجى اختيار منطقة زمنية صحيحة']);
    expect(await zoneOf(s.token)).toBe('Asia/Qatar');
  });
});
