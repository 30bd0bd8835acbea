// Days and times of the teachers screens in the viewer's language. Working hours are wall-clock times
// in the teacher's zone (Asia/Qatar, contract/teachers.ts); they are shown as written, formatted for
// the locale (12- or 24-hour, digits), and labelled with the zone.
import type { WorkingHour } from '../../../contract/teachers';

// 2023-01-01 was a Sunday: day N of the contract (0 = Sunday) is January N + 1.
const dayDate = (day: number) => new Date(Date.UTC(2023, 0, 1 + day, 12));

export function dayName(day: number, locale: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(dayDate(day));
}

/** 'HH:MM' (24:00 allowed) as the locale writes a time of day. */
export function clockTime(hhmm: string, locale: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1, h, m)));
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

/** An instant (ISO) as date and time in the viewer's language, in the teacher's zone. */
export function dateTime(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

export function fullName(t: { first_name: string; last_name: string }): string {
  return `${t.first_name} ${t.last_name}`.trim();
}
