// The core of the clock-and-zone module (src/domain/time.ts, which re-exports all of it): the cache of
// formats every formatter shares, the device's zone, and the few formatters the teachers list's cards
// need, so the list's first download carries these and not the whole module (ranges, zone names,
// calendar values). Everything else imports src/domain/time.ts.
import { DEFAULT_TIME_ZONE } from '../../contract/default-zone';

export type Instant = string | Date;
export const instant = (at: Instant) => new Date(at);
export const inZone = (zone: string | undefined) => (zone ? { timeZone: zone } : {});

// Building a DateTimeFormat costs far more than formatting with one (a list of cards or a week of free
// times asked for hundreds on the phone's first render): each language, zone and style is built once.
const formats = new Map<string, Intl.DateTimeFormat>();
export function dtf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The device's IANA zone (what "your time" means), Qatar's when the browser cannot say. */
export function deviceZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** 'YYYY-MM-DD' of an instant on `zone`'s clock (groups slots by the viewer's days). */
export function dayKey(iso: Instant, zone: string): string {
  return dtf('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant(iso));
}

/** "8:00 PM" on `zone`'s clock (a slot, a next free time). */
export function timeOf(iso: Instant, locale: string, zone: string): string {
  return dtf(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(instant(iso));
}

/** "Sun, 3 May", on `zone`'s clock. */
export function shortDayLabel(iso: Instant, locale: string, zone: string): string {
  return dtf(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(instant(iso));
}
