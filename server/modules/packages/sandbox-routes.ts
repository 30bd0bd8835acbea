// The sandbox gateway's hosted checkout, served by this server (the embedded default of the payments
// adapter). GET shows the card form for an open order; POST plays the gateway: it signs a
// confirmation, delivers it BOTH as the browser's return (applied here before redirecting) and as a
// webhook to POST /api/v1/payments/webhook at the same moment — so the double arrival every real
// gateway produces happens on every sandbox payment — then sends the browser back to
// /packages?payment=success|failed&order=<id>.
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { renderCheckoutPage, renderClosedPage, readCard, type CardInput, type SandboxLocale } from '../../adapters/payments/sandbox-page';
import type { SandboxGateway } from '../../adapters/payments/sandbox';
import type { VerifiedConfirmation } from '../../adapters/payments/gateway';
import type { AppEnv } from '../../http/context';
import { errorFields } from '../../logger';
import type { Publisher } from '../../realtime/publisher';
import type { Company } from './receipts';
import { notifyOrder } from '../notifications/producers';
import { ConfirmationRejectedError, OrderNotFoundError } from './errors';
import { applyConfirmation, expireStaleOrders, findOrderBySession } from './orders';

export interface SandboxRoutesOptions {
  gateway: SandboxGateway;
  /** Posts a signed confirmation to the webhook endpoint (app.ts sends it through the app itself). */
  deliverWebhook: (body: VerifiedConfirmation & { signature: string }) => Promise<void>;
  now?: () => Date;
  /** The seller's details for the receipts this checkout's payments issue. */
  company: Company;
  /** For the payment notifications. */
  publisher?: Publisher | undefined;
}

function localeOf(c: Context<AppEnv>, explicit: string | undefined): SandboxLocale {
  if (explicit === 'ar' || explicit === 'en') return explicit;
  return c.get('locale');
}

function html(c: Context<AppEnv>, body: string, status: 200 | 400 | 404 | 409 | 422 = 200): Response {
  return c.html(body, status);
}

/** What the checkout page shows of an order, in the page's language. */
function checkoutView(session: string, order: NonNullable<Awaited<ReturnType<typeof findOrderBySession>>>, locale: SandboxLocale) {
  return {
    session,
    orderId: order.id,
    packageName: locale === 'en' ? order.name_en : order.name_ar,
    hours: order.hours,
    amountMinor: order.amount_minor,
    currency: order.currency,
  };
}

export function sandboxRoutes({ gateway, deliverWebhook, now = () => new Date(), publisher, company }: SandboxRoutesOptions) {
  return new Hono<AppEnv>()
    .get('/sandbox/checkout/:session', async (c) => {
      const locale = localeOf(c, c.req.query('lang'));
      const db = c.get('db');
      const session = c.req.param('session');
      let order = await findOrderBySession(db, session);
      if (order && order.status === 'pendingPayment' && order.expires_at.getTime() <= now().getTime()) {
        await expireStaleOrders(db, { now: now(), userId: order.user_id });
        order = await findOrderBySession(db, session);
      }
      if (!order) return html(c, renderClosedPage(locale, false), 404);
      if (order.status !== 'pendingPayment') return html(c, renderClosedPage(locale, true), 409);
      return html(c, renderCheckoutPage(locale, checkoutView(session, order, locale)));
    })
    .post('/sandbox/checkout/:session', async (c) => {
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        // A form without its boundary, or cut short: what a broken client sends, so the closed page with a 400.
        return html(c, renderClosedPage(localeOf(c, c.req.query('lang')), false), 400);
      }
      const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
      const locale = localeOf(c, text('lang'));
      const db = c.get('db');
      const session = c.req.param('session');
      const order = await findOrderBySession(db, session);
      if (!order) return html(c, renderClosedPage(locale, false), 404);
      if (order.status !== 'pendingPayment' || order.expires_at.getTime() <= now().getTime()) {
        return html(c, renderClosedPage(locale, true), 409);
      }

      let status: VerifiedConfirmation['status'];
      if (text('action') === 'cancel') {
        status = 'cancelled';
      } else {
        const input: CardInput = { card_number: text('card_number'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
        const { errors, outcome } = readCard(input, now());
        if (!outcome) {
          return html(c, renderCheckoutPage(locale, checkoutView(session, order, locale), input, errors), 422);
        }
        status = outcome;
      }

      const fields: VerifiedConfirmation = {
        order_id: order.id,
        session,
        status,
        amount: order.amount_minor,
        currency: order.currency,
        reference: `sbx_${randomBytes(12).toString('hex')}`,
      };
      const signed = { ...fields, signature: gateway.sign(fields) };
      const log = c.get('log');
      // The return and the webhook race, as they do with real gateways; the order's row lock decides.
      // Under concurrent Pay/Cancel clicks another confirmation may win the lock first: that click
      // answers with the closed page (409), like the gateway would; the winner decided the money.
      const [returned] = await Promise.all([
        applyConfirmation(db, gateway.verify(signed), { now: now(), receipt: { company, gateway: gateway.name } }).catch((err: unknown) => {
          if (err instanceof ConfirmationRejectedError || err instanceof OrderNotFoundError) return null;
          throw err;
        }),
        deliverWebhook(signed).catch((err: unknown) => log.warn('sandbox webhook delivery failed', errorFields(err))),
      ]);
      if (!returned) return html(c, renderClosedPage(locale, true), 409);
      if (returned.applied) await notifyOrder(db, publisher, returned.order);
      const result = returned.order.status === 'paid' ? 'success' : 'failed';
      return c.redirect(`/packages?payment=${result}&order=${order.id}`, 303);
    });
}
