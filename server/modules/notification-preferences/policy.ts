// What the outbox does with a message at the moment it would deliver it, from the person's choices as
// they are then: send it, skip it (they turned that kind off on that channel), or hold it until their
// quiet hours end. Pure: the outbox reads the row, this decides (docs/decisions.md, "Preferences,
// quiet hours and unsubscribing").
import { Temporal } from 'temporal-polyfill';
import { ALWAYS_SENT, KIND_OF_TYPE } from '../../../contract/notification-preferences';
import type { NotificationType } from '../../../contract/notifications';

/** Channels that interrupt (a sound, a banner, a text): these wait for the end of quiet hours. E-mail does not. */
const INTERRUPTING: ReadonlySet<string> = new Set(['push', 'sms']);

export interface QuietWindow {
  enabled: boolean;
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/**
 * The instant the quiet hours around `now` end, in the person's zone; null when `now` is outside them.
 * A window whose start is after its end crosses midnight. The end is a wall-clock time resolved in the
 * zone by Temporal, so a daylight-saving change in between is counted (a gap moves the end later).
 */
export function quietUntil(now: Date, { enabled, startMinute, endMinute, timeZone }: QuietWindow): Date | null {
  if (!enabled || startMinute === endMinute) return null;
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  const minute = local.hour * 60 + local.minute;
  const crossesMidnight = startMinute > endMinute;
  const inside = crossesMidnight ? minute >= startMinute || minute < endMinute : minute >= startMinute && minute < endMinute;
  if (!inside) return null;
  const endDay = crossesMidnight && minute >= startMinute ? local.toPlainDate().add({ days: 1 }) : local.toPlainDate();
  const end = endDay.toZonedDateTime({
    timeZone,
    plainTime: new Temporal.PlainTime(Math.floor(endMinute / 60), endMinute % 60),
  });
  return new Date(end.epochMilliseconds);
}

export interface DeliveryFacts {
  channel: string;
  type: NotificationType;
  /** The lesson the notification is about, when it is about one. */
  startsAt: Date | null;
  /** Whether this kind of message is offered on this channel at all (SMS: reminders only). */
  offered: boolean;
  /** The person's choice for this kind on this channel (defaultChoice when they never changed it). */
  enabled: boolean;
  quiet: QuietWindow;
}

export type Verdict = { action: 'send' } | { action: 'skip' } | { action: 'hold'; until: Date };

/**
 * - A kind not offered on this channel (anything but a reminder by SMS) is skipped.
 * - A kind turned off on this channel is skipped, unless the notification is one that always goes out.
 * - On an interrupting channel inside quiet hours the message waits for their end, unless waiting would
 *   make it useless: the 15-minute reminder, and anything about a lesson that starts before the quiet
 *   hours end (a cancellation or a new time for an early lesson, a request a teacher must answer first).
 */
export function verdictFor({ channel, type, startsAt, offered, enabled, quiet }: DeliveryFacts, now: Date): Verdict {
  if (!offered) return { action: 'skip' };
  const chooseable = KIND_OF_TYPE[type] !== null && !ALWAYS_SENT.has(type);
  if (chooseable && !enabled) return { action: 'skip' };
  if (!INTERRUPTING.has(channel)) return { action: 'send' };
  const until = quietUntil(now, quiet);
  if (!until) return { action: 'send' };
  if (type === 'session_reminder_soon') return { action: 'send' };
  if (startsAt && startsAt.getTime() <= until.getTime()) return { action: 'send' };
  return { action: 'hold', until };
}
