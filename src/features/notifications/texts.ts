// A notification's sentence, rendered from its type and parameters in the viewer's language when the
// list is shown (the server stores no text). Names, subjects and package names arrive as data; times
// are formatted for the viewer's locale and their browser's time zone, which is named when it is not
// Qatar's (src/domain/time.ts).
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { AppNotification } from '../../../contract/notifications';
import { isolateText } from '../../domain/isolate';
import { dayAndMonth, deviceZone, formatClock, formatSessionTime, weekdayOf, withZone, zonedText } from '../../domain/time';

function formatWhen(i18n: I18n, iso: string | undefined, style: 'full' | 'time' = 'full'): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return '';
  // The shared formatter: the viewer's clock, its zone named when it is not Qatar's.
  return zonedText(i18n, iso, style).local;
}

/**
 * A proposed or kept time always names its zone ("… London time", «… بتوقيت قطر»): both sides read
 * it to agree on one instant, and the other side may live on another clock.
 */
function namedWhen(i18n: I18n, iso: string | undefined): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return '';
  const zone = deviceZone();
  return withZone(i18n, formatSessionTime(iso, i18n.locale, zone), zone);
}

/**
 * request_rescheduled: a pending request moved at once, or a step of a proposal to move an approved
 * session (proposed, accepted, declined, lapsed), each in its own words.
 */
function rescheduledSentence(i18n: I18n, n: AppNotification, name: string, subject: string): string {
  const p = n.params;
  const proposed = namedWhen(i18n, p.proposed_starts_at);
  const when = namedWhen(i18n, p.starts_at);
  switch (p.proposal) {
    case 'proposed':
      return i18n._(
        msg`${name} proposes a new time for the ${subject} session: ${proposed}. Open the session details to accept or decline.`,
      );
    case 'accepted':
      return i18n._(msg`${name} accepted the new time of the ${subject} session: ${proposed}.`);
    case 'declined':
      return i18n._(msg`${name} declined the new time and kept the current time of the ${subject} session: ${when}.`);
    case 'lapsed':
      return i18n._(
        msg`The proposal to move the ${subject} session to ${proposed} lapsed without an answer. The session stays at ${when}.`,
      );
    case undefined:
      return i18n._(msg`${name} moved the ${subject} session request to ${when}.`);
  }
}

/**
 * A weekly series as a whole (booked, or the rest cancelled): "4 weekly sessions of Quran, every Sunday
 * at 5:00 PM Qatar time, from 4 January to 25 January" — one line for the series, on the viewer's clock.
 */
function seriesSentence(i18n: I18n, n: AppNotification, name: string, subject: string): string {
  const p = n.params;
  const first = p.starts_at ?? '';
  const last = p.series?.last_starts_at ?? first;
  const lessons = p.series?.lessons ?? 0;
  const zone = deviceZone();
  const day = (iso: string) => dayAndMonth(iso, i18n.locale, zone);
  const weekday = weekdayOf(first, i18n.locale, zone);
  const time = withZone(i18n, formatClock(first, i18n.locale, zone), zone);
  const from = day(first);
  const to = day(last);
  return n.type === 'request_canceled'
    ? i18n._(
        msg`${name} canceled the rest of the ${subject} series: ${plural(lessons, { one: '# weekly session', other: '# weekly sessions' })}, every ${weekday} at ${time}, from ${from} to ${to}.`,
      )
    : i18n._(
        msg`New request from ${name}: ${plural(lessons, { one: '# weekly session', other: '# weekly sessions' })} of ${subject}, every ${weekday} at ${time}, from ${from} to ${to}.`,
      );
}

/** The sentence of one notification in the active locale. */
export function notificationSentence(i18n: I18n, n: AppNotification): string {
  const p = n.params;
  const ar = i18n.locale === 'ar';
  // A name in the other script is isolated, so the sentence's punctuation stays where it belongs.
  const name = isolateText(p.other_name ?? '', i18n.locale);
  const subject = (ar ? p.subject_ar : p.subject_en) ?? p.subject_ar ?? p.subject_en ?? '';
  const when = formatWhen(i18n, p.starts_at);
  const time = formatWhen(i18n, p.starts_at, 'time');
  const pkg = (ar ? p.package_name_ar : p.package_name_en) ?? p.package_name_ar ?? p.package_name_en ?? '';
  const hours = p.hours ?? 0;
  const reason = p.reason ?? '';
  if (p.series && (n.type === 'request_offered' || n.type === 'request_canceled')) return seriesSentence(i18n, n, name, subject);
  switch (n.type) {
    case 'request_offered':
      return i18n._(msg`New session request from ${name}: ${subject}, ${when}.`);
    case 'request_approved':
      return i18n._(msg`${name} accepted your ${subject} session on ${when}.`);
    case 'request_rejected':
      return reason
        ? i18n._(msg`${name} declined your ${subject} session request. Reason: ${reason}. The booked time was returned to your balance.`)
        : i18n._(msg`${name} declined your ${subject} session request. The booked time was returned to your balance.`);
    case 'request_canceled':
      // A reason means the teacher cancelled: the family reads why, and that it got everything back.
      return reason
        ? i18n._(msg`${name} canceled the ${subject} session on ${when}. Reason: ${reason}. What you paid for it was returned to you.`)
        : i18n._(msg`${name} canceled the ${subject} session on ${when}.`);
    case 'request_expired':
      return i18n._(
        msg`Your ${subject} session request for ${when} expired without an answer. The booked time was returned to your balance.`,
      );
    case 'request_rescheduled':
      return rescheduledSentence(i18n, n, name, subject);
    case 'session_reminder_soon':
      return i18n._(msg`Your ${subject} session with ${name} starts in 15 minutes.`);
    case 'session_reminder_evening':
      return i18n._(msg`Reminder: your ${subject} session with ${name} is tomorrow at ${time}.`);
    case 'payment_completed':
      // The package's name stands alone; the hours are counted in words (never a bare "(8)" after it).
      return i18n._(msg`Payment received: ${plural(hours, { one: '# hour', other: '# hours' })} of ${pkg} added to your balance.`);
    case 'payment_failed':
      return i18n._(msg`The payment for ${pkg} did not go through. You can try again from the packages page.`);
    case 'payment_refunded':
      return i18n._(
        msg`${pkg} was refunded: its ${plural(hours, { one: '# hour', other: '# hours' })} left your balance and the money goes back to how you paid.`,
      );
    case 'teacher_approved':
      return i18n._(msg`Your teacher account was approved. Accept the teacher terms to start teaching.`);
    case 'teacher_rejected':
      return reason
        ? i18n._(msg`Your teacher application was not accepted. Reason: ${reason}`)
        : i18n._(msg`Your teacher application was not accepted.`);
    case 'teacher_suspended':
      return reason ? i18n._(msg`Your teacher account was suspended. Reason: ${reason}`) : i18n._(msg`Your teacher account was suspended.`);
    case 'lesson_report_written':
      return i18n._(msg`${name} wrote the report of your ${subject} session on ${when}: what was covered and the homework.`);
    case 'message_received':
      return i18n._(msg`New message from ${name}.`);
    case 'session_finished':
      return i18n._(msg`Your ${subject} session with ${name} on ${when} has finished. How was it? Rate your teacher.`);
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "قبل ساعتين" — Intl.RelativeTimeFormat in the viewer's locale. */
export function relativeTime(iso: string, locale: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'minute');
}
