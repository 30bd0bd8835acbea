// Orders: created with a server-computed price, sent to the gateway, and settled by its signed
// confirmation. Every status change goes through machines/order.machine.ts (`moveOrder`): the stored
// status is resumed as a snapshot, the event must be accepted by it, and the next snapshot is stored.
//
// Money rules: a confirmation is applied inside one transaction holding the order's row lock
// (SELECT … FOR UPDATE); the same payment arriving twice (return redirect and webhook, or a replay)
// finds the order settled with that reference and changes nothing; the hours credit is written in the
// same transaction as the status (and a unique index allows one purchase credit per order); an amount
// other than the order's is refused by the machine's guard.
import { getNextSnapshot } from 'xstate';
import {
  orderMachine,
  resumeOrder,
  statusOf,
  type OrderContext,
  type OrderEvent,
  type OrderFailure,
  type OrderStatus,
} from '../../../machines/order.machine';
import type { Order } from '../../../contract/packages';
import { receiptNumber } from '../../../contract/receipts';
import type { Db, Queryable } from '../../db';
import type { Locale } from '../../i18n';
import type { PaymentGateway, VerifiedConfirmation } from '../../adapters/payments/gateway';
import { ORDER_TTL_MINUTES } from './catalog';
import { ConfirmationRejectedError, OrderNotFoundError, TooManyOpenOrdersError } from './errors';
import { creditPurchase } from './ledger';
import { checkPromo, findPackage, priceWith, releasePromo, reservePromo, toMajor } from './pricing';
import { issueReceipt, type ReceiptIssue } from './receipts';
import { CREDIT_FACTS_SQL, refundRefusal } from './refunds';

export interface OrderRow {
  id: number;
  user_id: number;
  package_id: number;
  promo_code_id: number | null;
  hours: number;
  validity_days: number;
  list_price_minor: number;
  discount_minor: number;
  amount_minor: number;
  currency: string;
  status: OrderStatus;
  failure: OrderFailure | null;
  checkout_session: string | null;
  gateway_reference: string | null;
  expires_at: Date;
  paid_at: Date | null;
  created_at: Date;
}

const ORDER_COLUMNS = `id, user_id, package_id, promo_code_id, hours, validity_days, list_price_minor, discount_minor,
  amount_minor, currency, status, failure, checkout_session, gateway_reference, expires_at, paid_at, created_at`;

function contextOf(row: OrderRow): OrderContext {
  return {
    amount: row.amount_minor,
    currency: row.currency,
    expiresAt: row.expires_at.getTime(),
    reference: row.gateway_reference,
    failure: row.failure,
  };
}

async function lockOrder(tx: Queryable, where: 'id' | 'checkout_session', value: number | string): Promise<OrderRow | undefined> {
  return tx.one<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where} = $1 FOR UPDATE`, [value]);
}

/**
 * Sends one event to a locked order through the order machine and stores the result, with what the
 * new state means for money: paid → credit the hours; failed/expired → release the promo code use.
 * Returns null (writing nothing) when the machine does not accept the event in the order's state.
 */
async function moveOrder(
  tx: Queryable,
  row: OrderRow,
  event: OrderEvent,
  { now, session, receipt }: { now: Date; session?: string; receipt?: ReceiptIssue },
): Promise<OrderRow | null> {
  const snapshot = resumeOrder(row.status, contextOf(row));
  if (!snapshot.can(event)) return null;
  const next = getNextSnapshot(orderMachine, snapshot, event);
  const status = statusOf(next);
  const updated = await tx.one<OrderRow>(
    `UPDATE orders SET status = $2, failure = $3, gateway_reference = $4, checkout_session = COALESCE($5, checkout_session),
            paid_at = $6, updated_at = $7
      WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
    [row.id, status, next.context.failure, next.context.reference, session ?? null, status === 'paid' ? now : null, now],
  );
  if (status === 'paid') {
    // Only a gateway's confirmation pays an order, and it always brings what the receipt records.
    if (!receipt) throw new Error(`order ${row.id} was paid without a receipt's details`);
    await creditPurchase(tx, { userId: row.user_id, orderId: row.id, hours: row.hours, validityDays: row.validity_days, paidAt: now });
    await issueReceipt(tx, { orderId: row.id, kind: 'payment', at: now, ...receipt });
  } else if (status === 'failed' || status === 'expired') {
    await releasePromo(tx, row.id, now);
  }
  return updated!;
}

/**
 * Checkouts a family may have open (created or awaiting payment, before their deadline) at once: enough
 * for a retry on another card or package, few enough that nobody fills the orders table or holds
 * limited promo uses by opening checkouts in a loop.
 */
export const MAX_OPEN_ORDERS = 5;

export interface CreateOrderInput {
  userId: number;
  packageId: number;
  promoCode?: string | undefined;
  locale: Locale;
  now?: Date;
}

export interface CreatedOrderResult {
  order: OrderRow;
  checkoutUrl: string;
}

/**
 * Creates an order at the server's price (with the promo code's use reserved in the same transaction),
 * then opens the gateway checkout outside any transaction (it may be a network call) and records it.
 */
export async function createOrder(db: Db, gateway: PaymentGateway, input: CreateOrderInput): Promise<CreatedOrderResult> {
  const now = input.now ?? new Date();
  const created = await db.transaction(async (tx) => {
    // One family's orders are created one at a time, so two racing requests cannot both take the last place.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [input.userId]);
    const open = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND status IN ('created', 'pendingPayment') AND expires_at > $2`,
      [input.userId, now],
    );
    if (open!.n >= MAX_OPEN_ORDERS) throw new TooManyOpenOrdersError();
    const pkg = await findPackage(tx, input.packageId);
    const promo = input.promoCode ? await checkPromo(tx, { code: input.promoCode, userId: input.userId, pkg, now, lock: true }) : null;
    const price = priceWith(pkg.price_minor, promo);
    const order = await tx.one<OrderRow>(
      `INSERT INTO orders (user_id, package_id, promo_code_id, hours, validity_days, list_price_minor, discount_minor,
         amount_minor, currency, status, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'created', $10, $11, $11) RETURNING ${ORDER_COLUMNS}`,
      [
        input.userId,
        pkg.id,
        promo?.id ?? null,
        pkg.hours,
        pkg.validity_days,
        price.listMinor,
        price.discountMinor,
        price.amountMinor,
        pkg.currency,
        new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000),
        now,
      ],
    );
    if (promo) await reservePromo(tx, promo, input.userId, order!.id);
    return order!;
  });

  const payer = await db.one<{ first_name: string | null; last_name: string | null; email: string | null; phone: string | null }>(
    `SELECT first_name, last_name, CASE WHEN email_verified_at IS NOT NULL OR type = 'instructor' THEN email END AS email, phone FROM users WHERE id = $1`,
    [input.userId],
  );
  let checkout;
  try {
    checkout = await gateway.createCheckout({
      id: created.id,
      amountMinor: created.amount_minor,
      currency: created.currency.trim(),
      locale: input.locale,
      ...(payer
        ? { customer: { firstName: payer.first_name ?? '', lastName: payer.last_name ?? '', email: payer.email, phone: payer.phone } }
        : {}),
    });
  } catch (err) {
    await db.transaction(async (tx) => {
      const row = await lockOrder(tx, 'id', created.id);
      if (row) await moveOrder(tx, row, { type: 'checkout.failed' }, { now: new Date() });
    });
    throw err;
  }
  const order = await db.transaction(async (tx) => {
    const row = (await lockOrder(tx, 'id', created.id))!;
    const moved = await moveOrder(
      tx,
      row,
      { type: 'order.checkout', session: checkout.session },
      { now: new Date(), session: checkout.session },
    );
    if (!moved) throw new Error(`order ${row.id} could not enter checkout from ${row.status}`);
    return moved;
  });
  return { order, checkoutUrl: checkout.url };
}

export interface ConfirmationResult {
  order: OrderRow;
  /** False when this exact confirmation had already been applied (a replay or the second arrival). */
  applied: boolean;
}

function eventFor(c: VerifiedConfirmation): OrderEvent {
  if (c.status === 'approved') return { type: 'payment.approved', amount: c.amount, currency: c.currency, reference: c.reference };
  if (c.status === 'declined') return { type: 'payment.declined', reference: c.reference };
  return { type: 'payment.cancelled', reference: c.reference };
}

/** Applies a verified gateway confirmation once, whatever number of times and ways it arrives. */
export async function applyConfirmation(
  db: Db,
  c: VerifiedConfirmation,
  { now = new Date(), receipt }: { now?: Date; receipt: Omit<ReceiptIssue, 'method'> },
): Promise<ConfirmationResult> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockOrder(tx, 'id', c.order_id);
      if (!row) throw new OrderNotFoundError();
      if (row.checkout_session !== c.session) throw new ConfirmationRejectedError('session_mismatch');
      // The same payment again: the order already records it. Nothing more to do, and no error.
      if (row.gateway_reference === c.reference) return { order: row, applied: false };
      const event = eventFor(c);
      const moved = await moveOrder(tx, row, event, { now, receipt: { ...receipt, method: c.method } });
      if (!moved) {
        const amountWrong = event.type === 'payment.approved' && row.status === 'pendingPayment';
        throw new ConfirmationRejectedError(amountWrong ? 'amount_mismatch' : 'not_allowed');
      }
      return { order: moved, applied: true };
    });
  } catch (err) {
    // A reference already used by another order: one payment can never settle two orders.
    if (err && typeof err === 'object' && 'code' in err && (err as { code: unknown }).code === '23505') {
      throw new ConfirmationRejectedError('not_allowed');
    }
    throw err;
  }
}

/** Expires open orders past their deadline (all, or one student's); returns how many. */
export async function expireStaleOrders(db: Db, { now = new Date(), userId }: { now?: Date; userId?: number } = {}): Promise<number> {
  const due = await db.query<{ id: number }>(
    `SELECT id FROM orders WHERE status IN ('created', 'pendingPayment') AND expires_at <= $1 AND ($2::int IS NULL OR user_id = $2)`,
    [now, userId ?? null],
  );
  let expired = 0;
  for (const { id } of due) {
    const moved = await db.transaction(async (tx) => {
      const row = await lockOrder(tx, 'id', id);
      return row ? moveOrder(tx, row, { type: 'order.expire', now: now.getTime() }, { now }) : null;
    });
    if (moved) expired++;
  }
  return expired;
}

/** The order behind a checkout session, with its package's names (for the sandbox page). */
export async function findOrderBySession(
  q: Queryable,
  session: string,
): Promise<(OrderRow & { name_ar: string; name_en: string }) | undefined> {
  return q.one<OrderRow & { name_ar: string; name_en: string }>(
    `SELECT o.${ORDER_COLUMNS.split(',')
      .map((c) => c.trim())
      .join(', o.')}, p.name_ar, p.name_en
       FROM orders o JOIN packages p ON p.id = o.package_id WHERE o.checkout_session = $1`,
    [session],
  );
}

/** A student's orders, newest first, as the wire shows them. */
export async function listOrders(q: Queryable, userId: number, locale: Locale, now: Date = new Date()): Promise<Order[]> {
  const rows = await q.query<
    OrderRow & {
      name_ar: string;
      name_en: string;
      promo: string | null;
      receipt_year: number | null;
      receipt_no: number | null;
      refund_year: number | null;
      refund_no: number | null;
      refunded_at: Date | null;
      credited: number | null;
      remaining: number | null;
      credit_expires_at: Date | null;
    }
  >(
    `SELECT o.${ORDER_COLUMNS.split(',')
      .map((c) => c.trim())
      .join(', o.')}, p.name_ar, p.name_en, pc.code AS promo,
            r.year AS receipt_year, r.number AS receipt_no, rr.year AS refund_year, rr.number AS refund_no, o.refunded_at,
            ${CREDIT_FACTS_SQL}
       FROM orders o JOIN packages p ON p.id = o.package_id LEFT JOIN promo_codes pc ON pc.id = o.promo_code_id
       LEFT JOIN receipts r ON r.order_id = o.id AND r.kind = 'payment'
       LEFT JOIN receipts rr ON rr.order_id = o.id AND rr.kind = 'refund'
      WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    package_id: r.package_id,
    package_name: locale === 'en' ? r.name_en : r.name_ar,
    hours: r.hours,
    list_price: toMajor(r.list_price_minor),
    discount: toMajor(r.discount_minor),
    amount: toMajor(r.amount_minor),
    currency: r.currency,
    promo_code: r.promo,
    status: r.status,
    failure: r.failure,
    created_at: r.created_at.toISOString(),
    paid_at: r.paid_at ? r.paid_at.toISOString() : null,
    receipt_number: r.receipt_year !== null && r.receipt_no !== null ? receiptNumber(r.receipt_year, r.receipt_no) : null,
    refundable:
      refundRefusal(
        {
          status: r.status,
          paidAt: r.paid_at,
          refundedAt: r.refunded_at,
          credited: r.credited,
          remaining: r.remaining,
          creditExpiresAt: r.credit_expires_at,
        },
        now,
      ) === null,
    refunded_at: r.refunded_at ? r.refunded_at.toISOString() : null,
    refund_receipt_number: r.refund_year !== null && r.refund_no !== null ? receiptNumber(r.refund_year, r.refund_no) : null,
  }));
}
