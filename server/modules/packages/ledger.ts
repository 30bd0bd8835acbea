// The hours ledger: every purchase, booking, refund, expiry and free-trial use is a row; the balance is
// a sum, never a stored number. This is the service API the booking issue uses:
//   debitHours(tx, userId, hours, ref)   — spends valid hours, earliest-expiring first; InsufficientHoursError
//   refundHours(tx, userId, ref)         — gives back what a ref spent and has not been given back
//   consumeFreeTrial(tx, userId, ref?)   — true for exactly one caller, however many race
//   restoreFreeTrial(tx, userId, ref?)   — a rejected or cancelled free session can be used again
//   getBalance(q, userId)                — hours remaining, earliest expiry, free trial
// Every writer first locks the user's row (SELECT … FOR UPDATE), so two debits of one student never
// both spend the same minutes; they run inside the caller's transaction, so a booking and its debit
// commit or roll back together.
import type { Queryable } from '../../db';
import { REFUND_GRACE_DAYS } from './catalog';
import { InsufficientHoursError } from './errors';

/** What a debit or refund was for, e.g. { type: 'request', id: 42 }. */
export interface LedgerRef {
  type: string;
  id: string | number;
}

export interface LedgerOptions {
  /** The time the operation happens at (tests move the clock); defaults to now. */
  now?: Date;
}

export const MINUTES_PER_HOUR = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

export function hoursToMinutes(hours: number): number {
  const minutes = Math.round(hours * MINUTES_PER_HOUR);
  if (!Number.isFinite(hours) || minutes <= 0) throw new RangeError(`hours must be positive, got ${hours}`);
  return minutes;
}

/** Hours with at most two decimals, for the wire. */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / MINUTES_PER_HOUR) * 100) / 100;
}

async function lockUser(tx: Queryable, userId: number): Promise<void> {
  const row = await tx.one('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  if (!row) throw new Error(`no user ${userId}`);
}

interface CreditRow {
  id: number;
  expires_at: Date;
  remaining: number;
}

/** Valid credits (not expired at `now`) with what is left on each, earliest expiry first. */
async function validCredits(q: Queryable, userId: number, now: Date): Promise<CreditRow[]> {
  return q.query<CreditRow>(
    `SELECT c.id, c.expires_at, (c.delta_minutes + COALESCE(SUM(d.delta_minutes), 0))::int AS remaining
       FROM hours_ledger c LEFT JOIN hours_ledger d ON d.credit_id = c.id
      WHERE c.user_id = $1 AND c.credit_id IS NULL AND c.expires_at > $2
      GROUP BY c.id ORDER BY c.expires_at, c.id`,
    [userId, now],
  );
}

/** Credits a paid order's hours; called by the order service inside the payment's transaction. */
export async function creditPurchase(
  tx: Queryable,
  input: { userId: number; orderId: number; hours: number; validityDays: number; paidAt: Date },
): Promise<number> {
  const expiresAt = new Date(input.paidAt.getTime() + input.validityDays * DAY_MS);
  const row = await tx.one<{ id: number }>(
    `INSERT INTO hours_ledger (user_id, delta_minutes, reason, order_id, expires_at, created_at)
     VALUES ($1, $2, 'purchase', $3, $4, $5) RETURNING id`,
    [input.userId, input.hours * MINUTES_PER_HOUR, input.orderId, expiresAt, input.paidAt],
  );
  return row!.id;
}

export interface DebitResult {
  minutes: number;
  /** The ledger rows written (one per credit drawn from). */
  entryIds: number[];
}

/**
 * Spends `hours` (fractions allowed, counted in whole minutes) from the student's valid credits,
 * earliest expiry first. Throws InsufficientHoursError, writing nothing, when they do not cover it.
 */
export async function debitHours(
  tx: Queryable,
  userId: number,
  hours: number,
  ref: LedgerRef,
  { now = new Date() }: LedgerOptions = {},
): Promise<DebitResult> {
  const minutes = hoursToMinutes(hours);
  await lockUser(tx, userId);
  const credits = (await validCredits(tx, userId, now)).filter((c) => c.remaining > 0);
  const available = credits.reduce((sum, c) => sum + c.remaining, 0);
  if (available < minutes) throw new InsufficientHoursError(minutes, available);
  let left = minutes;
  const entryIds: number[] = [];
  for (const credit of credits) {
    if (left === 0) break;
    const take = Math.min(left, credit.remaining);
    const row = await tx.one<{ id: number }>(
      `INSERT INTO hours_ledger (user_id, delta_minutes, reason, credit_id, ref_type, ref_id, created_at)
       VALUES ($1, $2, 'booking', $3, $4, $5, $6) RETURNING id`,
      [userId, -take, credit.id, ref.type, String(ref.id), now],
    );
    entryIds.push(row!.id);
    left -= take;
  }
  return { minutes, entryIds };
}

/**
 * Gives back everything `ref` spent that has not been given back yet (so calling it twice refunds
 * once), or at most `upTo` minutes of it (a session its teacher ended early gives back only the
 * half-hours not taught). Minutes go back to the credit they came from while it is valid; minutes
 * whose credit has expired since come back as a new credit valid for REFUND_GRACE_DAYS. Returns the
 * minutes refunded.
 */
export async function refundHours(
  tx: Queryable,
  userId: number,
  ref: LedgerRef,
  { now = new Date(), upTo }: LedgerOptions & { upTo?: number } = {},
): Promise<number> {
  await lockUser(tx, userId);
  const refId = String(ref.id);
  const [totals] = await tx.query<{ debited: number; refunded: number }>(
    `SELECT COALESCE(-SUM(delta_minutes) FILTER (WHERE reason = 'booking'), 0)::int AS debited,
            COALESCE(SUM(delta_minutes) FILTER (WHERE reason = 'refund'), 0)::int AS refunded
       FROM hours_ledger WHERE user_id = $1 AND ref_type = $2 AND ref_id = $3`,
    [userId, ref.type, refId],
  );
  let outstanding = (totals?.debited ?? 0) - (totals?.refunded ?? 0);
  if (upTo !== undefined) outstanding = Math.min(outstanding, Math.max(0, Math.floor(upTo)));
  if (outstanding <= 0) return 0;
  const refunded = outstanding;
  // Latest-expiring credits first: give back where the hours will last longest.
  const sources = await tx.query<{ credit_id: number; expires_at: Date; open: number }>(
    `SELECT d.credit_id, c.expires_at,
            (-SUM(d.delta_minutes) FILTER (WHERE d.reason = 'booking')
             - COALESCE(SUM(d.delta_minutes) FILTER (WHERE d.reason = 'refund'), 0))::int AS open
       FROM hours_ledger d JOIN hours_ledger c ON c.id = d.credit_id
      WHERE d.user_id = $1 AND d.ref_type = $2 AND d.ref_id = $3 AND d.reason IN ('booking', 'refund')
      GROUP BY d.credit_id, c.expires_at ORDER BY c.expires_at DESC, d.credit_id DESC`,
    [userId, ref.type, refId],
  );
  for (const source of sources) {
    if (outstanding === 0) break;
    const give = Math.min(outstanding, source.open);
    if (give <= 0) continue;
    if (source.expires_at.getTime() > now.getTime()) {
      await tx.query(
        `INSERT INTO hours_ledger (user_id, delta_minutes, reason, credit_id, ref_type, ref_id, created_at)
         VALUES ($1, $2, 'refund', $3, $4, $5, $6)`,
        [userId, give, source.credit_id, ref.type, refId, now],
      );
    } else {
      await tx.query(
        `INSERT INTO hours_ledger (user_id, delta_minutes, reason, ref_type, ref_id, expires_at, created_at)
         VALUES ($1, $2, 'refund', $3, $4, $5, $6)`,
        [userId, give, ref.type, refId, new Date(now.getTime() + REFUND_GRACE_DAYS * DAY_MS), now],
      );
    }
    outstanding -= give;
  }
  return refunded - outstanding;
}

/**
 * Uses the student's one free session. Atomic: of any number of concurrent callers exactly one gets
 * true (the conditional UPDATE flips the flag once); the others get false and write nothing.
 */
export async function consumeFreeTrial(tx: Queryable, userId: number, ref?: LedgerRef): Promise<boolean> {
  const row = await tx.one(
    `UPDATE users SET has_free_session = false, updated_at = now()
      WHERE id = $1 AND has_free_session AND type = 'student' RETURNING id`,
    [userId],
  );
  if (!row) return false;
  await tx.query(`INSERT INTO hours_ledger (user_id, delta_minutes, reason, ref_type, ref_id) VALUES ($1, 0, 'free_trial', $2, $3)`, [
    userId,
    ref?.type ?? null,
    ref ? String(ref.id) : null,
  ]);
  return true;
}

/** Gives the free session back (its request was rejected or cancelled). True when it was used before. */
export async function restoreFreeTrial(tx: Queryable, userId: number): Promise<boolean> {
  const row = await tx.one(
    `UPDATE users SET has_free_session = true, updated_at = now()
      WHERE id = $1 AND NOT has_free_session AND type = 'student'
        AND EXISTS (SELECT 1 FROM hours_ledger WHERE user_id = $1 AND reason = 'free_trial') RETURNING id`,
    [userId],
  );
  return row !== undefined;
}

export interface BalanceFigures {
  minutes: number;
  /** The earliest expiry among valid credits that still have minutes; null when none has. */
  expiresAt: Date | null;
  freeTrialAvailable: boolean;
}

/** The sum of the valid ledger rows: those whose credit (or which, as a credit) has not expired. */
export async function balanceMinutes(q: Queryable, userId: number, now: Date = new Date()): Promise<number> {
  const row = await q.one<{ minutes: number }>(
    `SELECT COALESCE(SUM(l.delta_minutes), 0)::int AS minutes
       FROM hours_ledger l LEFT JOIN hours_ledger c ON c.id = l.credit_id
      WHERE l.user_id = $1 AND COALESCE(c.expires_at, l.expires_at) > $2`,
    [userId, now],
  );
  return row?.minutes ?? 0;
}

/** The pending or approved request the free trial paid for, if any (the latest one). */
export async function freeTrialBooking(q: Queryable, userId: number): Promise<{ status: 'pending' | 'approved'; starts_at: Date } | null> {
  const row = await q.one<{ status: 'pending' | 'approved'; starts_at: Date }>(
    `SELECT status, starts_at FROM requests
      WHERE student_id = $1 AND paid_with = 'free_trial' AND status IN ('pending', 'approved')
      ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return row ?? null;
}

export async function getBalance(q: Queryable, userId: number, { now = new Date() }: LedgerOptions = {}): Promise<BalanceFigures> {
  const minutes = await balanceMinutes(q, userId, now);
  const earliest = (await validCredits(q, userId, now)).find((c) => c.remaining > 0);
  const trial = await q.one<{ available: boolean }>(
    `SELECT u.has_free_session AND u.type = 'student'
            AND COALESCE((SELECT value = 'true'::jsonb FROM settings WHERE key = 'free_trial_enabled'), true) AS available
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return { minutes, expiresAt: earliest?.expires_at ?? null, freeTrialAvailable: trial?.available ?? false };
}

/**
 * The expiry sweep: one 'expiry' row per credit that expired by `now` with minutes left, so the
 * history says where the hours went and the plain sum of a student's rows equals the balance.
 * Safe to run concurrently and repeatedly (one expiry per credit, by a unique index).
 */
export async function expireCredits(q: Queryable, { now = new Date(), userId }: LedgerOptions & { userId?: number } = {}): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO hours_ledger (user_id, delta_minutes, reason, credit_id, created_at)
     SELECT c.user_id, -(c.delta_minutes + COALESCE(SUM(d.delta_minutes), 0)), 'expiry', c.id, $1
       FROM hours_ledger c LEFT JOIN hours_ledger d ON d.credit_id = c.id
      WHERE c.credit_id IS NULL AND c.expires_at <= $1 AND ($2::int IS NULL OR c.user_id = $2)
        AND NOT EXISTS (SELECT 1 FROM hours_ledger e WHERE e.credit_id = c.id AND e.reason = 'expiry')
      GROUP BY c.id
     HAVING c.delta_minutes + COALESCE(SUM(d.delta_minutes), 0) > 0
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [now, userId ?? null],
  );
  return rows.length;
}
