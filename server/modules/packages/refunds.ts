// Refunds of unused packages (the terms' rule, docs/decisions.md "Refunds"): within
// REFUND_WINDOW_DAYS of its payment, a paid order none of whose hours were used is refunded in full.
//
// One transaction does it all, holding the family's row lock (the lock every hours debit takes first,
// so a refund and a booking spending those hours run one after the other) and the order's row lock:
// check the rule, ask the gateway to give the money back, take the hours off the balance with one
// 'order_refund' ledger row, mark the order refunded and issue the refund receipt. A second refund of
// the same order (double click, two tabs) waits for the first and then finds it refunded. When the
// gateway refuses, the transaction rolls back and nothing changed. The gateway call carries an
// idempotency key fixed per order, so a retry after a commit that failed refunds the same refund.
//
// The gateway call holds those locks, so it has a time limit (REFUND_GATEWAY_LIMIT_MS): past it the
// transaction rolls back and the family is told to try again (502); the retry carries the same
// idempotency key, so a refund the gateway did make after all is answered again, never made twice
// (docs/decisions.md "Payments"). A gateway that settles later (Tap: PENDING) confirms by webhook:
// applyRefundNotice records it once.
import { REFUND_WINDOW_DAYS, type RefundRefusal } from '../../../contract/packages';
import type { Db, Queryable } from '../../db';
import {
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundResult,
  type VerifiedRefundNotice,
} from '../../adapters/payments/gateway';
import { OrderNotFoundError, RefundRefusedError } from './errors';
import { issueReceipt, type Company } from './receipts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest a refund waits for the gateway while it holds the family's and the order's locks. */
export const REFUND_GATEWAY_LIMIT_MS = 15_000;

/** `work`, or GatewayUnavailableError once `ms` passed without its answer. */
function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayUnavailableError(`the gateway did not answer the refund within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** What the refund rule looks at, for one order. */
export interface RefundFacts {
  status: string;
  paidAt: Date | null;
  refundedAt: Date | null;
  /** The order's purchase credit: minutes credited, minutes left on it, and its expiry. */
  credited: number | null;
  remaining: number | null;
  creditExpiresAt: Date | null;
}

/** Why this order cannot be refunded now, or null when it can. The one place the rule is written. */
export function refundRefusal(f: RefundFacts, now: Date): RefundRefusal | null {
  if (f.refundedAt) return 'already_refunded';
  if (f.status !== 'paid' || !f.paidAt || f.credited === null) return 'not_paid';
  if (now.getTime() - f.paidAt.getTime() > REFUND_WINDOW_DAYS * DAY_MS) return 'too_late';
  if (!f.creditExpiresAt || f.creditExpiresAt.getTime() <= now.getTime()) return 'too_late';
  if ((f.remaining ?? 0) < f.credited) return 'hours_used';
  return null;
}

/** The SQL that reads RefundFacts' credit part for order rows aliased `o`. */
export const CREDIT_FACTS_SQL = `
  (SELECT c.delta_minutes FROM hours_ledger c WHERE c.order_id = o.id AND c.reason = 'purchase') AS credited,
  (SELECT (c.delta_minutes + COALESCE((SELECT SUM(d.delta_minutes) FROM hours_ledger d WHERE d.credit_id = c.id), 0))::int
     FROM hours_ledger c WHERE c.order_id = o.id AND c.reason = 'purchase') AS remaining,
  (SELECT c.expires_at FROM hours_ledger c WHERE c.order_id = o.id AND c.reason = 'purchase') AS credit_expires_at`;

interface LockedOrder {
  id: number;
  status: string;
  paid_at: Date | null;
  refunded_at: Date | null;
  amount_minor: number;
  currency: string;
  gateway_reference: string | null;
  hours: number;
  package_id: number;
  credited: number | null;
  remaining: number | null;
  credit_expires_at: Date | null;
}

export interface RefundOutcome {
  orderId: number;
  userId: number;
  hours: number;
  packageId: number;
  minutes: number;
  amountMinor: number;
  currency: string;
  receiptNumber: string;
  reference: string;
}

/** Refunds `orderId` for `userId` by the rule, or throws RefundRefusedError / OrderNotFoundError. */
export async function refundOrder(
  db: Db,
  gateway: PaymentGateway,
  input: {
    userId: number;
    orderId: number;
    now: Date;
    company: Company;
    limitMs?: number;
    /** When support refunds on the family's behalf: the reason and the staff member, kept on the ledger row. */
    note?: string;
    staffId?: number | null;
  },
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    // The family first, as every debit does; then the order.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [input.userId]);
    const locked = await tx.one<{ id: number }>('SELECT id FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE', [
      input.orderId,
      input.userId,
    ]);
    if (!locked) throw new OrderNotFoundError();
    const o = (await tx.one<LockedOrder>(
      `SELECT o.id, o.status, o.paid_at, o.refunded_at, o.amount_minor, o.currency, o.gateway_reference, o.hours, o.package_id, ${CREDIT_FACTS_SQL}
         FROM orders o WHERE o.id = $1`,
      [input.orderId],
    ))!;
    const refusal = refundRefusal(
      {
        status: o.status,
        paidAt: o.paid_at,
        refundedAt: o.refunded_at,
        credited: o.credited,
        remaining: o.remaining,
        creditExpiresAt: o.credit_expires_at,
      },
      input.now,
    );
    if (refusal) throw new RefundRefusedError(refusal);
    const credit = (await tx.one<{ id: number }>(`SELECT id FROM hours_ledger WHERE order_id = $1 AND reason = 'purchase'`, [o.id]))!;
    const refund: RefundResult = await withinLimit(
      gateway.refund({
        orderId: o.id,
        paymentReference: o.gateway_reference ?? '',
        amountMinor: o.amount_minor,
        currency: o.currency.trim(),
        idempotencyKey: `order-${o.id}-refund`,
      }),
      input.limitMs ?? REFUND_GATEWAY_LIMIT_MS,
    );
    await tx.query(
      `INSERT INTO hours_ledger (user_id, delta_minutes, reason, credit_id, order_id, created_at, note, staff_id) VALUES ($1, $2, 'order_refund', $3, $4, $5, $6, $7)`,
      [input.userId, -o.credited!, credit.id, o.id, input.now, input.note ?? null, input.staffId ?? null],
    );
    await tx.query('UPDATE orders SET refunded_at = $2, refund_reference = $3, refund_status = $4, updated_at = $2 WHERE id = $1', [
      o.id,
      input.now,
      refund.reference,
      refund.status,
    ]);
    const method = await readPaymentMethod(tx, o.id);
    const receiptNumber = await issueReceipt(tx, {
      orderId: o.id,
      kind: 'refund',
      at: input.now,
      company: input.company,
      gateway: gateway.name,
      method,
    });
    return {
      orderId: o.id,
      userId: input.userId,
      hours: o.hours,
      packageId: o.package_id,
      minutes: o.credited!,
      amountMinor: o.amount_minor,
      currency: o.currency.trim(),
      receiptNumber,
      reference: refund.reference,
    };
  });
}

/** The money goes back the way it came: the payment receipt's method. */
async function readPaymentMethod(q: Queryable, orderId: number): Promise<string> {
  const row = await q.one<{ payment_method: string }>(`SELECT payment_method FROM receipts WHERE order_id = $1 AND kind = 'payment'`, [
    orderId,
  ]);
  return row?.payment_method ?? 'card';
}

export interface RefundNoticeResult {
  /** The order the refund belongs to; undefined when no order has this refund reference. */
  orderId?: number;
  /** False when the order already recorded this outcome (a replay) or the notice changes nothing. */
  applied: boolean;
  status?: 'pending' | 'refunded' | 'failed';
}

/**
 * Records what the gateway later said about a refund (its webhook), once: a replay, or a 'pending'
 * after the refund settled, changes nothing. 'failed' is kept for an operator: the hours already left
 * the balance and the family was told the money is on its way, so a person follows up with the gateway.
 */
export async function applyRefundNotice(db: Db, notice: VerifiedRefundNotice, now: Date): Promise<RefundNoticeResult> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: number; refund_status: string; amount_minor: number; currency: string }>(
      'SELECT id, refund_status, amount_minor, currency FROM orders WHERE refund_reference = $1 FOR UPDATE',
      [notice.reference],
    );
    if (!row) return { applied: false };
    if (row.refund_status === notice.status || row.refund_status !== 'pending' || notice.status === 'pending') {
      return { orderId: row.id, applied: false, status: row.refund_status as RefundNoticeResult['status'] };
    }
    if (notice.amount !== row.amount_minor || notice.currency !== row.currency.trim()) {
      return { orderId: row.id, applied: false, status: 'pending' };
    }
    await tx.query('UPDATE orders SET refund_status = $2, updated_at = $3 WHERE id = $1', [row.id, notice.status, now]);
    return { orderId: row.id, applied: true, status: notice.status };
  });
}
