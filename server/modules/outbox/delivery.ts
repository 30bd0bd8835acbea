// The outbox runner: claims due messages with FOR UPDATE SKIP LOCKED (so N instances never take the same
// row), sends each through its channel, then records the outcome. A claim is a lease: a runner that
// dies between sending and recording loses it when locked_until passes, and the next run sends again —
// a duplicate at most, never a lost message. A failed send waits (exponential backoff) and is retried;
// after MAX_ATTEMPTS the row is 'failed', for an operator to see. A channel that answers "this address
// is gone" (PermanentFailure) fails at once, without retries. Before sending, the person's choices as
// they are now are applied (notification-preferences/policy.ts): a kind they turned off on that channel
// is 'skipped'; a push inside their quiet hours goes back to the queue until the hours end, without
// counting as a try. A sender may also decide not to send (SkipMessage: an unverified address, an SMS beyond the
// account's monthly budget): the row is 'skipped' with the reason, never retried. Nothing here runs inside a user's request.
import type { Db } from '../../db';
import type { Logger } from '../../logger';
import { verdictFor } from '../notification-preferences/policy';
import { deliveryFactsOf } from '../notification-preferences/queries';

export const CHANNELS = ['email', 'push', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A claimed message, as its channel's sender sees it. */
export interface OutboxMessage {
  id: number;
  channel: Channel;
  userId: number;
  notificationId: number | null;
  /** An e-mail that carries an address-verification code (no notification behind it). */
  otpId: number | null;
  attempts: number;
}

/** One channel's sender: resolves when the message was handed over; throws to retry later. */
export interface ChannelSender {
  /** `now` is the runner's clock (the month an SMS is charged to). */
  send(message: OutboxMessage, db: Db, now: Date): Promise<void>;
}

/** Thrown by a sender when retrying can never help (the address is gone): the row fails at once. */
export class PermanentFailure extends Error {}

/**
 * Thrown by a sender when the message must not go at all (an unverified address, a void code, an SMS
 * beyond the monthly budget): 'skipped', with the reason, never retried.
 */
export class SkipMessage extends Error {}

/** Tries per message, the first included. */
export const MAX_ATTEMPTS = 6;
/** How long a claim holds before another runner may take the message over. */
export const LEASE_MS = 2 * 60_000;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** The wait before try n+1 after n failed tries: 30 s, 1 min, 2 min … capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxOutcome {
  channel: Channel;
  outcome: 'sent' | 'retry' | 'failed' | 'skipped' | 'held';
}

export interface RunOutboxOptions {
  senders: Partial<Record<Channel, ChannelSender>>;
  now: Date;
  log?: Logger | undefined;
  /** At most this many messages per run. */
  batch?: number;
  /** Told of each outcome (metrics). */
  onOutcome?: (o: OutboxOutcome) => void;
  /** How long a claim holds (default LEASE_MS; OUTBOX_LEASE_MS). Longer than any channel's send timeout. */
  leaseMs?: number;
}

interface ClaimedRow {
  id: number;
  channel: Channel;
  user_id: number;
  notification_id: number | null;
  otp_id: number | null;
  attempts: number;
}

/** Claims due messages of the channels that have a sender; each claim lasts LEASE_MS. */
async function claim(db: Db, channels: Channel[], now: Date, batch: number, leaseMs: number): Promise<ClaimedRow[]> {
  return db.transaction((tx) =>
    tx.query<ClaimedRow>(
      `UPDATE outbox o SET status = 'sending', attempts = o.attempts + 1, locked_until = $2::timestamptz + make_interval(secs => $3)
        WHERE o.id IN (
          SELECT id FROM outbox
           WHERE channel = ANY($1::text[])
             AND ((status = 'queued' AND next_attempt_at <= $2) OR (status = 'sending' AND locked_until <= $2))
           ORDER BY next_attempt_at, id
           LIMIT $4
           FOR UPDATE SKIP LOCKED)
        RETURNING o.id::int AS id, o.channel, o.user_id, o.notification_id, o.otp_id, o.attempts`,
      [channels, now, leaseMs / 1000, batch],
    ),
  );
}

/** Delivers what is due at `now`; returns how many were sent. */
export async function runOutbox(
  db: Db,
  { senders, now, log, batch = 50, onOutcome, leaseMs = LEASE_MS }: RunOutboxOptions,
): Promise<number> {
  const channels = CHANNELS.filter((c) => senders[c]);
  if (channels.length === 0) return 0;
  // UPDATE … RETURNING gives no order: oldest first, so a budget running out stops the later messages.
  const rows = (await claim(db, channels, now, batch, leaseMs)).sort((a, b) => a.id - b.id);
  let sent = 0;
  for (const row of rows) {
    const sender = senders[row.channel]!;
    const message: OutboxMessage = {
      id: row.id,
      channel: row.channel,
      userId: row.user_id,
      notificationId: row.notification_id,
      otpId: row.otp_id,
      attempts: row.attempts,
    };
    const facts = await deliveryFactsOf(db, message);
    const verdict = facts ? verdictFor(facts, now) : ({ action: 'send' } as const);
    if (verdict.action === 'skip') {
      await db.query(
        `UPDATE outbox SET status = 'skipped', locked_until = NULL, last_error = 'turned off by the recipient'
          WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
        [row.id, row.attempts],
      );
      onOutcome?.({ channel: row.channel, outcome: 'skipped' });
      continue;
    }
    if (verdict.action === 'hold') {
      // Waiting for the morning is not a failed try: the claim's attempt is given back.
      await db.query(
        `UPDATE outbox SET status = 'queued', attempts = attempts - 1, next_attempt_at = $3, locked_until = NULL
          WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
        [row.id, row.attempts, verdict.until],
      );
      onOutcome?.({ channel: row.channel, outcome: 'held' });
      continue;
    }
    try {
      await sender.send(message, db, now);
      // Fenced by the attempt number: a runner whose lease was taken over records nothing.
      await db.query(
        `UPDATE outbox SET status = 'sent', sent_at = $3, locked_until = NULL, last_error = NULL WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
        [row.id, row.attempts, now],
      );
      sent++;
      onOutcome?.({ channel: row.channel, outcome: 'sent' });
    } catch (err) {
      if (err instanceof SkipMessage) {
        await db.query(
          `UPDATE outbox SET status = 'skipped', locked_until = NULL, last_error = $3 WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
          [row.id, row.attempts, err.message.slice(0, 500)],
        );
        onOutcome?.({ channel: row.channel, outcome: 'skipped' });
        log?.info('outbox: not sent', { id: row.id, channel: row.channel, reason: err.message });
        continue;
      }
      const permanent = err instanceof PermanentFailure;
      const giveUp = permanent || row.attempts >= MAX_ATTEMPTS;
      const error = err instanceof Error ? err.message : String(err);
      await db.query(
        `UPDATE outbox SET status = $3, next_attempt_at = $4, locked_until = NULL, last_error = $5
          WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
        [row.id, row.attempts, giveUp ? 'failed' : 'queued', new Date(now.getTime() + backoffMs(row.attempts)), error.slice(0, 500)],
      );
      onOutcome?.({ channel: row.channel, outcome: giveUp ? 'failed' : 'retry' });
      (giveUp ? log?.error : log?.warn)?.call(log, giveUp ? 'outbox: gave up on a message' : 'outbox: send failed; will retry', {
        id: row.id,
        channel: row.channel,
        attempts: row.attempts,
        error,
      });
    }
  }
  return sent;
}

/** Messages waiting (queued or being sent) per channel, for /metrics. */
export async function queuedByChannel(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ channel: string; n: number }>(
    `SELECT channel, count(*)::int AS n FROM outbox WHERE status IN ('queued', 'sending') GROUP BY channel`,
  );
  return Object.fromEntries(rows.map((r) => [r.channel, r.n]));
}
