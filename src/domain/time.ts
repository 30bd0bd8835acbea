// The one clock-and-zone module of the client: every instant, date, range, weekday and zone name on
// screen is formatted here, in the active language (its digits, its 12- or 24-hour clock), on the
// clock of a named zone. Intl does the zone rules; there is no offset arithmetic. A zone is named one
// way per language, "London time" / «بتوقيت لندن», from the place in contract/zone-names.ts (which the
// server's e-mails share). A time is shown on the viewer's own clock; when that clock is not Qatar's it
// is labelled with its zone and Qatar's time may follow, since teachers and most families read Qatar
// time (zonedText). Plain calendar values (a weekday, a 'YYYY-MM-DD' day, a 'YYYY-MM' month, an
// 'HH:MM' working hour) are already on someone's clock and are formatted without a zone.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_TIME_ZONE } from '../../contract/default-zone';
import { zoneOffset, zonePlace } from '../../contract/zone-names';
import { dtf, inZone, instant, deviceZone, type Instant } from './clock';

export { dayKey, deviceZone, shortDayLabel, timeOf, type Instant } from './clock';

// ---- zones ----

/** Whether two zones show the same wall clock at `at` (then naming one is enough). */
export function sameClock(a: string, b: string, at: Instant = new Date()): boolean {
  if (a === b) return true;
  const f = (zone: string) => dtf('en-GB', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(instant(at));
  return f(a) === f(b);
}

/** The zone as a time's label: "London time" / «بتوقيت لندن» — the one wording of a zone. */
export function zoneTime(i18n: I18n, zone: string): string {
  const place = zonePlace(zone, i18n.locale);
  return i18n._(msg`${place} time`);
}

/** A formatted time followed by its zone: "8:00 PM London time" / «٨:٠٠ م بتوقيت لندن». */
export function withZone(i18n: I18n, text: string, zone: string): string {
  return `${text} ${zoneTime(i18n, zone)}`;
}

/**
 * A zone as an option of the profile's zone picker: its place, as every time names it, and its offset now
 * ("London (GMT)", «لندن (غرينتش)»). In Arabic the IANA name follows, since zones outside the table of
 * Arabic places share one Arabic name ("Europe/Prague" and "Europe/Vienna" are both in «وسط أوروبا»).
 */
export function zoneOption(zone: string, locale: string): string {
  const offset = zoneOffset(zone, locale);
  const label = offset ? `${zonePlace(zone, locale)} (${offset})` : zonePlace(zone, locale);
  return locale.startsWith('ar') ? `${label} — ${zone.replaceAll('_', ' ')}` : label;
}

// ---- instants ----

const TIME_PARTS = new Set<Intl.DateTimeFormatPartTypes>(['hour', 'minute', 'second', 'dayPeriod']);
const isClockPart = (part: Intl.DateTimeFormatPart | undefined) => part !== undefined && TIME_PARTS.has(part.type);

/** Parts joined with the clock kept on one line: the spaces inside "6:35 ص" or "6:35 PM" become no-break
 *  spaces, so a narrow screen never leaves "ص" alone on the next line. */
function keepingClock(parts: Intl.DateTimeFormatPart[]): string {
  return parts
    .map((part, i) =>
      part.type === 'literal' && isClockPart(parts[i - 1]) && isClockPart(parts[i + 1]) ? part.value.replace(/\s/g, '\u00a0') : part.value,
    )
    .join('');
}

/** Date and time of a session: "Sunday, 6 January 2030 at 8:00 PM", on `zone`'s clock (the device's by default). */
export function formatSessionTime(iso: Instant, locale: string, zone?: string): string {
  return keepingClock(dtf(locale, { dateStyle: 'full', timeStyle: 'short', ...inZone(zone) }).formatToParts(instant(iso)));
}

/** The time of day alone: "8:00 PM". */
export function formatClock(iso: Instant, locale: string, zone?: string): string {
  return keepingClock(dtf(locale, { timeStyle: 'short', ...inZone(zone) }).formatToParts(instant(iso)));
}

/** "6 Jan 2030, 8:00 PM" (or the long date) — a record's moment: receipts, statements, the console. */
export function formatDateTime(iso: Instant, locale: string, zone?: string, dateStyle: 'medium' | 'long' = 'medium'): string {
  return dtf(locale, { dateStyle, timeStyle: 'short', ...inZone(zone) }).format(instant(iso));
}

/** The day only, no time of day: "6 Jan 2030" (a review, a report) or "6 January 2030" (an expiry). */
export function formatDate(iso: Instant, locale: string, zone?: string, dateStyle: 'medium' | 'long' = 'medium'): string {
  return dtf(locale, { dateStyle, ...inZone(zone) }).format(instant(iso));
}

/** "Sunday 6 January at 8:00 PM": day and time in one format, so each language joins them its own way. */
export function formatDayAndTime(iso: Instant, locale: string, zone: string): string {
  return dtf(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(instant(iso));
}

/** A time today on the device's clock, else its date and time (a conversation's last message). */
export function shortTime(iso: Instant, locale: string, now: Date = new Date()): string {
  const at = instant(iso);
  return at.toDateString() === now.toDateString() ? formatClock(at, locale) : formatDateTime(at, locale);
}

/**
 * A session's start and end on one short line with the zone named once: "Sun, 6 Jan 2030, 8:00 – 8:45 PM
 * Qatar time" (the date once when both ends share it).
 */
export function formatSessionRange(i18n: I18n, start: Instant, end: Instant, zone: string): string {
  const format = dtf(i18n.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  });
  return withZone(i18n, keepingClock(format.formatRangeToParts(instant(start), instant(end))), zone);
}

/** Minutes since midnight of an instant on `zone`'s clock. */
export function minuteOfDay(iso: Instant, zone: string): number {
  const parts = dtf('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** "Sunday 3 May" in the viewer's language, on `zone`'s clock. */
export function dayLabel(iso: Instant, locale: string, zone: string): string {
  return dtf(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(instant(iso));
}

/** "6 January" (day and month, no year), on `zone`'s clock: the ends of a weekly series. */
export function dayAndMonth(iso: Instant, locale: string, zone: string): string {
  return dtf(locale, { day: 'numeric', month: 'long', timeZone: zone }).format(instant(iso));
}

/** "Sunday": the weekday of an instant on `zone`'s clock. */
export function weekdayOf(iso: Instant, locale: string, zone: string): string {
  return dtf(locale, { weekday: 'long', timeZone: zone }).format(instant(iso));
}

type WhenStyle = 'full' | 'time';

interface ZonedText {
  /** On the viewer's clock, labelled when that is not Qatar's clock. */
  local: string;
  /** The same instant in Qatar time, labelled; null when the viewer's clock is Qatar's. */
  qatar: string | null;
}

/** An instant for the viewer on `zone`'s clock, labelled when that is not Qatar's, with Qatar's time beside it. */
export function zonedText(i18n: I18n, iso: string, style: WhenStyle = 'full', zone: string = deviceZone()): ZonedText {
  const format = (timeZone: string) =>
    style === 'time' ? formatClock(iso, i18n.locale, timeZone) : formatSessionTime(iso, i18n.locale, timeZone);
  if (sameClock(zone, DEFAULT_TIME_ZONE, iso)) return { local: format(zone), qatar: null };
  return { local: withZone(i18n, format(zone), zone), qatar: withZone(i18n, format(DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE) };
}

// ---- calendar values (already on someone's clock: no zone) ----

/** A weekday's name (0 = Sunday): 2023-01-01 was a Sunday, so day N is January N + 1. */
export function weekdayName(weekday: number, locale: string, width: 'long' | 'short' = 'long'): string {
  return dtf(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + weekday, 12)));
}

/** "Tuesday 7 January 2030" of a plain 'YYYY-MM-DD' day. */
export function calendarDay(day: string, locale: string): string {
  return dtf(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "January 2030" of a plain 'YYYY-MM' month (already counted on someone's clock). */
export function monthName(month: string, locale: string): string {
  return dtf(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** A wall-clock 'HH:MM' (24:00 allowed) as the locale writes a time of day. */
export function clockTime(hhmm: string, locale: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return dtf(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1, h, m)));
}
