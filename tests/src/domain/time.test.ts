// The one clock-and-zone module (src/domain/time.ts). A zone is named one way per language wherever a
// time names it: the screens, the profile's zone picker and the server's e-mails and text messages say
// "London time" / «بتوقيت لندن», never «بتوقيت التوقيت …», for every zone the app accepts; and no
// other module formats a date or names a zone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIME_ZONES } from '../../../contract/time-zones';
import { zonePlace } from '../../../contract/zone-names';
import { zoneName as serverZoneTime } from '../../../server/lib/time';
import {
  calendarDay,
  clockTime,
  formatDate,
  formatSessionRange,
  monthName,
  weekdayName,
  withZone,
  zonedText,
  zoneOption,
  zoneTime,
} from '../../../src/domain/time';
import { nextFreeParts } from '../../../src/features/teachers/format';
import { makeI18n } from '../helpers';

const AT = '2030-01-06T17:00:00.000Z';
const en = makeI18n('en');
const ar = makeI18n('ar');
const root = path.resolve(__dirname, '../../..');

/** Files under `dirs` (ts/tsx) whose text matches `pattern`. */
function filesMatching(dirs: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|tsx)$/.test(name) && pattern.test(readFileSync(path.join(root, rel), 'utf8'))) found.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

describe('a zone named one way per language', () => {
  it('every accepted zone: one English and one Arabic label, the same on screen, in the picker and in e-mail', () => {
    for (const zone of TIME_ZONES) {
      const e = zoneTime(en, zone);
      const a = zoneTime(ar, zone);
      expect(e, zone).toMatch(/^\S.* time$/);
      expect(a, zone).toMatch(/^بتوقيت \S/);
      // «توقيت» once: never «بتوقيت التوقيت العربي الرسمي».
      expect(a.match(/توقيت/g), zone).toHaveLength(1);
      // An Arabic label in Arabic letters (digits and signs aside), an English one in Latin.
      expect(a, zone).not.toMatch(/[A-Za-z]/);
      expect(e, zone).not.toMatch(/[\u0600-\u06FF]/);
      // The server's wording (e-mails, text messages) is the screens' wording.
      expect(serverZoneTime(zone, 'en'), zone).toBe(e);
      expect(serverZoneTime(zone, 'ar'), zone).toBe(a);
      // The profile's picker names the zone by the same place.
      expect(zoneOption(zone, 'en').startsWith(`${zonePlace(zone, 'en')}`), zone).toBe(true);
      expect(zoneOption(zone, 'ar').startsWith(`${zonePlace(zone, 'ar')}`), zone).toBe(true);
    }
  });

  it('reads as people say it, whatever the season', () => {
    expect(zoneTime(en, 'Asia/Qatar')).toBe('Qatar time');
    expect(zoneTime(ar, 'Asia/Qatar')).toBe('بتوقيت قطر');
    expect(zoneTime(ar, 'Europe/London')).toBe('بتوقيت لندن');
    expect(zoneTime(en, 'America/New_York')).toBe('New York time');
    // Abbreviations and Etc zones read by their meaning (Etc/GMT+3 is three hours behind universal time).
    expect(zoneTime(en, 'Etc/GMT+3')).toBe('GMT-03:00 time');
    expect(zoneTime(en, 'EST5EDT')).toBe('Eastern time');
    // A zone outside the Arabic table: Intl's generic name, with no «الصيفي» (summer) or doubled «توقيت».
    expect(zoneTime(ar, 'Europe/Lisbon')).toBe('بتوقيت غرب أوروبا');
    expect(zoneOption('Europe/London', 'en')).toMatch(/^London \(GMT(\+0)?\)$/);
    expect(zoneOption('Europe/Prague', 'ar')).toMatch(/^وسط أوروبا \(.+\) — Europe\/Prague$/);
  });

  it("labels a time on the viewer's clock and Qatar's with that same wording", () => {
    const text = zonedText(en, AT, 'time', 'Europe/London');
    expect(text.local).toMatch(/^5:00\sPM London time$/);
    expect(withZone(en, 'x', 'Europe/London')).toBe('x London time');
    expect(text.qatar).toMatch(/^8:00\sPM Qatar time$/);
    expect(zonedText(ar, AT, 'time', 'Europe/London').qatar).toMatch(/بتوقيت قطر$/);
    expect(zonedText(en, AT, 'time', 'Asia/Qatar')).toEqual({ local: expect.stringMatching(/^8:00\sPM$/), qatar: null });
  });

  it('is the only module that formats a date or names a zone, and Qatar is named only as the default zone', () => {
    expect(filesMatching(['src', 'server', 'contract'], /timeZoneName/)).toEqual(['contract/zone-names.ts']);
    // The format cache is in the module's core (src/domain/clock.ts), which time.ts re-exports.
    expect(filesMatching(['src'], /Intl\.DateTimeFormat\(|toLocale(Date|Time)String\(/)).toEqual(['src/domain/clock.ts']);
    const qatar = filesMatching(['src', 'server', 'contract'], /'Asia\/Qatar'/).filter((f) => !f.startsWith('server/db/migrations'));
    expect(qatar.sort()).toEqual(['contract/default-zone.ts', 'contract/zone-names.ts']);
  });
});

describe('dates, ranges and calendar values', () => {
  it("a session's range: one line, the date once, the zone once", () => {
    const line = formatSessionRange(en, '2030-05-06T09:00:00Z', '2030-05-06T11:00:00Z', 'Asia/Qatar');
    expect(line).toMatch(/^Mon, May 6, 2030, 12:00\s–\s2:00\sPM Qatar time$/);
    expect(line.match(/2030/g)).toHaveLength(1);
    const london = formatSessionRange(ar, '2030-05-06T09:00:00Z', '2030-05-06T11:00:00Z', 'Europe/London');
    expect(london.match(/توقيت/g)).toHaveLength(1);
    expect(london.endsWith('بتوقيت لندن')).toBe(true);
    // The clock keeps its ص/م on its line.
    expect(london).toMatch(/\d\u00a0[صم]/);
  });

  it('a date alone has no time of day; plain calendar values are read as written', () => {
    expect(formatDate('2030-01-06T17:00:00Z', 'en', 'Asia/Qatar')).toBe('Jan 6, 2030');
    expect(formatDate('2030-01-06T23:30:00Z', 'en', 'Asia/Qatar', 'long')).toBe('January 7, 2030');
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(4, 'ar', 'long')).toBe('الخميس');
    expect(calendarDay('2030-01-08', 'en')).toBe('Tuesday, January 8, 2030');
    expect(monthName('2030-02', 'en')).toBe('February 2030');
    expect(clockTime('20:30', 'en')).toMatch(/^8:30\sPM$/);
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
