// One wording for a zone per language, wherever a time names its zone: the screens
// (src/domain/zone-name.ts) and the e-mails (server/modules/outbox/email-templates.ts) say
// "London time" / «بتوقيت لندن», never «بتوقيت التوقيت …» (the Arabic calendar's old reading), and no
// other module asks Intl for a zone's name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zoneTime as emailZoneTime } from '../../../server/modules/outbox/email-templates';
import { zoneTime, withZone } from '../../../src/domain/zone-name';
import { zonedText } from '../../../src/domain/zoned-time';
import { nextFreeParts } from '../../../src/features/teachers/format';
import { makeI18n } from '../helpers';

const ZONES = [
  'Asia/Qatar',
  'Europe/London',
  'America/New_York',
  'Asia/Riyadh',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Europe/Lisbon',
  'Africa/Abidjan',
];
const AT = '2030-01-06T17:00:00.000Z';

describe('a zone named one way per language', () => {
  it('reads "<place> time" in English and «بتوقيت <place>» in Arabic, the same on screen and in e-mail', () => {
    const en = makeI18n('en');
    const ar = makeI18n('ar');
    for (const zone of ZONES) {
      const e = zoneTime(en, zone, AT);
      const a = zoneTime(ar, zone, AT);
      expect(e, zone).toMatch(/^\S.* time$/);
      expect(a, zone).toMatch(/^بتوقيت \S/);
      expect(a, zone).not.toMatch(/بتوقيت (ال)?توقيت/);
      expect(emailZoneTime(zone, 'en', AT)).toBe(e);
      expect(emailZoneTime(zone, 'ar', AT)).toBe(a);
    }
    expect(zoneTime(en, 'Asia/Qatar')).toBe('Qatar time');
    expect(zoneTime(ar, 'Asia/Qatar')).toBe('بتوقيت قطر');
    expect(zoneTime(ar, 'Europe/London')).toBe('بتوقيت لندن');
    expect(zoneTime(en, 'America/New_York')).toBe('New York time');
  });

  it("labels a time on the viewer's clock and Qatar's with that same wording", () => {
    const en = makeI18n('en');
    const text = zonedText(en, AT, 'time', 'Europe/London');
    expect(text.local).toMatch(/^5:00\sPM London time$/);
    expect(withZone(en, 'x', 'Europe/London', AT)).toBe('x London time');
    expect(text.qatar).toMatch(/^8:00\sPM Qatar time$/);
    expect(zonedText(makeI18n('ar'), AT, 'time', 'Europe/London').qatar).toMatch(/بتوقيت قطر$/);
  });

  it("is the only place, with the profile's zone picker, that asks Intl for a zone's name", () => {
    const allowed = new Set(['contract/zone-names.ts', 'src/features/profile/time-zone-field.tsx']);
    const root = path.resolve(__dirname, '../../..');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(path.join(root, dir))) {
        const rel = path.join(dir, name);
        if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
        else if (/\.(ts|tsx)$/.test(name) && readFileSync(path.join(root, rel), 'utf8').includes('timeZoneName')) found.push(rel);
      }
    };
    for (const dir of ['src', 'server', 'contract']) walk(dir);
    expect(found.filter((f) => !allowed.has(f))).toEqual([]);
  });
});

describe("a card's next free time", () => {
  it("says today or tomorrow on the viewer's clock, else the weekday and date", () => {
    const now = new Date('2030-01-06T10:00:00.000Z');
    // 17:00 UTC is 20:00 in Qatar the same day, and 06:45 the next day in Chatham (UTC+13:45).
    expect(nextFreeParts(AT, 'en', 'Asia/Qatar', now)).toMatchObject({ day: 'today', time: '8:00 PM' });
    expect(nextFreeParts(AT, 'en', 'Pacific/Chatham', now).day).toBe('tomorrow');
    expect(nextFreeParts('2030-01-09T13:00:00.000Z', 'en', 'Asia/Qatar', now)).toMatchObject({ day: 'later', date: 'Wed, Jan 9' });
  });
});
