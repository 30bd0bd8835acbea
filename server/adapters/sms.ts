// The SMS port the one-time codes go out through, with two adapters: the development outbox (a log
// line and a row in sms_outbox, readable at GET /api/v1/dev/outbox outside production) and an HTTP
// gateway stub for production that posts to SMS_URL and fails fast.
import type { Queryable } from '../db';
import type { Logger } from '../logger';

export interface SmsSender {
  /** Sends `text` to an E.164 phone; rejects when the message could not be handed over. */
  send(phone: string, text: string): Promise<void>;
}

export interface OutboxMessage {
  id: number;
  phone: string;
  text: string;
  created_at: string;
}

/** How long the outbox keeps a message: a code is void after minutes, the row is for reading it meanwhile. */
export const SMS_OUTBOX_KEEP_HOURS = 24;

/**
 * Keeps each message in the database for a day and logs it (older rows go with each new one). In
 * production neither the row nor the log holds the text's digits: a stored or logged code would be a
 * usable one, and there nobody reads the outbox (it stands in for a missing SMS gateway).
 */
export function createOutboxSms({ db, log, production }: { db: Queryable; log: Logger; production: boolean }): SmsSender {
  return {
    async send(phone, text) {
      await db.query(`DELETE FROM sms_outbox WHERE created_at < now() - make_interval(hours => $1)`, [SMS_OUTBOX_KEEP_HOURS]);
      await db.query('INSERT INTO sms_outbox (phone, body) VALUES ($1, $2)', [
        phone,
        production ? text.replace(/[0-9\u0660-\u0669]/g, '•') : text,
      ]);
      log.info('sms outbox', production ? { phone } : { phone, text });
    },
  };
}

/** The newest messages to one phone first (the dev outbox endpoint). */
export async function readOutbox(db: Queryable, phone: string, limit = 20): Promise<OutboxMessage[]> {
  const rows = await db.query<{ id: number; phone: string; body: string; created_at: Date }>(
    'SELECT id, phone, body, created_at FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT $2',
    [phone, limit],
  );
  return rows.map((r) => ({ id: r.id, phone: r.phone, text: r.body, created_at: r.created_at.toISOString() }));
}

export interface HttpSmsOptions {
  /** The gateway endpoint; it receives `POST {to, text}` as JSON. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /** A code is useless after a few minutes and the caller waits on it: give up quickly. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export function createHttpSms({ url, token, timeoutMs = 5000, fetch: doFetch = globalThis.fetch }: HttpSmsOptions): SmsSender {
  return {
    async send(phone, text) {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: phone, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
