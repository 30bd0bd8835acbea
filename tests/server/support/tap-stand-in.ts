// A local stand-in of Tap Payments' documented API (developers.tap.company), started by a test on
// 127.0.0.1, so the Tap adapter is checked against the documented request and response shapes without
// Tap's servers (unreachable here). It keeps charges and refunds in memory and plays the parts of
// Tap the server never sees directly: the payer finishing on the hosted page (INITIATED → CAPTURED /
// DECLINED / CANCELLED) and the webhooks Tap posts, signed by the documented hashstring. It is written
// from the documents, not from the adapter: a shape both got wrong the same way is what it cannot catch.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface TapRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Json | undefined;
}

export interface SignedWebhook {
  body: Json;
  hashstring: string;
}

export interface TapStandIn {
  /** The API base the adapter is given: http://127.0.0.1:<port>/v2 */
  base: string;
  /** Every request received, in order. */
  requests: TapRequest[];
  /** How long every answer waits, to play a Tap that does not answer in time. */
  delayMs: number;
  /** The status new refunds get (REFUNDED, PENDING, DECLINED…). */
  refundStatus: string;
  /** The payer finished on Tap's page: the charge takes `status`; returns the webhook Tap would post. */
  finish(
    chargeId: string,
    status: 'CAPTURED' | 'DECLINED' | 'CANCELLED',
    paid?: { sourceId?: string; paymentMethod?: string; scheme?: string },
  ): SignedWebhook;
  /** The refund settled later: it takes `status`; returns the webhook Tap would post for it. */
  settleRefund(refundId: string, status: string): SignedWebhook;
  /** The webhook Tap would post for a charge as it stands now. */
  webhookFor(chargeId: string): SignedWebhook;
  chargeCount(): number;
  refundCount(): number;
  close(): Promise<void>;
}

// "Amount should be rounded with standard decimal value (Ex: AED - 2.00, BHD - 3.000, KWD - 3.000,
// OMR - 3.000, QAR - 2.00, SAR - 2.00 …)" (docs/webhook).
const DECIMALS: Record<string, number> = { BHD: 3, KWD: 3, OMR: 3 };

/** The documented hashstring: HMAC-SHA256 under the secret key of the x_… fields, hex. */
function hashstring(secret: string, o: Json, created: unknown): string {
  const ref = (o.reference ?? {}) as Json;
  const currency = String(o.currency);
  const amount = Number(o.amount).toFixed(DECIMALS[currency] ?? 2);
  const message =
    'x_id' +
    String(o.id) +
    'x_amount' +
    amount +
    'x_currency' +
    currency +
    'x_gateway_reference' +
    String(ref.gateway ?? '') +
    'x_payment_reference' +
    String(ref.payment ?? '') +
    'x_status' +
    String(o.status) +
    'x_created' +
    String(created ?? '');
  return createHmac('sha256', secret).update(message).digest('hex');
}

const tapId = (prefix: string) => `${prefix}_TS${randomBytes(10).toString('hex')}`;

function errors(code: string, description: string): Json {
  return { errors: [{ code, description }] };
}

export async function startTapStandIn(secretKey: string): Promise<TapStandIn> {
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  /** reference.idempotent → the id of what it created ("the original response is returned"). */
  const idempotent = new Map<string, string>();
  const requests: TapRequest[] = [];
  let base = '';

  const state = { delayMs: 0, refundStatus: 'REFUNDED' };

  async function readBody(req: IncomingMessage): Promise<Json | undefined> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!chunks.length) return undefined;
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : undefined;
    } catch {
      return undefined;
    }
  }

  function createCharge(body: Json): [number, Json] {
    const source = body.source as Json | undefined;
    const redirect = body.redirect as Json | undefined;
    const reference = (body.reference ?? {}) as Json;
    if (typeof body.amount !== 'number' || body.amount <= 0) return [400, errors('1117', 'Amount is invalid')];
    if (typeof body.currency !== 'string' || body.currency.length !== 3) return [400, errors('1119', 'Currency is invalid')];
    if (typeof source?.id !== 'string') return [400, errors('1126', 'Source id is required')];
    if (typeof redirect?.url !== 'string') return [400, errors('1130', 'Redirect URL is required')];
    if (typeof (body.customer as Json | undefined)?.first_name !== 'string') return [400, errors('1106', 'Customer name is required')];
    const key = typeof reference.idempotent === 'string' ? `charge:${reference.idempotent}` : undefined;
    if (key && idempotent.has(key)) return [200, charges.get(idempotent.get(key)!)!];
    const id = tapId('chg');
    const charge: Json = {
      id,
      object: 'charge',
      live_mode: false,
      customer_initiated: true,
      api_version: 'V2',
      method: 'CREATE',
      status: 'INITIATED',
      amount: body.amount,
      currency: body.currency,
      threeDSecure: true,
      save_card: false,
      description: body.description ?? '',
      metadata: body.metadata ?? {},
      transaction: {
        timezone: 'UTC+03:00',
        created: String(Date.now()),
        url: `${base.replace(/\/v2$/, '')}/gosell/payment/${id}`,
        expiry: { period: 30, type: 'MINUTE' },
        asynchronous: false,
        amount: body.amount,
        currency: body.currency,
      },
      reference: { transaction: reference.transaction, order: reference.order },
      response: { code: '100', message: 'Initiated' },
      customer: body.customer,
      source: { object: 'source', id: source.id, on_file: false },
      redirect: { status: 'PENDING', url: redirect.url },
      post: { status: 'PENDING', url: (body.post as Json | undefined)?.url },
    };
    charges.set(id, charge);
    if (key) idempotent.set(key, id);
    return [200, charge];
  }

  function createRefund(body: Json): [number, Json] {
    const charge = typeof body.charge_id === 'string' ? charges.get(body.charge_id) : undefined;
    if (!charge) return [400, errors('1150', 'Charge id is invalid')];
    if (typeof body.reason !== 'string') return [400, errors('1151', 'Reason is required')];
    const reference = (body.reference ?? {}) as Json;
    const key = typeof reference.idempotent === 'string' ? `refund:${reference.idempotent}` : undefined;
    if (key && idempotent.has(key)) return [200, refunds.get(idempotent.get(key)!)!];
    if (charge.status !== 'CAPTURED') return [400, errors('1152', 'Only a captured charge can be refunded')];
    const refunded = [...refunds.values()].filter((r) => r.charge_id === charge.id && r.status !== 'DECLINED' && r.status !== 'FAILED');
    const left = Number(charge.amount) - refunded.reduce((sum, r) => sum + Number(r.amount), 0);
    if (typeof body.amount !== 'number' || body.amount <= 0 || body.amount > left + 1e-9)
      return [400, errors('1153', 'Refund amount is invalid')];
    if (body.currency !== charge.currency) return [400, errors('1154', 'Refund currency is invalid')];
    const id = tapId('re');
    const refund: Json = {
      id,
      object: 'refund',
      api_version: 'V2',
      live_mode: false,
      amount: body.amount,
      charge_id: charge.id,
      created: String(Date.now()),
      currency: body.currency,
      status: state.refundStatus,
      reference: { merchant: reference.merchant, gateway: `gw${randomBytes(4).toString('hex')}`, payment: String(Date.now()) },
      response: { code: state.refundStatus === 'REFUNDED' ? '000' : '100', message: state.refundStatus },
      metadata: body.metadata ?? {},
      reason: body.reason,
      post: { status: 'PENDING', url: (body.post as Json | undefined)?.url },
    };
    refunds.set(id, refund);
    if (key) idempotent.set(key, id);
    return [200, refund];
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body });
    // A slow Tap still does the work: only the answer is late (what a caller that gave up never sees).
    const answer = ((): [number, Json] => {
      if (req.headers.authorization !== `Bearer ${secretKey}`) return [401, errors('2107', 'Invalid API key')];
      if (req.method === 'POST' && url.pathname === '/v2/charges') return body ? createCharge(body) : [400, errors('1100', 'Invalid JSON')];
      if (req.method === 'POST' && url.pathname === '/v2/refunds') return body ? createRefund(body) : [400, errors('1100', 'Invalid JSON')];
      const m = /^\/v2\/charges\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const charge = charges.get(decodeURIComponent(m[1]!));
        return charge ? [200, { ...charge, method: 'GET' }] : [404, errors('1140', 'Charge not found')];
      }
      return [404, errors('1000', 'Not found')];
    })();
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer[0], { 'Content-Type': 'application/json' }).end(JSON.stringify(answer[1]));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;

  const signed = (o: Json, created: unknown): SignedWebhook => ({
    body: structuredClone(o),
    hashstring: hashstring(secretKey, o, created),
  });
  const chargeOf = (id: string) => {
    const charge = charges.get(id);
    if (!charge) throw new Error(`no charge ${id} in the stand-in`);
    return charge;
  };

  return {
    base,
    requests,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get refundStatus() {
      return state.refundStatus;
    },
    set refundStatus(status: string) {
      state.refundStatus = status;
    },
    finish(chargeId, status, paid = {}) {
      const charge = chargeOf(chargeId);
      charge.status = status;
      charge.response = { code: status === 'CAPTURED' ? '000' : '507', message: status === 'CAPTURED' ? 'Captured' : 'Declined' };
      charge.reference = { ...(charge.reference as Json), track: tapId('tck'), payment: String(Date.now()), gateway: '00' };
      charge.source = {
        ...(charge.source as Json),
        id: paid.sourceId ?? 'src_card',
        payment_method: paid.paymentMethod ?? 'VISA',
        type: 'CARD_NOT_PRESENT',
      };
      charge.card = { object: 'card', first_six: '531801', scheme: paid.scheme ?? paid.paymentMethod ?? 'VISA', last_four: '2742' };
      return signed(charge, (charge.transaction as Json).created);
    },
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId} in the stand-in`);
      refund.status = status;
      return signed(refund, refund.created);
    },
    webhookFor(chargeId) {
      const charge = chargeOf(chargeId);
      return signed(charge, (charge.transaction as Json).created);
    },
    chargeCount: () => charges.size,
    refundCount: () => refunds.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
