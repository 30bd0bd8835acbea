// Configuration of the messages that leave the system: SMTP_URL and MAIL_FROM for e-mail, PUBLIC_URL
// for the links in them, OUTBOX_EVERY_MS for how often each instance delivers what is due.
import { nonEmpty } from './config-env';
import type { EmailSenderOptions } from './modules/outbox/email';

export interface OutboxConfig {
  /** Unset: no e-mail is sent (messages stay queued until SMTP is configured). */
  email: EmailSenderOptions | undefined;
  everyMs: number;
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
  if (!Number.isInteger(everyMs) || everyMs < 0) throw new Error(`OUTBOX_EVERY_MS must be a whole number of milliseconds, got "${rawEvery}"`);
  return { email: smtpUrl ? { smtpUrl, from, publicUrl } : undefined, everyMs };
}
