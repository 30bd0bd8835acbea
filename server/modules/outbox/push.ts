// The Web Push channel: the `web-push` package encrypts the payload to each browser's key (aes128gcm)
// and signs the request with our VAPID key. One outbox row reaches all of a person's browsers; each one
// reached is recorded (push_deliveries), so a retry skips it; a resend after a crash between sending
// and recording carries the same Topic and tag, so it replaces the first. A push service that answers 404 or 410
// says the subscription is gone: it is removed. Any other failure (5xx, a timeout) leaves the message
// to be retried with the outbox's backoff.
import webpush from 'web-push';
import type { NotificationParams, NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db';
import type { Locale } from '../../i18n';
import { paramsForReader } from '../notifications/service';
import { PermanentFailure, type ChannelSender, type OutboxMessage } from './delivery';
import { pathOf } from './email';
import { renderShort } from './email-templates';

export interface VapidKeys {
  /** The application server key browsers subscribe with (base64url, uncompressed P-256 point). */
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our traffic: a mailto: or https: URL. */
  subject: string;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** How long to wait on a push service before counting the try as failed (and retrying later). */
  timeoutMs?: number;
}

/** What the service worker receives (public/sw.js reads these fields). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path the notification opens. */
  url: string;
  /** One notification per tag on screen: a newer one replaces it. */
  tag: string;
  lang: Locale;
  dir: 'rtl' | 'ltr';
}

/** Reminders lose their point after the lesson; everything else may wait a day for a browser to wake. */
const TTL_SECONDS: Partial<Record<NotificationType, number>> = { session_reminder_soon: 15 * 60, session_reminder_evening: 12 * 3600 };
const DEFAULT_TTL_SECONDS = 24 * 3600;

interface PushRow {
  locale: Locale;
  time_zone: string;
  type: NotificationType;
  params: NotificationParams;
}

interface SubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function createPushSender({ vapid, timeoutMs = 10_000 }: PushSenderOptions): ChannelSender {
  return {
    async send(message: OutboxMessage, db: Db) {
      const row = await db.one<PushRow>(
        `SELECT u.locale, u.time_zone, n.type, n.params
           FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE n.id = $1 AND u.id = $2`,
        [message.notificationId, message.userId],
      );
      if (!row) throw new PermanentFailure('no notification');
      const subscriptions = await db.query<SubscriptionRow>(
        `SELECT s.id, s.endpoint, s.p256dh, s.auth FROM push_subscriptions s
          WHERE s.user_id = $1
            AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.outbox_id = $2 AND d.subscription_id = s.id)
          ORDER BY s.id`,
        [message.userId, message.id],
      );
      const reached = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM push_deliveries WHERE outbox_id = $1', [message.id]);
      if (subscriptions.length === 0) {
        if ((reached?.n ?? 0) > 0) return;
        throw new PermanentFailure('no push subscription');
      }
      const params = await paramsForReader(db, message.userId, row.params, row.locale);
      const short = renderShort({ type: row.type, params, locale: row.locale, timeZone: row.time_zone });
      const payload: PushPayload = {
        ...short,
        url: pathOf(row.type, row.params),
        tag: `notification-${message.notificationId}`,
        lang: row.locale,
        dir: row.locale === 'ar' ? 'rtl' : 'ltr',
      };
      const body = JSON.stringify(payload);
      const errors: string[] = [];
      let gone = 0;
      for (const s of subscriptions) {
        // web-push encrypts and signs; the request itself goes out through fetch, with a deadline and
        // no redirects followed (a push service answers, it does not send us elsewhere).
        const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body, {
          vapidDetails: vapid,
          TTL: TTL_SECONDS[row.type] ?? DEFAULT_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          // The idempotency Web Push allows: a push service replaces a message it still holds with a newer
          // one of the same topic, so the resend after a crash between sending and recording is folded
          // into the first while the browser is away; the shown notification's tag folds it on screen.
          topic: `outbox${message.id}`,
          urgency: row.type === 'session_reminder_soon' || row.type === 'request_offered' ? 'high' : 'normal',
        });
        let status: number;
        try {
          const res = await fetch(request.endpoint, {
            method: 'POST',
            headers: request.headers,
            body: request.body ? new Uint8Array(request.body) : null,
            redirect: 'manual',
            signal: AbortSignal.timeout(timeoutMs),
          });
          await res.body?.cancel();
          status = res.status;
        } catch (err) {
          errors.push(err instanceof Error ? err.message : String(err));
          continue;
        }
        if (status >= 200 && status < 300) {
          await db.query('INSERT INTO push_deliveries (outbox_id, subscription_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            message.id,
            s.id,
          ]);
        } else if (status === 404 || status === 410) {
          // The browser unsubscribed or the subscription expired: never try it again.
          await db.query('DELETE FROM push_subscriptions WHERE id = $1', [s.id]);
          gone++;
        } else {
          errors.push(`push service answered ${status}`);
        }
      }
      if (errors.length > 0) throw new Error(errors.join('; '));
      if (gone === subscriptions.length && (reached?.n ?? 0) === 0) throw new PermanentFailure('every push subscription is gone');
    },
  };
}
