// Dates, waiting times and countries in the console's language.
import { formatDateTime } from '../../domain/time';

/** "3 days ago", "5 hours ago": how long since `iso`, in the largest whole unit. */
export function timeSince(iso: string, locale: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - Date.parse(iso)) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds >= 86_400) return rtf.format(-Math.floor(seconds / 86_400), 'day');
  if (seconds >= 3600) return rtf.format(-Math.floor(seconds / 3600), 'hour');
  return rtf.format(-Math.max(1, Math.floor(seconds / 60)), 'minute');
}

export function dateTime(iso: string | null, locale: string): string {
  if (!iso) return '—';
  return formatDateTime(iso, locale);
}

export function countryName(code: string | null, locale: string): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "a, b and c" as the language writes a list. */
export function listOf(items: readonly string[], locale: string): string {
  if (items.length === 0) return '—';
  return new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(items);
}
