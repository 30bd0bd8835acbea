// Days and times of the teachers screens, formatted by src/domain/time.ts. Working hours are wall-clock
// times in the teacher's own zone (the card's `time_zone`); they are shown as written, formatted for the
// locale (12- or 24-hour, digits), under a heading that names that zone.
import type { WorkingHour } from '../../../contract/teachers';
import { dayKey, shortDayLabel, timeOf } from '../../domain/clock';

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

/**
 * The language of a person's own words (a review, a bio), guessed from its script: Arabic letters make
 * it Arabic, Latin letters alone English; undefined when it has neither. Set as `lang` beside
 * dir="auto", so a screen reader reads an English review on an Arabic page in an English voice.
 */
export const scriptLang = (text: string): 'ar' | 'en' | undefined =>
  /[\u0600-\u06FF]/.test(text) ? 'ar' : /[A-Za-z]/.test(text) ? 'en' : undefined;

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
  const key = dayKey(at, zone);
  const today = dayKey(now, zone);
  // Noon of today's date, a day on: tomorrow's date whatever the zone's offset or a clock change.
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1, 12)).toISOString().slice(0, 10);
  const time = timeOf(at, locale, zone);
  const date = shortDayLabel(at, locale, zone);
  return { day: key === today ? 'today' : key === tomorrow ? 'tomorrow' : 'later', time, date };
}
