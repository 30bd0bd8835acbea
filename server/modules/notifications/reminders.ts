// The reminder job: a reminder 15 minutes before an approved session, and one the evening before (19:00
// in each user's own time zone), to its student and its teacher. Run every minute by main.ts; safe to
// run any number of times, by any number of instances, and after a restart: each reminder's dedupe key
// (request, kind, start instant) is unique per user in the database, so it is sent once and never twice
// for one start; a session moved to another start (an accepted proposal) is reminded again for its new
// start, once. Only approved requests are looked at, so a canceled (or rejected, expired) session gets
// no reminder.
import type { Db } from '../../db';
import { reportUnusableZone, usableZoneSql } from '../../lib/time-zones';
import { CHILD_COLUMNS, CHILD_JOINS, childRefOf, type ChildColumns } from '../children/refs';
import type { Publisher } from '../../realtime/publisher';
import { publishUnread, recordNotification } from './service';

/** How long before the start the "starting soon" reminder goes out. */
export const SOON_MINUTES = 15;
/** The evening reminder's local time, the day before the session. */
export const EVENING_HOUR = '19:00';
/** After this long past 19:00 (i.e. by midnight) a missed evening reminder is no longer worth sending. */
const EVENING_WINDOW_HOURS = 5;

interface DueReminder extends ChildColumns {
  request_id: number;
  user_id: number;
  kind: 'soon' | 'evening';
  starts_at: Date;
  subject_ar: string | null;
  subject_en: string | null;
  other_name: string | null;
  for_family: boolean;
}

export interface ReminderRun {
  sent: number;
}

// Each approved request's two parties, with the other party's name and the subject.
const PARTIES = `
  FROM requests r
  CROSS JOIN LATERAL (VALUES (r.student_id, r.teacher_id), (r.teacher_id, r.student_id)) AS p(user_id, other_id)
  JOIN users u ON u.id = p.user_id
  LEFT JOIN users o ON o.id = p.other_id
  LEFT JOIN subjects s ON s.id = r.subject_id
  ${CHILD_JOINS}
  WHERE r.status = 'approved' AND p.user_id IS NOT NULL AND r.starts_at > $1 AND ($2::int IS NULL OR r.id = $2)`;
const FIELDS = `r.id AS request_id, p.user_id, r.starts_at, s.name_ar AS subject_ar, s.name_en AS subject_en,
  NULLIF(concat_ws(' ', o.first_name, o.second_name, o.last_name), '') AS other_name,
  r.child_id, ${CHILD_COLUMNS}, p.user_id = r.student_id AS for_family`;
// The user's zone, or NULL when the stored name is not one PostgreSQL can be trusted with: one such row
// must not fail the statement and with it everyone else's reminders.
const ZONE = usableZoneSql('u.time_zone');
// 19:00 on the local day before the start, as an instant (users.time_zone, an IANA name).
const EVENING_AT = `((((r.starts_at AT TIME ZONE ${ZONE})::date - 1) + time '${EVENING_HOUR}') AT TIME ZONE ${ZONE})`;

/**
 * One reminder per kind, request and start instant. Keys written before the start was part of them
 * (`reminder:kind:id`) are looked at too, so a reminder already sent for the same start is not sent again.
 */
const reminderKey = (kind: DueReminder['kind'], requestId: number, startsAt: Date) => `reminder:${kind}:${requestId}:${startsAt.getTime()}`;

/**
 * Finds the reminders due at `now` and sends those not sent yet; returns how many were new. `only`: one
 * request's (the test server's reminder hook, which runs them as of a moment before that lesson).
 */
export async function runReminders(
  db: Db,
  publisher: Publisher | undefined,
  now: Date,
  only?: { requestId: number },
): Promise<ReminderRun> {
  const requestId = only?.requestId ?? null;
  // Before the booking migration (0005) there is nothing to remind of.
  const table = await db.one<{ t: string | null }>(`SELECT to_regclass('requests')::text AS t`);
  if (!table?.t) return { sent: 0 };
  const due = await db.query<DueReminder>(
    `SELECT ${FIELDS}, 'soon' AS kind ${PARTIES}
        AND r.starts_at <= $1 + make_interval(mins => ${SOON_MINUTES})
     UNION ALL
     SELECT ${FIELDS}, 'evening' AS kind ${PARTIES}
        AND r.starts_at <= $1 + interval '2 days'
        AND $1 >= ${EVENING_AT} AND $1 < ${EVENING_AT} + make_interval(hours => ${EVENING_WINDOW_HOURS})
     ORDER BY request_id, user_id`,
    [now, requestId],
  );
  // A user whose zone is unusable has no "evening before": their row is skipped and reported.
  const unusable = await db.query<{ user_id: number; time_zone: string }>(
    `SELECT DISTINCT p.user_id, u.time_zone ${PARTIES} AND r.starts_at <= $1 + interval '2 days' AND ${ZONE} IS NULL`,
    [now, requestId],
  );
  for (const u of unusable) reportUnusableZone(u.user_id, u.time_zone, 'reminders');
  const notified = new Set<number>();
  let sent = 0;
  // Sent under the older key (request and kind only) for the start it still has: already reminded.
  const earlier = new Set(
    due.length === 0
      ? []
      : (
          await db.query<{ user_id: number; dedupe_key: string; starts_at: string | null }>(
            `SELECT user_id, dedupe_key, params->>'starts_at' AS starts_at FROM notifications
              WHERE dedupe_key = ANY($1::text[]) AND user_id = ANY($2::int[])`,
            [[...new Set(due.map((r) => `reminder:${r.kind}:${r.request_id}`))], [...new Set(due.map((r) => r.user_id))]],
          )
        ).map((n) => `${n.user_id} ${n.dedupe_key} ${n.starts_at === null ? '' : Date.parse(n.starts_at)}`),
  );
  for (const r of due) {
    if (earlier.has(`${r.user_id} reminder:${r.kind}:${r.request_id} ${r.starts_at.getTime()}`)) continue;
    const id = await recordNotification(db, {
      userId: r.user_id,
      type: r.kind === 'soon' ? 'session_reminder_soon' : 'session_reminder_evening',
      params: {
        request_id: r.request_id,
        starts_at: r.starts_at.toISOString(),
        ...(r.subject_ar ? { subject_ar: r.subject_ar } : {}),
        ...(r.subject_en ? { subject_en: r.subject_en } : {}),
        ...(r.other_name ? { other_name: r.other_name } : {}),
        child: childRefOf(r, r.for_family ? 'family' : 'teacher', 'ar'),
      },
      dedupeKey: reminderKey(r.kind, r.request_id, r.starts_at),
    });
    if (id === null) continue;
    sent++;
    notified.add(r.user_id);
  }
  for (const userId of notified) await publishUnread(db, publisher, userId);
  return { sent };
}
