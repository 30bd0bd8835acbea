// How each person chooses to be told outside the app: per kind of notification (grouped as a person
// thinks of them) and per channel, plus quiet hours in their own zone.
//
//   GET   v1/profile/notification-preferences                      → { message, data: NotificationPreferences }
//   PUT   v1/profile/notification-preferences  PreferencesInput      → { message, data: NotificationPreferences }
//   PATCH v1/profile/notification-preferences  PreferencesPatch      → { message, data: NotificationPreferences }
//
// PUT replaces every choice (the cells added later, reminders by SMS and news, may be left out: they
// keep their value); PATCH changes only the cells and quiet-hour fields it names.
// Defaults: every kind on every channel it is offered on, except the two a person must ask for (SMS
// reminders: each one costs money; news: offers nobody asked for); quiet hours off (21:00–07:00 when
// turned on).
// Some notifications must arrive whatever the choices (ALWAYS_SENT): a cancelled lesson, decisions
// about a teacher's account. The in-app list always shows everything.
import { z } from 'zod';
import type { NotificationType } from './notifications';
import { envelopeSchema } from './envelope';
import { validationKeys } from './validation';

export const NOTIFICATION_KINDS = ['reminders', 'bookings', 'messages', 'payments', 'news'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Channels a person chooses for. */
export const PREFERENCE_CHANNELS = ['email', 'push', 'sms'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/** The channels each kind is offered on: SMS carries reminders only; news (product news, offers) e-mail only. */
export const CHANNELS_OF_KIND: Record<NotificationKind, readonly PreferenceChannel[]> = {
  reminders: ['email', 'push', 'sms'],
  bookings: ['email', 'push'],
  messages: ['email', 'push'],
  payments: ['email', 'push'],
  news: ['email'],
};

/** A person's choice for a kind on a channel they never changed: off only where they must opt in. */
export function defaultChoice(kind: NotificationKind, channel: PreferenceChannel): boolean {
  return !((kind === 'reminders' && channel === 'sms') || kind === 'news');
}

/** Reminders by SMS a family (or a teacher) may receive in a calendar month (UTC); beyond, they are not sent. */
export const SMS_REMINDERS_PER_MONTH = 30;

/** The kind each notification belongs to; null: about the account itself, always sent. */
export const KIND_OF_TYPE: Record<NotificationType, NotificationKind | null> = {
  session_reminder_soon: 'reminders',
  session_reminder_evening: 'reminders',
  request_offered: 'bookings',
  request_approved: 'bookings',
  request_rejected: 'bookings',
  request_canceled: 'bookings',
  request_expired: 'bookings',
  request_rescheduled: 'bookings',
  lesson_report_written: 'bookings',
  session_finished: 'bookings',
  message_received: 'messages',
  payment_completed: 'payments',
  payment_failed: 'payments',
  payment_refunded: 'payments',
  teacher_approved: null,
  teacher_rejected: null,
  teacher_suspended: null,
};

/** Sent on every channel the person has, whatever they chose: missing one costs a lesson or a living. */
export const ALWAYS_SENT: ReadonlySet<NotificationType> = new Set<NotificationType>([
  'request_canceled',
  'teacher_approved',
  'teacher_rejected',
  'teacher_suspended',
]);

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const timeOfDay = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? validationKeys.required : validationKeys.invalid) })
  .regex(HHMM, { error: validationKeys.invalid });

const bool = z.boolean({
  error: (issue) => (issue.input === undefined || issue.input === null ? validationKeys.required : validationKeys.invalid),
});
const channelsSchema = z.object({ email: bool, push: bool });
const remindersSchema = channelsSchema.extend({ sms: bool });
const newsSchema = z.object({ email: bool });

export const quietHoursSchema = z.object({
  enabled: bool,
  /** "HH:MM", 24-hour, in the person's own zone; start after end means the hours cross midnight. */
  start: timeOfDay,
  end: timeOfDay,
});

export const preferencesInputSchema = z.object({
  kinds: z.object({
    reminders: channelsSchema.extend({ sms: bool.optional() }),
    bookings: channelsSchema,
    messages: channelsSchema,
    payments: channelsSchema,
    news: newsSchema.optional(),
  }),
  quiet_hours: quietHoursSchema.refine((q) => q.start !== q.end, { error: validationKeys.invalid, path: ['end'] }),
});
export type PreferencesInput = z.infer<typeof preferencesInputSchema>;

/** Only what is named changes; a cell a kind is not offered on (news by push) is refused, as is any unknown field. */
const maybe = bool.optional();
const pairPatch = z.strictObject({ email: maybe, push: maybe }).optional();
export const preferencesPatchSchema = z.strictObject({
  kinds: z
    .strictObject({
      reminders: z.strictObject({ email: maybe, push: maybe, sms: maybe }).optional(),
      bookings: pairPatch,
      messages: pairPatch,
      payments: pairPatch,
      news: z.strictObject({ email: maybe }).optional(),
    })
    .optional(),
  quiet_hours: z.strictObject({ enabled: maybe, start: timeOfDay.optional(), end: timeOfDay.optional() }).optional(),
});
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

export const notificationPreferencesSchema = z.object({
  kinds: z.object({
    reminders: remindersSchema,
    bookings: channelsSchema,
    messages: channelsSchema,
    payments: channelsSchema,
    news: newsSchema,
  }),
  quiet_hours: quietHoursSchema,
  /** Where the person can be reached now: a verified e-mail address, a browser with notifications on, a phone. */
  reachable: remindersSchema,
  /** Reminders texted this calendar month (UTC) and the monthly limit. */
  sms_month: z.object({ used: z.number().int(), limit: z.number().int() }),
  /** The zone quiet hours are read in (the profile's). */
  time_zone: z.string(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesResponseSchema = envelopeSchema(notificationPreferencesSchema);

/** Minutes after midnight of "HH:MM". */
export function minutesOf(hhmm: string): number {
  const m = HHMM.exec(hhmm);
  if (!m) throw new Error(`not a time of day: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** "HH:MM" of minutes after midnight. */
export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
