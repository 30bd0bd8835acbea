// Reading and writing a person's notification preferences (a row for each choice the person made; the
// rest are defaultChoice), and the facts the outbox needs to apply them to one message.
import {
  CHANNELS_OF_KIND,
  KIND_OF_TYPE,
  NOTIFICATION_KINDS,
  SMS_REMINDERS_PER_MONTH,
  defaultChoice,
  hhmmOf,
  minutesOf,
  type NotificationKind,
  type NotificationPreferences,
  type PreferenceChannel,
  type PreferencesPatch,
} from '../../../contract/notification-preferences';
import type { NotificationParams, NotificationType } from '../../../contract/notifications';
import { isTimeZone } from '../../../contract/time-zones';
import type { Queryable } from '../../db';
import type { DeliveryFacts } from './policy';

interface PersonRow {
  time_zone: string;
  quiet_hours_enabled: boolean;
  quiet_start_minute: number;
  quiet_end_minute: number;
  email_ok: boolean;
  push_ok: boolean;
  sms_ok: boolean;
  sms_used: number;
}

/** The first day of `now`'s calendar month in UTC, the period of the SMS reminders budget. */
export function smsMonthOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export async function preferencesOf(q: Queryable, userId: number, now: Date): Promise<NotificationPreferences | null> {
  const person = await q.one<PersonRow>(
    `SELECT u.time_zone, u.quiet_hours_enabled, u.quiet_start_minute, u.quiet_end_minute,
            (u.email IS NOT NULL AND (u.email_verified_at IS NOT NULL OR u.type = 'instructor')) AS email_ok,
            EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id) AS push_ok,
            (u.phone IS NOT NULL) AS sms_ok,
            (SELECT count(*)::int FROM sms_charges c WHERE c.user_id = u.id AND c.month = $2::date) AS sms_used
       FROM users u WHERE u.id = $1`,
    [userId, smsMonthOf(now)],
  );
  if (!person) return null;
  const rows = await q.query<{ kind: NotificationKind; channel: PreferenceChannel; enabled: boolean }>(
    `SELECT kind, channel, enabled FROM notification_preferences WHERE user_id = $1`,
    [userId],
  );
  const cells = Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, Object.fromEntries(CHANNELS_OF_KIND[k].map((c) => [c, defaultChoice(k, c)]))]),
  ) as Record<NotificationKind, Partial<Record<PreferenceChannel, boolean>>>;
  for (const r of rows) if (CHANNELS_OF_KIND[r.kind].includes(r.channel)) cells[r.kind][r.channel] = r.enabled;
  const kinds = cells as NotificationPreferences['kinds'];
  return {
    kinds,
    quiet_hours: {
      enabled: person.quiet_hours_enabled,
      start: hhmmOf(person.quiet_start_minute),
      end: hhmmOf(person.quiet_end_minute),
    },
    reachable: { email: person.email_ok, push: person.push_ok, sms: person.sms_ok },
    sms_month: { used: person.sms_used, limit: SMS_REMINDERS_PER_MONTH },
    time_zone: person.time_zone,
  };
}

/**
 * Saves the cells and quiet-hour fields given, leaving the rest as they are (PUT gives them all but the
 * optional cells, PATCH what it names). Quiet hours are checked whole, after merging with what is
 * stored: false when start and end would be the same time (nothing is saved; the caller runs this in a
 * transaction and answers 400).
 */
export async function savePreferences(q: Queryable, userId: number, input: PreferencesPatch, now: Date): Promise<boolean> {
  const quiet = input.quiet_hours ?? {};
  if (quiet.enabled !== undefined || quiet.start !== undefined || quiet.end !== undefined) {
    const stored = await q.one<{ quiet_hours_enabled: boolean; quiet_start_minute: number; quiet_end_minute: number }>(
      'SELECT quiet_hours_enabled, quiet_start_minute, quiet_end_minute FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!stored) return true;
    const start = quiet.start !== undefined ? minutesOf(quiet.start) : stored.quiet_start_minute;
    const end = quiet.end !== undefined ? minutesOf(quiet.end) : stored.quiet_end_minute;
    if (start === end) return false;
    await q.query(
      `UPDATE users SET quiet_hours_enabled = $2, quiet_start_minute = $3, quiet_end_minute = $4, updated_at = $5 WHERE id = $1`,
      [userId, quiet.enabled ?? stored.quiet_hours_enabled, start, end, now],
    );
  }
  for (const kind of NOTIFICATION_KINDS) {
    const given: Partial<Record<PreferenceChannel, boolean | undefined>> | undefined = input.kinds?.[kind];
    for (const channel of CHANNELS_OF_KIND[kind]) {
      const enabled = given?.[channel];
      if (enabled !== undefined) await setChoice(q, userId, kind, channel, enabled, now);
    }
  }
  return true;
}

export async function setChoice(
  q: Queryable,
  userId: number,
  kind: NotificationKind,
  channel: PreferenceChannel,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO notification_preferences (user_id, kind, channel, enabled, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, kind, channel) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
    [userId, kind, channel, enabled, now],
  );
}

interface FactsRow {
  type: NotificationType;
  params: NotificationParams;
  /** This person's choices on the message's channel, by kind (only those changed from the default). */
  choices: Partial<Record<NotificationKind, boolean>> | null;
  time_zone: string;
  quiet_hours_enabled: boolean;
  quiet_start_minute: number;
  quiet_end_minute: number;
}

/** What the policy needs about one outbox message; null when its notification is gone. */
export async function deliveryFactsOf(
  q: Queryable,
  message: { channel: string; userId: number; notificationId: number | null },
): Promise<DeliveryFacts | null> {
  if (message.notificationId === null) return null;
  const row = await q.one<FactsRow>(
    `SELECT n.type, n.params, u.time_zone, u.quiet_hours_enabled, u.quiet_start_minute, u.quiet_end_minute,
            (SELECT json_object_agg(p.kind, p.enabled) FROM notification_preferences p
              WHERE p.user_id = u.id AND p.channel = $3) AS choices
       FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE n.id = $1 AND u.id = $2`,
    [message.notificationId, message.userId, message.channel],
  );
  if (!row) return null;
  const kind = KIND_OF_TYPE[row.type];
  const channel = message.channel as PreferenceChannel;
  const startsAt = row.params.starts_at ? new Date(row.params.starts_at) : null;
  return {
    channel: message.channel,
    type: row.type,
    startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt : null,
    // SMS carries reminders only: any other kind, or a message about the account itself, is not offered there.
    offered: kind === null ? channel !== 'sms' : CHANNELS_OF_KIND[kind].includes(channel),
    enabled: kind === null ? true : (row.choices?.[kind] ?? defaultChoice(kind, channel)),
    quiet: {
      // A stored zone outside the accepted list cannot be read: no quiet hours rather than a failed run.
      enabled: row.quiet_hours_enabled && isTimeZone(row.time_zone),
      startMinute: row.quiet_start_minute,
      endMinute: row.quiet_end_minute,
      timeZone: row.time_zone,
    },
  };
}
