// The server's one clock-and-zone module (server/lib/time.ts): Western digits in both languages, the
// zone named as the app names it, the reader's calendar, and no other server file formatting on its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendarMonth, formatDate, formatInstant, zoneName } from '../../server/lib/time';

const AT = '2030-01-06T17:00:00.000Z';
const root = path.resolve(__dirname, '../..');

/** Server files (ts) whose text matches `pattern`, relative to the repository. */
function serverFilesMatching(pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.ts') && pattern.test(readFileSync(path.join(root, rel), 'utf8'))) found.push(rel);
    }
  };
  walk('server');
  return found;
}

describe('the server clock', () => {
  it('writes an instant on the reader clock with its zone named, in Western digits', () => {
    expect(formatInstant(AT, 'en', 'Europe/London')).toMatch(/^Sunday,? 6 January 2030 at 17:00 London time$/);
    expect(formatInstant(AT, 'en', 'Asia/Qatar', 'time')).toBe('20:00 Qatar time');
    const arabic = formatInstant(AT, 'ar', 'Asia/Qatar');
    expect(arabic).toContain('8:00');
    expect(arabic.endsWith('بتوقيت قطر')).toBe(true);
    expect(arabic).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
  });

  it('names days and zones one way per language', () => {
    expect(formatDate(AT, 'en', 'Asia/Qatar', 'day')).toBe('6 January');
    expect(formatDate(AT, 'en', 'Asia/Qatar', 'weekday')).toBe('Sunday');
    expect(formatDate(AT, 'ar', 'Asia/Qatar', 'day')).toMatch(/^6 /);
    expect(zoneName('Europe/London', 'ar')).toBe('بتوقيت لندن');
    expect(zoneName('America/New_York', 'en')).toBe('New York time');
  });

  it('reads the month and year in the zone, not in UTC', () => {
    // 31 December 22:00 UTC is already 1 January in Qatar.
    expect(calendarMonth(new Date('2029-12-31T22:00:00Z'), 'Asia/Qatar')).toEqual({ year: 2030, month: '2030-01' });
    expect(calendarMonth(new Date('2029-12-31T22:00:00Z'), 'Europe/London')).toEqual({ year: 2029, month: '2029-12' });
  });

  it('is the only server file that builds an Intl.DateTimeFormat or formats a date by locale', () => {
    expect(serverFilesMatching(/new Intl\.DateTimeFormat|toLocale(Date|Time)?String\(/)).toEqual([path.join('server', 'lib', 'time.ts')]);
  });
});
