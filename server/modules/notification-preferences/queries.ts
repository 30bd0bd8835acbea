// Reading and writing a person's notification preferences (rows only for choices that differ from the
// default, which is "on"), and the facts the outbox needs to apply them to one message.
import {
  KIND_OF_TYPE,
  NOTIFICATION_KINDS,
  PREFERENCE_CHANNELS,
  hhmmOf,
  minutesOf,
  type NotificationKind,
  type NotificationPreferences,
  type PreferenceChannel,
  type PreferencesInput,
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
}

export async function preferencesOf(q: Queryable, userId: number): Promise<NotificationPreferences | null> {
  const person = await q.one<PersonRow>(
    `SELECT u.time_zone, u.quiet_hours_enabled, u.quiet_start_minute, u.quiet_end_minute,
            (u.email IS NOT NULL AND (u.email_verified_at IS NOT NULL OR u.type = 'instructor')) AS email_ok,
            EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id) AS push_ok
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!person) return null;
  const rows = await q.query<{ kind: NotificationKind; channel: PreferenceChannel; enabled: boolean }>(
    `SELECT kind, channel, enabled FROM notification_preferences WHERE user_id = $1 AND channel = ANY($2::text[])`,
    [userId, PREFERENCE_CHANNELS],
  );
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { email: true, push: true }])) as NotificationPreferences['kinds'];
  for (const r of rows) kinds[r.kind][r.channel] = r.enabled;
  return {
    kinds,
    quiet_hours: {
      enabled: person.quiet_hours_enabled,
      start: hhmmOf(person.quiet_start_minute),
      end: hhmmOf(person.quiet_end_minute),
    },
    reachable: { email: person.email_ok, push: person.push_ok },
    time_zone: person.time_zone,
  };
}

/** Replaces every choice and the quiet hours (the caller runs it in a transaction). */
export async function savePreferences(q: Queryable, userId: number, input: PreferencesInput, now: Date): Promise<void> {
  for (const kind of NOTIFICATION_KINDS) {
    for (const channel of PREFERENCE_CHANNELS) await setChoice(q, userId, kind, channel, input.kinds[kind][channel], now);
  }
  await q.query(
    `UPDATE users SET quiet_hours_enabled = $2, quiet_start_minute = $3, quiet_end_minute = $4, updated_at = $5 WHERE id = $1`,
    [userId, input.quiet_hours.enabled, minutesOf(input.quiet_hours.start), minutesOf(input.quiet_hours.end), now],
  );
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
  const startsAt = row.params.starts_at ? new Date(row.params.starts_at) : null;
  return {
    channel: message.channel,
    type: row.type,
    startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt : null,
    enabled: kind === null ? true : (row.choices?.[kind] ?? true),
    quiet: {
      // A stored zone outside the accepted list cannot be read: no quiet hours rather than a failed run.
      enabled: row.quiet_hours_enabled && isTimeZone(row.time_zone),
      startMinute: row.quiet_start_minute,
      endMinute: row.quiet_end_minute,
      timeZone: row.time_zone,
    },
  };
}
