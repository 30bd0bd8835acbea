// The sessions a calendar shows, read with the names its reader may see: one request for its parties
// (the same access rule as the other request routes: anybody else gets 404), or every session of one
// account for its feed.
import type { RequestStatus } from '../../../contract/requests';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { statusOf } from '../../../machines/request.machine';
import { isParty, readAccess } from '../requests/access';
import { overdue, overdueAt, RequestFailure, ROW_COLUMNS, type RequestRow, type Viewer } from '../requests/rows';
import type { SessionEvent } from './ics';

interface NamedRow extends RequestRow {
  changed_at: Date;
  subject_ar: string;
  subject_en: string;
  teacher_first: string;
  teacher_last: string;
  child_first: string;
  phase_ar: string;
  phase_en: string;
}

const NAMED_COLUMNS = `r.updated_at AS changed_at, s.name_ar AS subject_ar, s.name_en AS subject_en,
  t.first_name AS teacher_first, t.last_name AS teacher_last, ch.first_name AS child_first, chp.name_ar AS phase_ar, chp.name_en AS phase_en`;
const NAMED_JOINS = `JOIN subjects s ON s.id = r.subject_id JOIN users t ON t.id = r.teacher_id
  JOIN children ch ON ch.id = r.child_id JOIN phases chp ON chp.id = ch.phase_id`;

/** How long a cancelled or past session stays in a feed (so calendars learn of the cancellation). */
export const FEED_KEEPS_DAYS = 30;

function eventOf(row: NamedRow, reader: Viewer['role'], locale: Locale, now: Date): SessionEvent {
  // An overdue row the sweep has not reached yet: shown as the sweep will leave it, changed when it fell due.
  const next = overdue(row, now);
  const status: RequestStatus = next ? statusOf(next) : row.status;
  const changedAt = status === row.status ? row.changed_at : overdueAt(row, status);
  const en = locale === 'en';
  // A teacher sees the child's first name and phase, never the family's names or phone.
  const otherName =
    reader === 'teacher' ? `${row.child_first} (${en ? row.phase_en : row.phase_ar})` : `${row.teacher_first} ${row.teacher_last}`;
  return {
    id: row.id,
    status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdAt: row.created_at,
    changedAt,
    subject: en ? row.subject_en : row.subject_ar,
    otherName,
  };
}

/** One request as its party's calendar event; 404 for anybody else (a teacher who lost a broadcast too). */
export async function requestEvent(q: Queryable, id: number, viewer: Viewer, locale: Locale, now: Date): Promise<SessionEvent> {
  const a = await readAccess<NamedRow>(q, id, viewer, { columns: NAMED_COLUMNS, joins: NAMED_JOINS });
  if (!isParty(a, viewer)) throw new RequestFailure(404, 'request_not_found');
  return eventOf(a.row, viewer.role, locale, now);
}

/**
 * An account's feed: its pending and approved sessions, and those that ended, were cancelled, declined
 * or expired in the last FEED_KEEPS_DAYS (a cancelled one stays as STATUS:CANCELLED, so calendars that
 * hold it remove it). A teacher's: the sessions they teach and the requests still open to them.
 */
export async function feedEvents(q: Queryable, viewer: Viewer, locale: Locale, now: Date): Promise<SessionEvent[]> {
  const mine =
    viewer.role === 'student'
      ? 'r.student_id = $1'
      : `(r.teacher_id = $1 OR (r.status = 'pending' AND EXISTS (SELECT 1 FROM request_offers o WHERE o.request_id = r.id AND o.teacher_id = $1 AND o.declined_at IS NULL)))`;
  const since = new Date(now.getTime() - FEED_KEEPS_DAYS * 86_400_000);
  const rows = await q.query<NamedRow>(
    `SELECT ${ROW_COLUMNS}, ${NAMED_COLUMNS} FROM requests r ${NAMED_JOINS}
      WHERE ${mine} AND (r.status IN ('canceled', 'rejected', 'expired') AND r.updated_at > $2
        OR r.status IN ('pending', 'approved', 'finished') AND r.ends_at > $2)
      ORDER BY r.starts_at, r.id LIMIT 1000`,
    [viewer.id, since],
  );
  return rows.map((row) => eventOf(row, viewer.role, locale, now));
}
