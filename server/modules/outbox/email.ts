// The e-mail channel: nodemailer over SMTP (SMTP_URL, MAIL_FROM). The message is rendered when it is
// sent, from the notification and the recipient as they are then (language, zone, address). Its
// Message-ID is derived from the outbox row, so the one duplicate a crash between sending and recording
// can cause carries the same id, which mail clients use to fold it away. Nothing goes to an address
// that is not verified when the mail is sent (it may have changed since the message was queued); the
// mail that verifies an address goes to it, for as long as its code counts. In development without
// SMTP the same mails are written to the development outbox instead (createDevMailSender).
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { NotificationParams, NotificationType } from '../../../contract/notifications';
import type { Db, Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { pickName } from '../../lib/latin-names';
import { ALWAYS_SENT, KIND_OF_TYPE } from '../../../contract/notification-preferences';
import { unsubscribeToken } from '../notification-preferences';
import { linkOf, paramsForReader } from '../notifications/service';
import { verificationMailOf } from '../profile-email/mail';
import { PermanentFailure, SkipMessage, type ChannelSender, type OutboxMessage } from './delivery';
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
  verified: boolean;
  locale: Locale;
  time_zone: string;
  name: string;
  /** A teacher's name in Latin letters: an English reader is greeted by its first word. */
  latin_name: string | null;
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

/** What one outbox message says, to whom, as of now; throws SkipMessage or PermanentFailure when it must not go. */
async function composeMail(message: OutboxMessage, db: Db, publicUrl: string, domain: string): Promise<SendMailOptions> {
  if (message.otpId !== null) {
    const mail = await verificationMailOf(db, message.otpId, message.userId, publicUrl, new Date());
    if (!mail) throw new SkipMessage('the code no longer counts');
    return {
      to: mail.to,
      subject: mail.content.subject,
      text: mail.content.text,
      html: mail.content.html,
      messageId: `<outbox-${message.id}@${domain}>`,
      headers: { 'Content-Language': mail.locale, 'Auto-Submitted': 'auto-generated' },
    };
  }
  const row = await db.one<MailRow>(
    `SELECT u.email, (u.email_verified_at IS NOT NULL OR u.type = 'instructor') AS verified, u.locale, u.time_zone,
            u.first_name AS name, u.latin_name, n.type, n.params
       FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE n.id = $1 AND u.id = $2`,
    [message.notificationId, message.userId],
  );
  if (!row?.email) throw new PermanentFailure('no notification or no e-mail address');
  if (!row.verified) throw new SkipMessage('the e-mail address is not verified');
  // Only e-mail a person may turn off carries the one-click unsubscribe (RFC 8058); a cancelled
  // lesson or a decision about a teacher's account always goes out, so offers no way to stop it.
  const kind = ALWAYS_SENT.has(row.type) ? null : KIND_OF_TYPE[row.type];
  const unsubscribe = kind
    ? new URL(`/unsubscribe?t=${encodeURIComponent(await unsubscribeToken(db, message.userId, kind))}`, publicUrl).toString()
    : undefined;
  const content = renderEmail({
    unsubscribe,
    type: row.type,
    params: await paramsForReader(db, message.userId, row.params, row.locale),
    locale: row.locale,
    timeZone: row.time_zone,
    recipientName: pickName(row.locale, { first_name: row.name, last_name: '' }, row.latin_name).first_name,
    link: new URL(pathOf(row.type, row.params), publicUrl).toString(),
  });
  return {
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
  };
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
      await transport.sendMail({ from, ...(await composeMail(message, db, publicUrl, domain)) });
    },
    close() {
      transport.close();
    },
  };
}

/** How long the development outbox keeps a mail (like its texted codes). */
const DEV_MAIL_KEEP_HOURS = 24;

/**
 * Development without SMTP_URL: each mail is written to the development outbox (GET v1/dev/outbox?email=,
 * beside the texted codes) as its subject and plain-text part, instead of waiting for an SMTP server.
 */
export function createDevMailSender({ publicUrl }: { publicUrl: string }): ChannelSender & { close(): void } {
  return {
    async send(message: OutboxMessage, db: Db) {
      const mail = await composeMail(message, db, publicUrl, 'noor.local');
      await db.query(`DELETE FROM dev_mail_outbox WHERE created_at < now() - make_interval(hours => $1)`, [DEV_MAIL_KEEP_HOURS]);
      await db.query('INSERT INTO dev_mail_outbox (address, subject, body) VALUES ($1, $2, $3)', [
        String(mail.to),
        String(mail.subject),
        String(mail.text),
      ]);
    },
    close() {},
  };
}

export interface DevMail {
  id: number;
  email: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The newest mails to one address first (the development outbox endpoint). */
export async function readDevMail(db: Queryable, address: string, limit = 20): Promise<DevMail[]> {
  const rows = await db.query<{ id: number; address: string; subject: string; body: string; created_at: Date }>(
    'SELECT id, address, subject, body, created_at FROM dev_mail_outbox WHERE lower(address) = lower($1) ORDER BY id DESC LIMIT $2',
    [address, limit],
  );
  return rows.map((r) => ({ id: r.id, email: r.address, subject: r.subject, text: r.body, created_at: r.created_at.toISOString() }));
}
