// The e-mail channel: nodemailer over SMTP (SMTP_URL, MAIL_FROM). The message is rendered when it is
// sent, from the notification and the recipient as they are then (language, zone, address). Its
// Message-ID is derived from the outbox row, so the one duplicate a crash between sending and recording
// can cause carries the same id, which mail clients use to fold it away.
import nodemailer from 'nodemailer';
import type { NotificationParams, NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db';
import type { Locale } from '../../i18n';
import { ALWAYS_SENT, KIND_OF_TYPE } from '../../../contract/notification-preferences';
import { unsubscribeToken } from '../notification-preferences';
import { linkOf } from '../notifications/service';
import { PermanentFailure, type ChannelSender, type OutboxMessage } from './delivery';
import { renderEmail } from './email-templates';

export interface EmailSenderOptions {
  /** smtp://user:pass@host:port (smtps:// for TLS from the start). */
  smtpUrl: string;
  /** The From header, e.g. `Noor <no-reply@noor.example>`. */
  from: string;
  /** The site's public origin, for the links in the e-mails. */
  publicUrl: string;
  /** How long to wait on the SMTP server before counting the try as failed (and retrying later). */
  timeoutMs?: number;
}

interface MailRow {
  email: string | null;
  locale: Locale;
  time_zone: string;
  name: string;
  type: NotificationType;
  params: NotificationParams;
}

/** The app path a notification opens (the same targets as the in-app list). */
export function pathOf(type: NotificationType, params: NotificationParams): string {
  const link = linkOf(type, params);
  if (link.kind === 'request' && link.id !== null) return `/session-details/${link.id}`;
  if (link.kind === 'conversation') return link.id !== null ? `/messages/${link.id}` : '/messages';
  return `/${link.kind}`;
}

function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'noor.local';
}

export function createEmailSender({ smtpUrl, from, publicUrl, timeoutMs = 20_000 }: EmailSenderOptions): ChannelSender & { close(): void } {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const domain = domainOf(from);
  return {
    async send(message: OutboxMessage, db: Db) {
      const row = await db.one<MailRow>(
        `SELECT u.email, u.locale, u.time_zone, u.first_name AS name, n.type, n.params
           FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE n.id = $1 AND u.id = $2`,
        [message.notificationId, message.userId],
      );
      if (!row?.email) throw new PermanentFailure('no notification or no e-mail address');
      // Only e-mail a person may turn off carries the one-click unsubscribe (RFC 8058); a cancelled
      // lesson or a decision about a teacher's account always goes out, so offers no way to stop it.
      const kind = ALWAYS_SENT.has(row.type) ? null : KIND_OF_TYPE[row.type];
      const unsubscribe = kind
        ? new URL(`/unsubscribe?t=${encodeURIComponent(await unsubscribeToken(db, message.userId, kind))}`, publicUrl).toString()
        : undefined;
      const content = renderEmail({
        unsubscribe,
        type: row.type,
        params: row.params,
        locale: row.locale,
        timeZone: row.time_zone,
        recipientName: row.name,
        link: new URL(pathOf(row.type, row.params), publicUrl).toString(),
      });
      await transport.sendMail({
        from,
        to: row.email,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId: `<outbox-${message.id}@${domain}>`,
        headers: {
          'Content-Language': row.locale,
          'Auto-Submitted': 'auto-generated',
          ...(unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
        },
      });
    },
    close() {
      transport.close();
    },
  };
}
