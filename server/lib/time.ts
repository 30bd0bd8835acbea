// The server's clock-and-zone wording: every instant, date and zone name the server writes itself (e-mail
// and SMS templates, receipts, earnings statements) comes from here, on the reader's clock, with Western
// digits in both languages (`ar-u-nu-latn`). Zones are named as the app names them (contract/zone-names.ts,
// the same words as src/domain/time.ts). No other server file builds an Intl.DateTimeFormat
// (tests/server/time.test.ts reads the sources).
import { zonePlace } from '../../contract/zone-names';
import type { Locale } from '../i18n';

const LANGUAGE: Record<Locale, string> = { ar: 'ar-u-nu-latn', en: 'en-GB' };

// Building a DateTimeFormat is costly next to using one; a reminders run formats thousands.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The zone as the app names it: "London time" / «بتوقيت لندن». */
export function zoneName(timeZone: string, locale: Locale): string {
  const place = zonePlace(timeZone, locale);
  return locale === 'ar' ? `بتوقيت ${place}` : `${place} time`;
}

/**
 * An instant on the reader's clock with its zone named: `full` is the whole date and the time
 * ("Sunday 6 January 2030 at 17:00 London time"), `time` the time of day alone ("17:00 London time").
 */
export function formatInstant(at: Date | string, locale: Locale, timeZone: string, style: 'full' | 'time' = 'full'): string {
  const options: Intl.DateTimeFormatOptions = style === 'full' ? { dateStyle: 'full', timeStyle: 'short' } : { timeStyle: 'short' };
  return `${formatter(LANGUAGE[locale], timeZone, options).format(new Date(at))} ${zoneName(timeZone, locale)}`;
}

/** The day of `at` on the reader's clock: `day` "6 January", `weekday` "Sunday". */
export function formatDate(at: Date | string, locale: Locale, timeZone: string, style: 'day' | 'weekday'): string {
  const options: Intl.DateTimeFormatOptions = style === 'day' ? { day: 'numeric', month: 'long' } : { weekday: 'long' };
  return formatter(LANGUAGE[locale], timeZone, options).format(new Date(at));
}

/** The calendar year and month `at` falls in, in `timeZone`: { year: 2026, month: "2026-11" }. */
export function calendarMonth(at: Date, timeZone: string): { year: number; month: string } {
  const parts = formatter('en-US', timeZone, { year: 'numeric', month: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: Number(part('year')), month: `${part('year')}-${part('month')}` };
}
