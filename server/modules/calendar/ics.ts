// Sessions as iCalendar (RFC 5545) through ical-generator: one VEVENT per request, the same in the
// single-session file and in the subscription feed, so a calendar that has both updates one event.
// Instants are written in UTC; the reader's zone travels as X-WR-TIMEZONE (the library's own
// `timezone` option would write floating local times without a VTIMEZONE, which tools misread).
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { RequestStatus } from '../../../contract/requests';
import type { Locale } from '../../i18n';

export interface SessionEvent {
  id: number;
  /** The status as shown (an overdue pending request is already expired). */
  status: RequestStatus;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  /** The request's last change (its updated_at, or when an unswept overdue change happened). */
  changedAt: Date;
  subject: string;
  /** The other party as this reader may see them: the teacher's name, or the child's first name and phase. */
  otherName: string;
}

export interface CalendarText {
  locale: Locale;
  timeZone: string;
  /** Where the session details page lives (PUBLIC_URL, or the request's origin). */
  origin: string;
  /** The host in every UID (PUBLIC_URL's, or a fixed one): never the request's, so UIDs stay put. */
  uidHost: string;
}

const WORDS = {
  ar: { name: 'حصص نور', summary: (subject: string, other: string) => `حصة ${subject} مع ${other}`, details: 'تفاصيل الحصة' },
  en: { name: 'Noor sessions', summary: (subject: string, other: string) => `${subject} lesson with ${other}`, details: 'Session details' },
} as const;

function statusOf(status: RequestStatus): ICalEventStatus {
  if (status === 'approved' || status === 'finished') return ICalEventStatus.CONFIRMED;
  if (status === 'pending') return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CANCELLED;
}

/**
 * Grows with every change of the request (the seconds from its creation to its last change), so a
 * calendar that holds an older copy replaces it: moved, approved or cancelled.
 */
export const sequenceOf = (e: Pick<SessionEvent, 'createdAt' | 'changedAt'>): number =>
  Math.max(0, Math.floor((e.changedAt.getTime() - e.createdAt.getTime()) / 1000));

export function sessionsCalendar(events: readonly SessionEvent[], text: CalendarText): string {
  const words = WORDS[text.locale];
  const calendar = ical({
    prodId: { company: 'Noor', product: 'Sessions', language: text.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name: words.name,
  });
  calendar.x('X-WR-TIMEZONE', text.timeZone);
  for (const e of events) {
    const url = new URL(`/session-details/${e.id}`, text.origin).toString();
    calendar.createEvent({
      id: `request-${e.id}@${text.uidHost}`,
      start: e.startsAt,
      end: e.endsAt,
      stamp: e.changedAt,
      created: e.createdAt,
      lastModified: e.changedAt,
      sequence: sequenceOf(e),
      status: statusOf(e.status),
      summary: words.summary(e.subject, e.otherName),
      description: `${words.details}: ${url}`,
      url,
    });
  }
  return calendar.toString();
}
