// Days and times of the teachers screens in the viewer's language. Working hours are wall-clock times
// in the teacher's own zone (the card's `time_zone`); they are shown as written, formatted for the
// locale (12- or 24-hour, digits), under a heading that names that zone (src/domain/zone-name.ts).
import type { WorkingHour } from '../../../contract/teachers';

// 2023-01-01 was a Sunday: day N of the contract (0 = Sunday) is January N + 1.
const dayDate = (day: number) => new Date(Date.UTC(2023, 0, 1 + day, 12));

export function dayName(day: number, locale: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(dayDate(day));
}

/** 'HH:MM' (24:00 allowed) as the locale writes a time of day. */
export function clockTime(hhmm: string, locale: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1, h, m)),
  );
}

export interface DayHours {
  day: number;
  slots: { from: string; to: string }[];
}

/** Working hours grouped by day, Sunday first, slots in order. */
export function hoursByDay(hours: readonly WorkingHour[]): DayHours[] {
  const days = new Map<number, { from: string; to: string }[]>();
  for (const h of [...hours].sort((a, b) => a.day - b.day || a.from.localeCompare(b.from))) {
    const list = days.get(h.day) ?? [];
    list.push({ from: h.from, to: h.to });
    days.set(h.day, list);
  }
  return [...days.entries()].map(([day, slots]) => ({ day, slots }));
}

export function fullName(t: { first_name: string; last_name: string }): string {
  return `${t.first_name} ${t.last_name}`.trim();
}

/** 'YYYY-MM-DD' of an instant on `zone`'s clock. */
const dayOf = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * A next free start on the viewer's clock: whether it is today or tomorrow there, its time, and its
 * weekday and date for later days ("Wed 9 Jan").
 */
export function nextFreeParts(
  iso: string,
  locale: string,
  zone: string,
  now: Date = new Date(),
): { day: 'today' | 'tomorrow' | 'later'; time: string; date: string } {
  const at = new Date(iso);
  const key = dayOf(at, zone);
  const today = dayOf(now, zone);
  // Noon of today's date, a day on: tomorrow's date whatever the zone's offset or a clock change.
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1, 12)).toISOString().slice(0, 10);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(at);
  const date = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(at);
  return { day: key === today ? 'today' : key === tomorrow ? 'tomorrow' : 'later', time, date };
}

/** A review's date: the day only, in the viewer's language (no time of day, no zone to name). */
export function reviewDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}
