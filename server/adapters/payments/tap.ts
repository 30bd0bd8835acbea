// Tap Payments (https://developers.tap.company), the real gateway for Qatar, behind the PaymentGateway
// port. The payer is sent to Tap's hosted page (source `src_all`: cards, Apple Pay, NAPS/QPay debit);
// when the browser comes back, the charge is read back from Tap with our secret key (the return URL's
// query only names the charge and is never trusted); Tap's webhook is checked by its documented
// `hashstring`; refunds go through Tap's refund API. Every call has a time limit, and every charge and
// refund carries an idempotency string, so a retry never pays or refunds twice.
//
// The shapes used here, as Tap documents them (checked only against these documents and a local
// stand-in, tests/server/support/tap-stand-in.ts: Tap's servers are not reachable from where this was
// written):
//
// Create a charge, POST {base}/charges (developers.tap.company/reference/create-a-charge, /docs/redirect,
// /docs/qpay):
//   { "amount": 1, "currency": "QAR", "customer_initiated": true, "threeDSecure": true, "save_card": false,
//     "description": "…", "metadata": { "udf1": "…" },
//     "reference": { "transaction": "txn_01", "order": "ord_01", "idempotent": "…" },
//     "customer": { "first_name": "test", "last_name": "test", "email": "…", "phone": { "country_code": 974, "number": 55123456 } },
//     "source": { "id": "src_all" }, "post": { "url": "…" }, "redirect": { "url": "…" } }
//   → { "id": "chg_TS07…", "object": "charge", "status": "INITIATED", "amount": 1, "currency": "QAR",
//       "transaction": { "url": "https://…/tap_process.aspx?chg=…", "created": "1718796783000", … }, … }
// Retrieve a charge, GET {base}/charges/{id} (/reference/retrieve-a-charges): the same object, finally
//   "status": "CAPTURED" (or DECLINED, FAILED, CANCELLED, ABANDONED, RESTRICTED, VOID, TIMEDOUT…), with
//   "reference": { "track": "tck_…", "payment": "0519…", "gateway": "00", "transaction": …, "order": … },
//   "source": { "id": "src_qa.qpay", "payment_method": "QPAY" }, "card": { "scheme": "NAPS", … }.
// The return (/docs/handeling-redirects): the browser comes to redirect.url with `tap_id`; "from your
//   server, send a Retrieve a Charge request using this tap_id".
// Create a refund, POST {base}/refunds (/docs/refunds, /reference/create-a-refund):
//   { "charge_id": "chg_…", "amount": 2, "currency": "KWD", "reason": "requested_by_customer",
//     "reference": { "merchant": "txn_0001" }, "metadata": { … }, "post": { "url": "…" } }
//   → { "id": "re_…", "object": "refund", "amount": 5, "charge_id": "chg_…", "created": "1323232323",
//       "currency": "KWD", "status": "PENDING", "reference": { "merchant": "txn_0001" }, "response": { "code": "100", "message": "Pending" } }
//   statuses: REFUNDED, PENDING, IN_PROGRESS, ACCEPTED (on its way); CANCELLED, FAILED, DECLINED,
//   RESTRICTED, TIMEDOUT, UNKNOWN (not refunded).
// Idempotency (/docs/idempotency): "reference": { "idempotent": "…" } on charges and refunds; the same
//   string within 24 hours answers the original response and creates nothing.
// Amounts (/reference/create-a-charge): a decimal in the currency's unit ("100.5 to charge $100.50"),
//   with the ISO decimals: QAR, SAR, AED, USD 2; BHD, KWD, OMR 3. Here they stay integers in minor units
//   and are converted by string, never by floating-point arithmetic.
// Webhook (/docs/webhook): Tap POSTs the charge (or refund) object as raw JSON to post.url with a header
//   `hashstring` = hex HMAC-SHA256, keyed with the secret API key, of
//   'x_id' + id + 'x_amount' + amount + 'x_currency' + currency + 'x_gateway_reference' + reference.gateway
//   + 'x_payment_reference' + reference.payment + 'x_status' + status + 'x_created' + created
//   (charge: transaction.created; refund: created), the amount with the currency's decimals ("2.00").
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import {
  GatewayUnavailableError,
  InvalidSignatureError,
  type CheckoutOrder,
  type CheckoutSession,
  type GatewayNotice,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type VerifiedConfirmation,
  type WebhookDelivery,
} from './gateway';

export const TAP_API_BASE = 'https://api.tap.company/v2';
/** Where Tap sends the payer's browser back, and where it posts its webhooks (under PUBLIC_URL). */
export const TAP_RETURN_PATH = '/api/v1/payments/tap/return';
export const TAP_WEBHOOK_PATH = '/api/v1/payments/webhook';

export interface TapOptions {
  /** The secret API key (sk_test_… or sk_live_…); it also keys the webhook hashstring. */
  secretKey: string;
  /** Tap's API, …/v2 (tests point it at the stand-in). */
  apiBase?: string;
  /** This site's public origin: Tap needs absolute return and webhook URLs. */
  publicUrl: string;
  /** Time limit of every call to Tap, in ms. */
  timeoutMs?: number;
}

const THREE_DECIMALS = new Set(['BHD', 'KWD', 'OMR', 'JOD', 'IQD', 'LYD', 'TND']);

function decimalsOf(currency: string): number {
  return THREE_DECIMALS.has(currency.toUpperCase()) ? 3 : 2;
}

/** 78050 QAR minor units → "780.50". Integers in, a decimal string out: no floating point involved. */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  const d = decimalsOf(currency);
  const digits = String(minor).padStart(d + 1, '0');
  return `${digits.slice(0, -d)}.${digits.slice(-d)}`;
}

/**
 * Tap's amount (a JSON number or numeric string in the currency's unit) → minor units, or null when it
 * is not one or has more decimals than the currency has. Read as text, so 780.5 becomes 78050 exactly.
 */
export function decimalToMinor(amount: unknown, currency: string): number | null {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount) || amount < 0 || amount >= 1e12) return null;
    text = String(amount);
  } else if (typeof amount === 'string') text = amount.trim();
  else return null;
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const d = decimalsOf(currency);
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > d) return null;
  return Number(m[1]) * 10 ** d + Number(fraction.padEnd(d, '0') || '0');
}

const referenceSchema = z
  .object({ gateway: z.string().nullish(), payment: z.string().nullish(), order: z.string().nullish() })
  .partial()
  .passthrough();

const chargeSchema = z
  .object({
    id: z.string().min(1).max(100),
    object: z.string().optional(),
    status: z.string().min(1).max(40),
    amount: z.union([z.number(), z.string()]),
    currency: z.string().length(3),
    transaction: z
      .object({ url: z.string().nullish(), created: z.union([z.string(), z.number()]).nullish() })
      .passthrough()
      .nullish(),
    reference: referenceSchema.nullish(),
    source: z.object({ id: z.string().nullish(), payment_method: z.string().nullish() }).passthrough().nullish(),
    card: z.object({ scheme: z.string().nullish(), brand: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough();
type TapCharge = z.infer<typeof chargeSchema>;

const refundSchema = z
  .object({
    id: z.string().min(1).max(100),
    object: z.literal('refund').optional(),
    status: z.string().min(1).max(40),
    amount: z.union([z.number(), z.string()]),
    currency: z.string().length(3),
    charge_id: z.string().nullish(),
    created: z.union([z.string(), z.number()]).nullish(),
    reference: referenceSchema.nullish(),
  })
  .passthrough();

const CAPTURED = new Set(['CAPTURED']);
const CANCELLED = new Set(['CANCELLED', 'ABANDONED']);
const DECLINED = new Set(['DECLINED', 'FAILED', 'RESTRICTED', 'VOID', 'TIMEDOUT']);
const REFUND_DONE = new Set(['REFUNDED']);
const REFUND_ON_ITS_WAY = new Set(['PENDING', 'IN_PROGRESS', 'ACCEPTED']);

/** The order a charge was opened for: reference.order is `ord_<id>` (our own, set at checkout). */
function orderIdOf(charge: TapCharge): number | null {
  const m = /^ord_(\d{1,10})$/.exec(charge.reference?.order ?? '');
  const id = m ? Number(m[1]) : NaN;
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The receipt's means of payment: NAPS/QPay debit, Apple Pay, or a card. */
function methodOf(charge: TapCharge): string {
  const named = [charge.source?.id, charge.source?.payment_method, charge.card?.scheme].map((v) => (v ?? '').toUpperCase()).join(' ');
  if (/QPAY|NAPS/.test(named)) return 'naps';
  if (/APPLE/.test(named)) return 'apple_pay';
  return 'card';
}

/** What a (genuine) charge object means for its order. */
function chargeNotice(charge: TapCharge): GatewayNotice {
  const status = charge.status.toUpperCase();
  const verdict: VerifiedConfirmation['status'] | null = CAPTURED.has(status)
    ? 'approved'
    : CANCELLED.has(status)
      ? 'cancelled'
      : DECLINED.has(status)
        ? 'declined'
        : null;
  // INITIATED, IN_PROGRESS, UNKNOWN…: the payer has not finished; the final state comes later.
  if (!verdict) return { kind: 'pending', session: charge.id };
  const orderId = orderIdOf(charge);
  const amount = decimalToMinor(charge.amount, charge.currency);
  if (orderId === null || amount === null) return { kind: 'nothing' };
  return {
    kind: 'payment',
    confirmation: {
      order_id: orderId,
      // The checkout session is the charge: one charge per order, so its id is the payment's reference too.
      session: charge.id,
      status: verdict,
      amount,
      currency: charge.currency.toUpperCase(),
      reference: charge.id,
      method: methodOf(charge),
    },
  };
}

/** The documented hashstring's message for a charge or refund object. */
function hashMessage(fields: {
  id: string;
  amount: string;
  currency: string;
  gateway: string;
  payment: string;
  status: string;
  created: string;
}): string {
  return (
    `x_id${fields.id}x_amount${fields.amount}x_currency${fields.currency}x_gateway_reference${fields.gateway}` +
    `x_payment_reference${fields.payment}x_status${fields.status}x_created${fields.created}`
  );
}

function sameHex(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(/^[0-9a-f]{64}$/i.test(given ?? '') ? given!.toLowerCase() : '', 'hex');
  const b = Buffer.from(expected, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function tapPhone(phone: string | null): { country_code: string; number: string } | undefined {
  const parsed = phone ? parsePhoneNumberFromString(phone) : undefined;
  return parsed ? { country_code: parsed.countryCallingCode, number: parsed.nationalNumber } : undefined;
}

export function createTapGateway(options: TapOptions): PaymentGateway {
  const { secretKey, publicUrl } = options;
  const apiBase = (options.apiBase ?? TAP_API_BASE).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const origin = publicUrl.replace(/\/+$/, '');

  /** One call to Tap: JSON both ways, the secret key, a time limit; unreachable or slow is GatewayUnavailableError. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${apiBase}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const why =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : 'unreachable';
      throw new GatewayUnavailableError(`Tap ${method} ${path}: ${why}`);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new GatewayUnavailableError(`Tap ${method} ${path}: answered ${res.status} without JSON`);
    }
    return { status: res.status, json };
  }

  async function retrieveCharge(id: string): Promise<TapCharge> {
    const { status, json } = await call('GET', `/charges/${encodeURIComponent(id)}`);
    const charge = chargeSchema.safeParse(json);
    if (status !== 200 || !charge.success || charge.data.id !== id)
      throw new GatewayUnavailableError(`Tap GET /charges/${id}: answered ${status}`);
    return charge.data;
  }

  return {
    name: 'tap',

    async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
      const customer = order.customer;
      const phone = tapPhone(customer?.phone ?? null);
      const { status, json } = await call('POST', '/charges', {
        amount: Number(minorToDecimal(order.amountMinor, order.currency)),
        currency: order.currency,
        customer_initiated: true,
        threeDSecure: true,
        save_card: false,
        description: order.locale === 'ar' ? `طلب رقم ${order.id}` : `Order ${order.id}`,
        metadata: { udf1: `order:${order.id}` },
        // One charge per order: asking again for the same order answers the same charge.
        reference: { transaction: `txn_${order.id}`, order: `ord_${order.id}`, idempotent: `order-${order.id}-charge` },
        customer: {
          first_name: customer?.firstName || 'Noor',
          last_name: customer?.lastName || '',
          ...(customer?.email ? { email: customer.email } : {}),
          ...(phone ? { phone } : {}),
        },
        source: { id: 'src_all' },
        post: { url: `${origin}${TAP_WEBHOOK_PATH}` },
        redirect: { url: `${origin}${TAP_RETURN_PATH}` },
      });
      const charge = chargeSchema.safeParse(json);
      const url = charge.success ? charge.data.transaction?.url : undefined;
      if (status !== 200 || !charge.success || !url || !/^https?:\/\//.test(url)) {
        throw new GatewayUnavailableError(`Tap POST /charges: answered ${status} without a payment page`);
      }
      return { session: charge.data.id, url };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const { status, json } = await call('POST', '/refunds', {
        charge_id: request.paymentReference,
        amount: Number(minorToDecimal(request.amountMinor, request.currency)),
        currency: request.currency,
        reason: 'requested_by_customer',
        description: `Order ${request.orderId}: unused package refunded`,
        reference: { merchant: `order-${request.orderId}`, idempotent: request.idempotencyKey },
        metadata: { udf1: `order:${request.orderId}` },
        post: { url: `${origin}${TAP_WEBHOOK_PATH}` },
      });
      const refund = refundSchema.safeParse(json);
      if (status !== 200 || !refund.success) throw new Error(`Tap refused the refund of order ${request.orderId} (${status})`);
      const r = refund.data;
      if (decimalToMinor(r.amount, r.currency) !== request.amountMinor || r.currency.toUpperCase() !== request.currency.toUpperCase()) {
        throw new Error(`Tap refunded another amount than asked for order ${request.orderId}`);
      }
      const state = r.status.toUpperCase();
      if (REFUND_DONE.has(state)) return { reference: r.id, status: 'refunded' };
      if (REFUND_ON_ITS_WAY.has(state)) return { reference: r.id, status: 'pending' };
      throw new Error(`Tap did not refund order ${request.orderId}: ${state}`);
    },

    async receiveWebhook({ body, header }: WebhookDelivery): Promise<GatewayNotice> {
      const isRefund =
        typeof body === 'object' &&
        body !== null &&
        ((body as { object?: unknown }).object === 'refund' || String((body as { id?: unknown }).id).startsWith('re_'));
      const parsed = isRefund ? refundSchema.safeParse(body) : chargeSchema.safeParse(body);
      if (!parsed.success) throw new InvalidSignatureError();
      const o = parsed.data;
      const minor = decimalToMinor(o.amount, o.currency);
      if (minor === null) throw new InvalidSignatureError();
      const created = isRefund ? (o as z.infer<typeof refundSchema>).created : (o as TapCharge).transaction?.created;
      const expected = createHmac('sha256', secretKey)
        .update(
          hashMessage({
            id: o.id,
            amount: minorToDecimal(minor, o.currency),
            currency: o.currency,
            gateway: o.reference?.gateway ?? '',
            payment: o.reference?.payment ?? '',
            status: o.status,
            created: created === null || created === undefined ? '' : String(created),
          }),
        )
        .digest('hex');
      if (!sameHex(header('hashstring'), expected)) throw new InvalidSignatureError();
      if (!isRefund) return chargeNotice(o as TapCharge);
      const state = o.status.toUpperCase();
      return {
        kind: 'refund',
        refund: {
          reference: o.id,
          status: REFUND_DONE.has(state) ? 'refunded' : REFUND_ON_ITS_WAY.has(state) ? 'pending' : 'failed',
          amount: minor,
          currency: o.currency.toUpperCase(),
        },
      };
    },

    async readReturn(query): Promise<GatewayNotice> {
      const id = query('tap_id') ?? '';
      // Only a charge id is read from the query, and only to ask Tap about it.
      if (!/^chg_[A-Za-z0-9]{1,64}$/.test(id)) throw new InvalidSignatureError();
      return chargeNotice(await retrieveCharge(id));
    },
  };
}
