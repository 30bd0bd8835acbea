// The model of a slot grid, one for both layouts and both calendars: starts grouped by the viewer's days
// (every day of the window, with starts or not, so a week has its seven columns), each start with its
// minute of the viewer's day, and the moves of the keyboard over them. The booking calendar's starts are
// a teacher's free times (src/features/booking/slot-picker.tsx: the day list and the week grid differ
// only in which key means which move, never in how a move is found); the teacher's calendar's are the
// starts of their sessions (src/features/teacher-calendar). "Now" — the teacher can take an urgent
// request — is the first start of today.
import { dayKey, dayLabel, minuteOfDay, shortDayLabel, timeOf } from './time';

/** The value of the "now" cell (an urgent request) among the ISO instants of the others. */
export const NOW = 'now';
export const WEEK_DAYS = 7;

export interface Slot {
  /** A UTC ISO instant, or NOW. */
  iso: string;
  /** Minutes after the viewer's midnight (-1 for now: before every other start of the day). */
  minute: number;
  /** The time as the viewer reads it. */
  time: string;
}

export interface CalendarDay {
  /** 'YYYY-MM-DD' on the viewer's clock. */
  key: string;
  /** "Sunday 3 May". */
  label: string;
  /** "Sun 3 May": the week grid's column heading. */
  short: string;
  slots: Slot[];
}

export interface CalendarInput {
  slots: readonly string[];
  /** The window the server answered for (UTC ISO); '' when unknown. */
  from: string;
  to: string;
  /** Whether the "now" cell is offered; it is today's. */
  now: boolean;
  locale: string;
  zone: string;
  /** The present instant (ms): today's day, and the start of the window when `from` is not known. */
  at: number;
}

const SIX_HOURS = 6 * 3_600_000;

/** Every day of the window on the viewer's clock, each with its free starts; ordered, gaps included. */
export function calendarDays({ slots, from, to, now, locale, zone, at }: CalendarInput): CalendarDay[] {
  const days = new Map<string, CalendarDay>();
  const dayOf = (instant: string): CalendarDay => {
    const key = dayKey(instant, zone);
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel(instant, locale, zone), short: shortDayLabel(instant, locale, zone), slots: [] };
      days.set(key, day);
    }
    return day;
  };
  // The days between the ends: sampled every six hours, which no zone change can jump a whole day over.
  const start = Date.parse(from) || (now || slots.length === 0 ? at : Date.parse(slots[0]!));
  const end = Date.parse(to) || (slots.length ? Date.parse(slots[slots.length - 1]!) : start);
  for (let t = start; t < end; t += SIX_HOURS) dayOf(new Date(t).toISOString());
  // Today is in a window that starts now; a week elsewhere (the teacher's calendar) has no "now" cell.
  if (now) dayOf(new Date(at).toISOString()).slots.push({ iso: NOW, minute: -1, time: '' });
  for (const iso of slots) dayOf(iso).slots.push({ iso, minute: minuteOfDay(iso, zone), time: timeOf(iso, locale, zone) });
  return [...days.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** What a key asks for; the layout decides which key that is. */
export type Move = 'nextTime' | 'prevTime' | 'nextDay' | 'prevDay' | 'dayStart' | 'dayEnd' | 'first' | 'last' | 'nextWeek' | 'prevWeek';

/** Where `iso` is: [day, start] indexes, or null. */
export function positionOf(days: readonly CalendarDay[], iso: string): [number, number] | null {
  for (let d = 0; d < days.length; d++) {
    const s = days[d]!.slots.findIndex((slot) => slot.iso === iso);
    if (s >= 0) return [d, s];
  }
  return null;
}

/**
 * The start the calendar opens at: the chosen one while the calendar has it, else the next free start
 * ("now" first when it is offered); null when nothing is free. Its row is scrolled into view on opening,
 * so a teacher free from midnight does not open the grid at midnight.
 */
export function openingSlot(days: readonly CalendarDay[], value: string): string | null {
  if (value && positionOf(days, value)) return value;
  const starts = days.flatMap((day) => day.slots.map((slot) => slot.iso));
  // A chosen start the calendar no longer has (just taken): the calendar stays near it, at the first
  // free start after it (or the last one, when none is later), not back at the window's beginning.
  const chosen = value ? Date.parse(value) : NaN;
  if (!Number.isNaN(chosen)) {
    const later = starts.find((iso) => iso !== NOW && Date.parse(iso) >= chosen);
    return later ?? starts.at(-1) ?? null;
  }
  return starts[0] ?? null;
}

/**
 * The scroll position of a scrolling calendar that puts a row (`rowTop`, on screen) first in view,
 * just under the sticky day headings (`stickyHeight`) of the week grid; never above the top.
 */
export function scrollTopToReveal(at: { scrollTop: number; boxTop: number; rowTop: number; stickyHeight: number }): number {
  return Math.max(0, Math.round(at.scrollTop + at.rowTop - at.boxTop - at.stickyHeight));
}

/** The start of day `d` nearest to `minute` of the day (moving between days keeps the hour). */
function nearest(day: CalendarDay, minute: number): string {
  let best = day.slots[0]!;
  for (const slot of day.slots) if (Math.abs(slot.minute - minute) < Math.abs(best.minute - minute)) best = slot;
  return best.iso;
}

/** The first day from `d` on, stepping by `step`, that has a free start; null when there is none. */
function freeDay(days: readonly CalendarDay[], d: number, step: 1 | -1): number | null {
  for (let i = d; i >= 0 && i < days.length; i += step) if (days[i]!.slots.length) return i;
  return null;
}

/**
 * Where a move from `iso` goes: the ISO of the start to focus, or null to stay. `wrap`: past a day's
 * last start the next time is the next free day's first (the day list reads as one line of times).
 */
export function moveFrom(days: readonly CalendarDay[], iso: string, move: Move, wrap: boolean): string | null {
  const at = positionOf(days, iso);
  if (!at) return null;
  const [d, s] = at;
  const day = days[d]!;
  const minute = day.slots[s]!.minute;
  const toDay = (i: number | null) => (i === null || i === d ? null : nearest(days[i]!, minute));
  switch (move) {
    case 'nextTime': {
      if (s + 1 < day.slots.length) return day.slots[s + 1]!.iso;
      const i = wrap ? freeDay(days, d + 1, 1) : null;
      return i === null ? null : days[i]!.slots[0]!.iso;
    }
    case 'prevTime': {
      if (s > 0) return day.slots[s - 1]!.iso;
      const i = wrap ? freeDay(days, d - 1, -1) : null;
      return i === null ? null : days[i]!.slots.at(-1)!.iso;
    }
    case 'nextDay':
      return toDay(freeDay(days, d + 1, 1));
    case 'prevDay':
      return toDay(freeDay(days, d - 1, -1));
    case 'dayStart':
      return day.slots[0]!.iso;
    case 'dayEnd':
      return day.slots.at(-1)!.iso;
    case 'first':
      return days[freeDay(days, 0, 1) ?? d]!.slots[0]!.iso;
    case 'last':
      return days[freeDay(days, days.length - 1, -1) ?? d]!.slots.at(-1)!.iso;
    case 'nextWeek': {
      // The same weekday a week on; if that day is not free, the nearest free one after the current day.
      const target = Math.min(d + WEEK_DAYS, days.length - 1);
      const i = freeDay(days, target, 1) ?? freeDay(days, target, -1);
      // Only into a later week: within the window's last week there is no next one to show.
      return i !== null && weekOf(i) > weekOf(d) ? toDay(i) : null;
    }
    case 'prevWeek': {
      const target = Math.max(d - WEEK_DAYS, 0);
      const i = freeDay(days, target, -1) ?? freeDay(days, target, 1);
      // Only into an earlier week: on the first week "Previous week" has nothing to show.
      return i !== null && weekOf(i) < weekOf(d) ? toDay(i) : null;
    }
  }
}

/** The week (page of seven days from the window's first) that day `d` is in. */
export const weekOf = (d: number) => Math.floor(d / WEEK_DAYS);

/** The rows of a week grid: every start minute any of its days has, in order, with the time to show. */
export function weekRows(week: readonly CalendarDay[]): Array<{ minute: number; time: string }> {
  const rows = new Map<number, string>();
  for (const day of week) for (const slot of day.slots) if (!rows.has(slot.minute)) rows.set(slot.minute, slot.time);
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([minute, time]) => ({ minute, time }));
}
