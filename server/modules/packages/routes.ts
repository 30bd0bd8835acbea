// The packages API: the public package list, the promo-code check, orders and the balance (students
// only), and the payment webhook. Prices are always the server's; the client's numbers are never read.
import { Hono, type Context } from 'hono';
import {
  createOrderRequestSchema,
  promoCheckRequestSchema,
  type Balance,
  type CreatedOrder,
  type PromoQuote,
  type Refund,
  type TimePackage,
} from '../../../contract/packages';
import { GatewayUnavailableError, type PaymentGateway } from '../../adapters/payments/gateway';
import type { Queryable } from '../../db';
import type { AppEnv } from '../../http/context';
import type { Caller, FamilyCaller } from '../auth/caller';
import { ApiFailure } from '../../http/errors';
import { isInvalidInputDbError } from '../../http/input-guard';
import { ok } from '../../http/respond';
import { idFrom, jsonBody } from '../../http/validate';
import { withName } from '../localized';
import { notifyOrder, notifyRefund } from '../notifications/producers';
import type { Publisher } from '../../realtime/publisher';
import {
  ConfirmationRejectedError,
  InvalidSignatureError,
  OrderNotFoundError,
  TooManyOpenOrdersError,
  PackageNotFoundError,
  PromoRejectedError,
  RefundRefusedError,
} from './errors';
import { expireCredits, freeTrialBooking, getBalance, minutesToHours } from './ledger';
import { applyConfirmation, createOrder, expireStaleOrders, findOrderBySession, listOrders } from './orders';
import { checkPromo, findPackage, listPackages, priceWith, toMajor } from './pricing';
import { readReceipt, type Company } from './receipts';
import { applyRefundNotice, refundOrder } from './refunds';

/** Reads who is calling (null when nobody is signed in); given by app.ts from the auth module. */
export type IdentifyCaller = (c: Context<AppEnv>) => Promise<Caller | null> | Caller | null;

export interface PackagesRoutesOptions {
  gateway: PaymentGateway;
  identify: IdentifyCaller;
  /** The clock, for tests. */
  now?: () => Date;
  /** For the payment notifications. */
  publisher?: Publisher | undefined;
  /** The seller's details printed on receipts. */
  company: Company;
  /** The refund's time limit on the gateway call (tests shorten it). */
  refundLimitMs?: number;
  /**
   * Development only (never in production): the gateway's test switches the browser walk of the order
   * machine sends as request headers, like a gateway's test mode — `X-Sandbox-Outage: 1` on POST
   * /orders (the checkout cannot open) and `X-Sandbox-Now: <ISO time>` on GET /orders (the list read
   * at a later time, so the real sweep expires what is past its deadline by then).
   */
  devTools?: boolean;
}

/**
 * Where a return whose payment is not settled yet lands: the order of that checkout session as it
 * stands (the webhook may have settled it already), "being confirmed" while it still awaits the
 * gateway, or the plain page when no order has that session. Reads only; the query decides nothing.
 */
async function returnPage(db: Queryable, session: string): Promise<string> {
  const order = session ? await findOrderBySession(db, session) : undefined;
  if (!order) return '/packages';
  const payment = order.status === 'paid' ? 'success' : order.status === 'failed' || order.status === 'expired' ? 'failed' : 'pending';
  return `/packages?payment=${payment}&order=${order.id}`;
}

/** Refunds one of a family's orders; throws RefundRefusedError / OrderNotFoundError (both ApiFailures) or a 502. */
export type RefundFamilyOrder = (
  c: Context<AppEnv>,
  input: { userId: number; orderId: number; now: Date; note?: string; staffId?: number | null },
) => Promise<Refund>;

/**
 * The refund as the family's own route and support's console both make it: the rule and the gateway
 * (refundOrder), then the family's notification. A gateway that fails or does not answer is a 502.
 */
export function familyRefunder({
  gateway,
  publisher,
  company,
  refundLimitMs,
}: Pick<PackagesRoutesOptions, 'gateway' | 'publisher' | 'company' | 'refundLimitMs'>): RefundFamilyOrder {
  return async (c, input) => {
    let outcome;
    try {
      outcome = await refundOrder(c.get('db'), gateway, { ...input, company, ...(refundLimitMs ? { limitMs: refundLimitMs } : {}) });
    } catch (err) {
      if (err instanceof RefundRefusedError || err instanceof OrderNotFoundError) throw err;
      if (isInvalidInputDbError(err)) throw err;
      c.get('log').error('refund failed', { id: c.get('requestId'), err: err instanceof Error ? err.message : String(err) });
      throw new ApiFailure(502, 'refund_unavailable');
    }
    await notifyRefund(c.get('db'), publisher, {
      id: outcome.orderId,
      user_id: outcome.userId,
      hours: outcome.hours,
      package_id: outcome.packageId,
    });
    return {
      order_id: outcome.orderId,
      hours: minutesToHours(outcome.minutes),
      amount: toMajor(outcome.amountMinor),
      currency: outcome.currency,
      receipt_number: outcome.receiptNumber,
      refunded_at: input.now.toISOString(),
    };
  };
}

/** A gateway that cannot open a checkout (the development outage switch); everything else is `gateway`'s. */
function outageOf(gateway: PaymentGateway): PaymentGateway {
  return { ...gateway, createCheckout: () => Promise.reject(new GatewayUnavailableError('checkout down (X-Sandbox-Outage)')) };
}

export function packagesRoutes({
  gateway,
  identify,
  now = () => new Date(),
  publisher,
  company,
  refundLimitMs,
  devTools = false,
}: PackagesRoutesOptions) {
  /** The development clock switch: a later time than now from X-Sandbox-Now, else now. */
  const readAt = (c: Context<AppEnv>): Date => {
    const at = now();
    const later = devTools ? Date.parse(c.req.header('x-sandbox-now') ?? '') : NaN;
    return Number.isFinite(later) && later > at.getTime() ? new Date(later) : at;
  };
  const refund = familyRefunder({ gateway, publisher, company, ...(refundLimitMs ? { refundLimitMs } : {}) });
  /** The calling family (orders, balance and promo codes are the family's), or a 401/403. */
  const family = async (c: Context<AppEnv>): Promise<FamilyCaller> => {
    const caller = await identify(c);
    if (!caller) throw new ApiFailure(401, 'packages_sign_in');
    if (caller.kind !== 'family') throw new ApiFailure(403, 'packages_students_only');
    return caller;
  };

  return (
    new Hono<AppEnv>()
      .get('/packages', async (c) => {
        const locale = c.get('locale');
        const data: TimePackage[] = (await listPackages(c.get('db'))).map((p) => {
          const named = withName(p, locale);
          return {
            id: p.id,
            code: p.code,
            name: named.name,
            name_ar: p.name_ar,
            name_en: p.name_en,
            hours: p.hours,
            price: toMajor(p.price_minor),
            currency: p.currency,
            validity_days: p.validity_days,
            price_per_hour: toMajor(Math.round(p.price_minor / p.hours)),
            best_value: p.best_value,
          };
        });
        return ok(c, data);
      })
      .post('/promo-codes/check', async (c) => {
        const { familyId } = await family(c);
        const body = await jsonBody(c, promoCheckRequestSchema);
        const db = c.get('db');
        const pkg = await findPackage(db, body.package_id);
        const promo = await checkPromo(db, { code: body.code, userId: familyId, pkg, now: now() });
        const price = priceWith(pkg.price_minor, promo);
        const data: PromoQuote = {
          code: promo.code,
          package_id: pkg.id,
          list_price: toMajor(price.listMinor),
          discount: toMajor(price.discountMinor),
          amount: toMajor(price.amountMinor),
          currency: pkg.currency,
        };
        return ok(c, data, 'promo_applied');
      })
      .post('/orders', async (c) => {
        const { familyId } = await family(c);
        const body = await jsonBody(c, createOrderRequestSchema);
        let result;
        try {
          const down = devTools && c.req.header('x-sandbox-outage') === '1';
          result = await createOrder(c.get('db'), down ? outageOf(gateway) : gateway, {
            userId: familyId,
            packageId: body.package_id,
            promoCode: body.promo_code,
            locale: c.get('locale'),
            now: now(),
          });
        } catch (err) {
          if (err instanceof PromoRejectedError || err instanceof PackageNotFoundError || err instanceof TooManyOpenOrdersError) throw err;
          // A value the database refuses is the caller's input (app.onError answers 400), not the gateway.
          if (isInvalidInputDbError(err)) throw err;
          c.get('log').error('checkout failed', { id: c.get('requestId'), err: err instanceof Error ? err.message : String(err) });
          throw new ApiFailure(502, 'checkout_unavailable');
        }
        const data: CreatedOrder = {
          id: result.order.id,
          amount: toMajor(result.order.amount_minor),
          currency: result.order.currency,
          status: result.order.status,
          checkout_url: result.checkoutUrl,
        };
        return ok(c, data, 'order_created', 201);
      })
      .get('/orders', async (c) => {
        const { familyId } = await family(c);
        const db = c.get('db');
        const at = readAt(c);
        // Abandoned checkouts show as expired as soon as their deadline passes, not at the next sweep.
        await expireStaleOrders(db, { now: at, userId: familyId });
        return ok(c, await listOrders(db, familyId, c.get('locale'), at));
      })
      .get('/orders/:id/receipt', async (c) => {
        const { familyId } = await family(c);
        // Another family's order, an unpaid one and a malformed id all answer the same 404.
        const id = idFrom(c, 'id', 'receipt_not_found');
        const receipt = await readReceipt(c.get('db'), id, familyId, c.get('locale'));
        if (!receipt) throw new ApiFailure(404, 'receipt_not_found');
        return ok(c, receipt);
      })
      .get('/orders/:id/refund-receipt', async (c) => {
        const { familyId } = await family(c);
        const id = idFrom(c, 'id', 'receipt_not_found');
        const receipt = await readReceipt(c.get('db'), id, familyId, c.get('locale'), 'refund');
        if (!receipt) throw new ApiFailure(404, 'receipt_not_found');
        return ok(c, receipt);
      })
      .post('/orders/:id/refund', async (c) => {
        const { familyId } = await family(c);
        // Another family's order and a malformed id answer the same 404 as a missing one.
        const id = idFrom(c, 'id', 'order_not_found');
        return ok(c, await refund(c, { userId: familyId, orderId: id, now: now() }), 'refund_done');
      })
      .get('/balance', async (c) => {
        const { familyId } = await family(c);
        const db = c.get('db');
        const at = now();
        await expireCredits(db, { now: at, userId: familyId });
        const figures = await getBalance(db, familyId, { now: at });
        const trialBooking = figures.freeTrialAvailable ? null : await freeTrialBooking(db, familyId);
        const data: Balance = {
          hours_remaining: minutesToHours(figures.minutes),
          minutes_remaining: figures.minutes,
          expires_at: figures.expiresAt ? figures.expiresAt.toISOString() : null,
          free_trial_available: figures.freeTrialAvailable,
          free_trial_booking: trialBooking
            ? { status: trialBooking.status, starts_at: new Date(trialBooking.starts_at).toISOString() }
            : null,
        };
        return ok(c, data);
      })
      .post('/payments/webhook', async (c) => {
        let body: unknown;
        try {
          body = await c.req.json();
        } catch {
          throw new ApiFailure(400, 'payment_signature_invalid');
        }
        const db = c.get('db');
        try {
          const notice = await gateway.receiveWebhook({ body, header: (name) => c.req.header(name) });
          if (notice.kind === 'refund') {
            const result = await applyRefundNotice(db, notice.refund, now());
            // A refund no order knows (the gateway refunded after our side gave up waiting and rolled back)
            // or one it could not make: answered 200 so the gateway stops retrying, and left for an operator.
            if (!result.orderId || (result.applied && result.status === 'failed')) {
              c.get('log').error('refund needs an operator', {
                reference: notice.refund.reference,
                status: notice.refund.status,
                order_id: result.orderId ?? null,
              });
            }
            return ok(c, { order_id: result.orderId ?? null, status: result.status ?? null, applied: result.applied }, 'payment_recorded');
          }
          if (notice.kind === 'nothing' || notice.kind === 'pending') {
            return ok(c, { order_id: null, status: null, applied: false }, 'payment_recorded');
          }
          const { order, applied } = await applyConfirmation(db, notice.confirmation, {
            now: now(),
            receipt: { company, gateway: gateway.name },
          });
          if (applied) await notifyOrder(db, publisher, order);
          return ok(c, { order_id: order.id, status: order.status, applied }, 'payment_recorded');
        } catch (err) {
          if (err instanceof InvalidSignatureError) throw new ApiFailure(400, 'payment_signature_invalid');
          throw err;
        }
      })
      // The payer's browser back from a hosted payment page (Tap): the gateway is asked what happened.
      .get('/payments/tap/return', async (c) => {
        if (!gateway.readReturn) throw new ApiFailure(404, 'not_found');
        const db = c.get('db');
        let notice;
        try {
          notice = await gateway.readReturn((name) => c.req.query(name));
        } catch (err) {
          if (err instanceof InvalidSignatureError) throw new ApiFailure(400, 'payment_signature_invalid');
          if (!(err instanceof GatewayUnavailableError)) throw err;
          // The webhook settles the order; meanwhile the page says the payment is being confirmed and
          // watches the order (the id is well formed: readReturn refuses anything else).
          c.get('log').warn('payment return: gateway unavailable', { id: c.get('requestId'), err: err.message });
          return c.redirect(await returnPage(db, c.req.query('tap_id') ?? ''), 303);
        }
        if (notice.kind === 'pending') return c.redirect(await returnPage(db, notice.session), 303);
        if (notice.kind !== 'payment') return c.redirect('/packages', 303);
        try {
          const { order, applied } = await applyConfirmation(db, notice.confirmation, {
            now: now(),
            receipt: { company, gateway: gateway.name },
          });
          if (applied) await notifyOrder(db, publisher, order);
          return c.redirect(`/packages?payment=${order.status === 'paid' ? 'success' : 'failed'}&order=${order.id}`, 303);
        } catch (err) {
          if (err instanceof ConfirmationRejectedError || err instanceof OrderNotFoundError) return c.redirect('/packages', 303);
          throw err;
        }
      })
  );
}
