// Times as people read them, the same on every screen that shows one: request cards,
// session details, notifications and reminders. A time is shown on the viewer's own clock; when that
// clock is not Qatar's, it is labelled with its zone ("London time", «بتوقيت لندن», src/domain/zone-name.ts)
// and Qatar's time follows («بتوقيت قطر»),
// since teachers and most families read Qatar time. Intl does the zone rules; no offset arithmetic.
// The booking calendar (src/domain/slot-time.ts) uses the zone helpers here.
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE as QATAR_ZONE } from '../../contract/default-zone';
import { formatClock, formatSessionTime } from './request-status';
import { withZone } from './zone-name';

/** The device's IANA zone (what "your time" means), Qatar when the browser cannot say. */
export function deviceZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || QATAR_ZONE;
  } catch {
    return QATAR_ZONE;
  }
}

/** Whether two zones show the same wall clock at `at` (then naming one is enough). */
export function sameClock(a: string, b: string, at: string | Date = new Date()): boolean {
  if (a === b) return true;
  const f = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
  return f(a) === f(b);
}

type WhenStyle = 'full' | 'time';

interface ZonedText {
  /** On the viewer's clock, labelled when that is not Qatar's clock. */
  local: string;
  /** The same instant in Qatar time, labelled; null when the viewer's clock is Qatar's. */
  qatar: string | null;
}

/** The one formatter: an instant for the viewer, in the active language, on `zone`'s clock. */
export function zonedText(i18n: I18n, iso: string, style: WhenStyle = 'full', zone: string = deviceZone()): ZonedText {
  const format = (timeZone: string) =>
    style === 'time' ? formatClock(iso, i18n.locale, timeZone) : formatSessionTime(iso, i18n.locale, timeZone);
  if (sameClock(zone, QATAR_ZONE, iso)) return { local: format(zone), qatar: null };
  // Both named the one way a zone is named (src/domain/zone-name.ts).
  return { local: withZone(i18n, format(zone), zone, iso), qatar: withZone(i18n, format(QATAR_ZONE), QATAR_ZONE, iso) };
}

/** An instant as a <time> element with its zone named, and Qatar's time after it when it differs. */
export function ZonedTime({ iso, style = 'full', zone }: { iso: string; style?: WhenStyle; zone?: string }) {
  const { i18n } = useLingui();
  const text = zonedText(i18n, iso, style, zone);
  return (
    <>
      <time dateTime={iso}>{text.local}</time>
      {text.qatar ? <span className="zoned-time-qatar"> · {text.qatar}</span> : null}
    </>
  );
}
