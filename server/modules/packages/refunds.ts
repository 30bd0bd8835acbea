// Refunds of unused packages (the terms' rule, docs/decisions.md "Money: refunds"): within
// REFUND_WINDOW_DAYS of its payment, a paid order none of whose hours were used is refunded in full.
//
// One transaction does it all, holding the family's row lock (the lock every hours debit takes first,
// so a refund and a booking spending those hours run one after the other) and the order's row lock:
// check the rule, ask the gateway to give the money back, take the hours off the balance with one
// 'order_refund' ledger row, mark the order refunded and issue the refund receipt. A second refund of
// the same order (double click, two tabs) waits for the first and then finds it refunded. When the
// gateway refuses, the transaction rolls back and nothing changed. The gateway call carries an
// idempotency key fixed per order, so a retry after a commit that failed refunds the same refund.
import { REFUND_WINDOW_DAYS, type RefundRefusal } from '../../../contract/packages';
import type { Db, Queryable } from '../../db';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { OrderNotFoundError, RefundRefusedError } from './errors';
import { issueReceipt, type Company } from './receipts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  credited: number | null;
  remaining: number | null;
  credit_expires_at: Date | null;
}

export interface RefundOutcome {
  orderId: number;
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
  input: { userId: number; orderId: number; now: Date; company: Company },
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    // The family first, as every debit does; then the order.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [input.userId]);
    const locked = await tx.one<{ id: number }>('SELECT id FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE', [input.orderId, input.userId]);
    if (!locked) throw new OrderNotFoundError();
    const o = (await tx.one<LockedOrder>(
      `SELECT o.id, o.status, o.paid_at, o.refunded_at, o.amount_minor, o.currency, o.gateway_reference, ${CREDIT_FACTS_SQL}
         FROM orders o WHERE o.id = $1`,
      [input.orderId],
    ))!;
    const refusal = refundRefusal(
      { status: o.status, paidAt: o.paid_at, refundedAt: o.refunded_at, credited: o.credited, remaining: o.remaining, creditExpiresAt: o.credit_expires_at },
      input.now,
    );
    if (refusal) throw new RefundRefusedError(refusal);
    const credit = (await tx.one<{ id: number }>(`SELECT id FROM hours_ledger WHERE order_id = $1 AND reason = 'purchase'`, [o.id]))!;
    const refund = await gateway.refund({
      orderId: o.id,
      paymentReference: o.gateway_reference ?? '',
      amountMinor: o.amount_minor,
      currency: o.currency.trim(),
      idempotencyKey: `order-${o.id}-refund`,
    });
    await tx.query(
      `INSERT INTO hours_ledger (user_id, delta_minutes, reason, credit_id, order_id, created_at) VALUES ($1, $2, 'order_refund', $3, $4, $5)`,
      [input.userId, -o.credited!, credit.id, o.id, input.now],
    );
    await tx.query('UPDATE orders SET refunded_at = $2, refund_reference = $3, updated_at = $2 WHERE id = $1', [o.id, input.now, refund.reference]);
    const method = await readPaymentMethod(tx, o.id);
    const receiptNumber = await issueReceipt(tx, { orderId: o.id, kind: 'refund', at: input.now, company: input.company, gateway: gateway.name, method });
    return { orderId: o.id, minutes: o.credited!, amountMinor: o.amount_minor, currency: o.currency.trim(), receiptNumber, reference: refund.reference };
  });
}

/** The money goes back the way it came: the payment receipt's method. */
async function readPaymentMethod(q: Queryable, orderId: number): Promise<string> {
  const row = await q.one<{ payment_method: string }>(`SELECT payment_method FROM receipts WHERE order_id = $1 AND kind = 'payment'`, [orderId]);
  return row?.payment_method ?? 'card';
}
