// Configuration of the messages that leave the system: SMTP_URL and MAIL_FROM for e-mail, PUBLIC_URL
// for the links in them, OUTBOX_EVERY_MS for how often each instance delivers what is due,
// OUTBOX_LEASE_MS for how long a claimed message is left to the instance that claimed it (default two
// minutes; it must outlast every channel's send timeout), SMS_REMINDERS (on unless "off") for lesson
// reminders by SMS through the sign-in codes' SMS adapter, and the
// VAPID keys of Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT; generated into the data
// folder in development, see ensureVapidKeys).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { nonEmpty } from './config-env';
import type { EmailSenderOptions } from './modules/outbox/email';
import type { VapidKeys } from './modules/outbox/push';

export interface OutboxConfig {
  /** Unset: no e-mail is sent (messages stay queued until SMTP is configured). */
  email: EmailSenderOptions | undefined;
  /** Unset: push is off (no browser can subscribe, and no push message is queued). */
  push: VapidKeys | undefined;
  everyMs: number;
  /** Unset: the runner's default (LEASE_MS). */
  leaseMs?: number | undefined;
  /** Lesson reminders by SMS (to those who turned them on). */
  sms: boolean;
  /** Development without SMTP: mails go to the development outbox, with links to this origin. */
  devMail?: { publicUrl: string } | undefined;
}

const VAPID_FILE = 'vapid.json';

/** The contact push services may write to about our traffic: VAPID_SUBJECT, else the From address. */
function vapidSubject(env: NodeJS.ProcessEnv, from: string): string {
  const subject = nonEmpty(env.VAPID_SUBJECT) ?? `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from}`;
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https:// URL, got "${subject}"`);
  return subject;
}

export function loadOutboxConfig(env: NodeJS.ProcessEnv = process.env): OutboxConfig {
  const smtpUrl = nonEmpty(env.SMTP_URL);
  const from = nonEmpty(env.MAIL_FROM) ?? 'Noor <no-reply@noor.local>';
  const publicUrl = nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${nonEmpty(env.PORT) ?? '3000'}`;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`);
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const rawEvery = nonEmpty(env.OUTBOX_EVERY_MS);
  const everyMs = rawEvery === undefined ? 5_000 : Number(rawEvery);
  if (!Number.isInteger(everyMs) || everyMs < 0)
    throw new Error(`OUTBOX_EVERY_MS must be a whole number of milliseconds, got "${rawEvery}"`);
  const rawLease = nonEmpty(env.OUTBOX_LEASE_MS);
  const leaseMs = rawLease === undefined ? undefined : Number(rawLease);
  if (leaseMs !== undefined && (!Number.isInteger(leaseMs) || leaseMs < 1000))
    throw new Error(`OUTBOX_LEASE_MS must be a whole number of milliseconds, at least 1000, got "${rawLease}"`);
  const sms = nonEmpty(env.SMS_REMINDERS) !== 'off';
  const publicKey = nonEmpty(env.VAPID_PUBLIC_KEY);
  const privateKey = nonEmpty(env.VAPID_PRIVATE_KEY);
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  const push = publicKey && privateKey ? { publicKey, privateKey, subject: vapidSubject(env, from) } : undefined;
  return { email: smtpUrl ? { smtpUrl, from, publicUrl } : undefined, push, everyMs, leaseMs, sms };
}

/** Outside production, without SMTP_URL, the mails are shown in the development outbox instead. */
export function withDevMail(outbox: OutboxConfig, devTools: boolean, env: NodeJS.ProcessEnv = process.env): OutboxConfig {
  if (outbox.email || !devTools) return outbox;
  return { ...outbox, devMail: { publicUrl: nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${nonEmpty(env.PORT) ?? '3000'}` } };
}

/**
 * Development: VAPID keys kept in DATA_DIR/vapid.json, made on the first start (told once, through
 * `onCreated`, with the lines to put in the environment of a real deployment). Every instance of a
 * deployment must sign with the same key, so production takes them from the environment only.
 */
export function ensureVapidKeys(dataDir: string, subject: string, onCreated?: (keys: VapidKeys) => void): VapidKeys {
  const file = path.join(dataDir, VAPID_FILE);
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string')
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  } catch {
    // first start, or an unreadable file: make new keys (browsers subscribed with the old ones subscribe again)
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600 });
  const keys = { ...made, subject };
  onCreated?.(keys);
  return keys;
}

/** The VAPID subject used with generated keys (no MAIL_FROM needed in development). */
export function devVapidSubject(env: NodeJS.ProcessEnv = process.env): string {
  return vapidSubject(env, nonEmpty(env.MAIL_FROM) ?? 'Noor <no-reply@noor.local>');
}
