// The SMS channel: lesson reminders (the evening before, 15 minutes before) texted through the same SMS
// adapter as the sign-in codes (server/adapters/sms.ts) to the account's phone, for people who turned
// them on. Each account (a family, or a teacher) may receive SMS_REMINDERS_PER_MONTH of them a calendar
// month (UTC): a reminder beyond that is not sent and is recorded as skipped with the reason, never
// retried. The sign-in codes' hourly anti-abuse budget is neither read nor spent here (docs/decisions.md,
// "SMS reminders, news and PATCH").
import { SMS_REMINDERS_PER_MONTH } from '../../../contract/notification-preferences';
import type { NotificationParams, NotificationType } from '../../../contract/notifications';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db';
import { tr, type Locale } from '../../i18n';
import { smsMonthOf } from '../notification-preferences/queries';
import { paramsForReader } from '../notifications/service';
import { SkipMessage, PermanentFailure, type ChannelSender, type OutboxMessage } from './delivery';
import { formatInstant } from '../../lib/time';

/** Separates this lock's keys from the other advisory locks (pg_advisory_xact_lock(int, int)). */
const BUDGET_LOCK_CLASS = 41_001;

export interface SmsChannelOptions {
  /** The SMS adapter the sign-in codes use. */
  sms: SmsSender;
  /** Reminders per account per month (tests give a small one). */
  perMonth?: number;
}

interface SmsRow {
  phone: string | null;
  locale: Locale;
  time_zone: string;
  type: NotificationType;
  params: NotificationParams;
}

/**
 * Takes one message from the account's monthly budget; false when it is spent. Serialised per account
 * (an advisory lock for the transaction), so two instances sending two of one family's reminders at
 * once cannot both take the last one; a message already charged (a retry) is not charged again.
 */
async function charge(db: Db, outboxId: number, userId: number, month: string, perMonth: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [BUDGET_LOCK_CLASS, userId]);
    if (await tx.one('SELECT 1 AS x FROM sms_charges WHERE outbox_id = $1', [outboxId])) return true;
    const used = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM sms_charges WHERE user_id = $1 AND month = $2::date', [
      userId,
      month,
    ]);
    if ((used?.n ?? 0) >= perMonth) return false;
    await tx.query('INSERT INTO sms_charges (outbox_id, user_id, month) VALUES ($1, $2, $3::date)', [outboxId, userId, month]);
    return true;
  });
}

/** The reminder's text in the recipient's language, the lesson's time in their zone. */
export function smsText(type: NotificationType, params: NotificationParams, locale: Locale, timeZone: string): string {
  const key = type === 'session_reminder_soon' ? 'sms_reminder_soon' : 'sms_reminder_evening';
  const subject = (locale === 'ar' ? params.subject_ar : params.subject_en) ?? params.subject_en ?? params.subject_ar ?? '';
  const time = params.starts_at ? formatInstant(params.starts_at, locale, timeZone, 'time') : '';
  return tr(key, locale)
    .replace('{subject}', subject)
    .replace('{other}', params.other_name ?? '')
    .replace('{time}', time);
}

export function createSmsSender({ sms, perMonth = SMS_REMINDERS_PER_MONTH }: SmsChannelOptions): ChannelSender {
  return {
    async send(message: OutboxMessage, db: Db, now: Date) {
      const row = await db.one<SmsRow>(
        `SELECT u.phone, u.locale, u.time_zone, n.type, n.params
           FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE n.id = $1 AND u.id = $2`,
        [message.notificationId, message.userId],
      );
      if (!row?.phone) throw new PermanentFailure('no notification or no phone');
      if (row.type !== 'session_reminder_soon' && row.type !== 'session_reminder_evening')
        throw new SkipMessage('SMS carries lesson reminders only');
      if (!(await charge(db, message.id, message.userId, smsMonthOf(now), perMonth)))
        throw new SkipMessage(`the monthly SMS budget of this account is spent (${perMonth})`);
      const params = await paramsForReader(db, message.userId, row.params, row.locale);
      await sms.send(row.phone, smsText(row.type, params, row.locale, row.time_zone));
    },
  };
}
