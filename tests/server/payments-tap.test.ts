// The Tap Payments adapter's contract, against a local stand-in of Tap's documented API
// (support/tap-stand-in.ts): the hosted checkout's charge request, the charge read back on return
// (never the query), the hashstring of webhooks (forged refused, replayed applied once), INITIATED /
// CAPTURED / DECLINED, refunds through the refund API (and their webhook), amounts as integers in minor
// units, idempotency strings, and the time limit on every call. Also the start-up checks of PAYMENTS.
import { describe, expect, it } from 'vitest';
import { createOrderResponseSchema, refundResponseSchema } from '../../contract/packages';
import { receiptResponseSchema } from '../../contract/receipts';
import { createApp } from '../../server/app';
import { GatewayUnavailableError } from '../../server/adapters/payments/gateway';
import { createTapGateway, decimalToMinor, minorToDecimal } from '../../server/adapters/payments/tap';
import { loadPaymentsConfig } from '../../server/config-payments';
import { assertProductionSafe } from '../../server/config-instances';
import { createLogger } from '../../server/logger';
import { renderEmail } from '../../server/modules/outbox/email-templates';
import { json, seededDb } from './helpers';
import { makeUser, packageId } from './packages-helpers';
import { perFile } from './support/per-file';
import { startTapStandIn } from './support/tap-stand-in';

const SECRET = 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ';
const PUBLIC = 'https://noor.example';
/** Short, so the slow-Tap cases stay cheap. */
const LIMIT_MS = 400;

const t = perFile(async () => {
  const base = await seededDb();
  const tap = await startTapStandIn(SECRET);
  const gateway = createTapGateway({ secretKey: SECRET, apiBase: tap.base, publicUrl: PUBLIC, timeoutMs: LIMIT_MS });
  const errors: string[] = [];
  const log = createLogger('info', (line) => {
    const entry = JSON.parse(line) as { level: string; msg: string };
    if (entry.level === 'error') errors.push(entry.msg);
  });
  const app = createApp({
    db: base.db,
    log,
    packages: {
      gateway,
      identify: async (c) => {
        const id = Number(c.req.header('x-test-user'));
        return Number.isInteger(id) && id > 0 ? { id } : null;
      },
      refundLimitMs: LIMIT_MS,
    },
  });
  const as = (userId: number | null) => {
    const headers: Record<string, string> = { 'Accept-Language': 'en', ...(userId ? { 'x-test-user': String(userId) } : {}) };
    return {
      get: (path: string) => app.request(path, { headers }),
      post: (path: string, body: unknown, extra: Record<string, string> = {}) => app.request(path, json(body, { ...headers, ...extra })),
    };
  };
  return { ...base, tap, app, as, errors, close: async () => (await tap.close(), await base.close()) };
});

async function order(student: number, hours = 4, promo?: string) {
  const res = await t.as(student).post('/api/v1/orders', { package_id: await packageId(t.db, hours), promo_code: promo });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = createOrderResponseSchema.parse(await res.json()).data;
  const row = await t.db.one<{ checkout_session: string; amount_minor: number; status: string }>(
    'SELECT checkout_session, amount_minor, status FROM orders WHERE id = $1',
    [created.id],
  );
  return { ...created, charge: row!.checkout_session, amountMinor: row!.amount_minor };
}

const statusOf = async (orderId: number) =>
  (await t.db.one<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]))!.status;
const hoursOf = async (student: number) =>
  (await t.db.one<{ m: number }>('SELECT COALESCE(SUM(delta_minutes), 0)::int AS m FROM hours_ledger WHERE user_id = $1', [student]))!.m /
  60;
const returnFrom = (query: string) => t.app.request(`/api/v1/payments/tap/return?${query}`);
const postWebhook = (hook: { body: unknown; hashstring?: string }) =>
  t.as(null).post('/api/v1/payments/webhook', hook.body, hook.hashstring === undefined ? {} : { hashstring: hook.hashstring });
const notificationsOf = async (student: number) =>
  (await t.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1 ORDER BY id', [student])).map((n) => n.type);

async function paidOrder(student: number, hours = 4) {
  const o = await order(student, hours);
  t.tap.finish(o.charge, 'CAPTURED');
  expect((await returnFrom(`tap_id=${o.charge}`)).headers.get('location')).toBe(`/packages?payment=success&order=${o.id}`);
  return o;
}

describe('amounts in minor units', () => {
  it('converts by text, never by floating point, and refuses more decimals than the currency has', () => {
    expect(minorToDecimal(78050, 'QAR')).toBe('780.50');
    expect(minorToDecimal(1, 'QAR')).toBe('0.01');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
    expect(decimalToMinor(780.5, 'QAR')).toBe(78050);
    expect(decimalToMinor('780.50', 'QAR')).toBe(78050);
    expect(decimalToMinor(0.1 + 0.2, 'QAR')).toBeNull();
    expect(decimalToMinor(1.2345, 'KWD')).toBeNull();
    expect(decimalToMinor(-1, 'QAR')).toBeNull();
    expect(decimalToMinor('1e3', 'QAR')).toBeNull();
  });
});

describe('the hosted checkout', () => {
  it('opens a src_all charge with the documented request and sends the payer to its page', async () => {
    const student = await makeUser(t.db);
    const before = t.tap.requests.length;
    const o = await order(student, 8, 'NOOR15');
    const [call] = t.tap.requests.slice(before);
    expect(call).toMatchObject({ method: 'POST', path: '/v2/charges', authorization: `Bearer ${SECRET}` });
    expect(call!.body).toMatchObject({
      amount: o.amountMinor / 100,
      currency: 'QAR',
      source: { id: 'src_all' },
      redirect: { url: `${PUBLIC}/api/v1/payments/tap/return` },
      post: { url: `${PUBLIC}/api/v1/payments/webhook` },
      reference: { order: `ord_${o.id}`, idempotent: `order-${o.id}-charge` },
      customer: { first_name: 'اختبار' },
    });
    expect(o.checkout_url).toBe(`${t.tap.base.replace(/\/v2$/, '')}/gosell/payment/${o.charge}`);
    expect(o.charge).toMatch(/^chg_/);
    expect(await statusOf(o.id)).toBe('pendingPayment');
  });

  it('INITIATED: a return before the bank confirms changes nothing, whatever its query says, and lands on "being confirmed"', async () => {
    const student = await makeUser(t.db);
    const o = await order(student);
    const res = await returnFrom(`tap_id=${o.charge}&status=CAPTURED&amount=${o.amount}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/packages?payment=pending&order=${o.id}`);
    expect(await statusOf(o.id)).toBe('pendingPayment');
    expect(await hoursOf(student)).toBe(0);
    // Tap's webhook for a charge still INITIATED is genuine but settles nothing.
    const early = t.tap.webhookFor(o.charge);
    expect(await (await postWebhook(early)).json()).toMatchObject({ data: { order_id: null, applied: false } });
    expect(await statusOf(o.id)).toBe('pendingPayment');
    // The bank confirms: the webhook pays the order, and the page the family watches turns to paid.
    expect(await (await postWebhook(t.tap.finish(o.charge, 'CAPTURED'))).json()).toMatchObject({
      data: { order_id: o.id, status: 'paid', applied: true },
    });
    expect(await hoursOf(student)).toBe(4);
    const orders = (await (await t.as(student).get('/api/v1/orders')).json()) as { data: Array<{ id: number; status: string }> };
    expect(orders.data.find((x) => x.id === o.id)?.status).toBe('paid');
    // A charge Tap does not know: the plain page; a malformed id: 400.
    expect((await returnFrom('tap_id=chg_NoSuchCharge1')).headers.get('location')).toBe('/packages');
    expect((await returnFrom('tap_id=../../charges')).status).toBe(400);
    expect((await returnFrom('')).status).toBe(400);
  });

  it('a return while Tap is unreachable lands on "being confirmed" for that order; a later return reads the verdict', async () => {
    const student = await makeUser(t.db);
    const o = await order(student);
    t.tap.delayMs = LIMIT_MS * 3;
    try {
      expect((await returnFrom(`tap_id=${o.charge}`)).headers.get('location')).toBe(`/packages?payment=pending&order=${o.id}`);
      // Another family's session cannot be named by guessing: an unknown id is the plain page.
      expect((await returnFrom('tap_id=chg_Guessed0000')).headers.get('location')).toBe('/packages');
    } finally {
      t.tap.delayMs = 0;
    }
    expect(await statusOf(o.id)).toBe('pendingPayment');
    t.tap.finish(o.charge, 'DECLINED');
    expect((await returnFrom(`tap_id=${o.charge}`)).headers.get('location')).toBe(`/packages?payment=failed&order=${o.id}`);
  });

  it('CAPTURED is read back from Tap on return and credits the hours once; the webhook after it is a replay', async () => {
    const student = await makeUser(t.db);
    const o = await order(student);
    const hook = t.tap.finish(o.charge, 'CAPTURED', { sourceId: 'src_qa.qpay', paymentMethod: 'QPAY', scheme: 'NAPS' });
    const before = t.tap.requests.length;
    const res = await returnFrom(`tap_id=${o.charge}`);
    expect(res.headers.get('location')).toBe(`/packages?payment=success&order=${o.id}`);
    expect(t.tap.requests.slice(before)).toMatchObject([{ method: 'GET', path: `/v2/charges/${o.charge}` }]);
    expect(await statusOf(o.id)).toBe('paid');
    expect(await hoursOf(student)).toBe(4);

    for (let i = 0; i < 2; i++) {
      const again = await postWebhook(hook);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ data: { order_id: o.id, status: 'paid', applied: false } });
    }
    expect(await hoursOf(student)).toBe(4);
    expect(await notificationsOf(student)).toEqual(['payment_completed']);
    const receipt = receiptResponseSchema.parse(await (await t.as(student).get(`/api/v1/orders/${o.id}/receipt`)).json()).data;
    expect(receipt).toMatchObject({ gateway: 'tap', payment_method: 'naps', gateway_reference: o.charge });
  });

  it('DECLINED by webhook fails the order; the return then says so', async () => {
    const student = await makeUser(t.db);
    const o = await order(student);
    const res = await postWebhook(t.tap.finish(o.charge, 'DECLINED'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { order_id: o.id, status: 'failed', applied: true } });
    expect((await returnFrom(`tap_id=${o.charge}`)).headers.get('location')).toBe(`/packages?payment=failed&order=${o.id}`);
    expect(await hoursOf(student)).toBe(0);
    expect(await notificationsOf(student)).toEqual(['payment_failed']);
  });

  it('refuses a forged or altered webhook, changing nothing', async () => {
    const student = await makeUser(t.db);
    const o = await order(student);
    const genuine = t.tap.finish(o.charge, 'CAPTURED');
    const forged = [
      { body: genuine.body },
      { body: genuine.body, hashstring: 'f'.repeat(64) },
      { body: { ...genuine.body, amount: 0.01 }, hashstring: genuine.hashstring },
      { body: { ...genuine.body, status: 'CAPTURED', id: 'chg_other' }, hashstring: genuine.hashstring },
      { body: 'not json at all', hashstring: genuine.hashstring },
    ];
    for (const hook of forged) expect((await postWebhook(hook)).status).toBe(400);
    // The hashstring does not cover reference.order: pointing the genuine charge at another order fails
    // on that order's own checkout session instead.
    const other = await order(await makeUser(t.db));
    const moved = {
      body: { ...genuine.body, reference: { ...(genuine.body.reference as object), order: `ord_${other.id}` } },
      hashstring: genuine.hashstring,
    };
    expect((await postWebhook(moved)).status).toBe(409);
    expect(await statusOf(o.id)).toBe('pendingPayment');
    expect(await statusOf(other.id)).toBe('pendingPayment');
    // The genuine one, applied once however often it is replayed.
    const results = await Promise.all([postWebhook(genuine), postWebhook(genuine), postWebhook(genuine)]);
    const applied = await Promise.all(results.map(async (r) => ((await r.json()) as { data: { applied: boolean } }).data.applied));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await hoursOf(student)).toBe(4);
  });

  it('answers 502 within the time limit when Tap is slow or unreachable, and the order is closed', async () => {
    const student = await makeUser(t.db);
    t.tap.delayMs = LIMIT_MS * 3;
    try {
      const started = Date.now();
      const res = await t.as(student).post('/api/v1/orders', { package_id: await packageId(t.db, 4) });
      expect(res.status).toBe(502);
      expect(Date.now() - started).toBeLessThan(LIMIT_MS * 3);
    } finally {
      t.tap.delayMs = 0;
    }
    const row = await t.db.one<{ status: string }>('SELECT status FROM orders WHERE user_id = $1', [student]);
    expect(row!.status).toBe('failed');
    const nowhere = createTapGateway({ secretKey: SECRET, apiBase: 'http://127.0.0.1:9/v2', publicUrl: PUBLIC, timeoutMs: LIMIT_MS });
    await expect(nowhere.createCheckout({ id: 1, amountMinor: 100, currency: 'QAR', locale: 'en' })).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });
});

describe('refunds through Tap', () => {
  const refund = (student: number, orderId: number) => t.as(student).post(`/api/v1/orders/${orderId}/refund`, {});
  const refundState = async (orderId: number) =>
    (await t.db.one<{ refund_status: string | null; refund_reference: string | null }>(
      'SELECT refund_status, refund_reference FROM orders WHERE id = $1',
      [orderId],
    ))!;

  it('gives the money back with the documented refund request, and tells the family', async () => {
    const student = await makeUser(t.db);
    const o = await paidOrder(student);
    const before = t.tap.requests.length;
    const res = await refund(student, o.id);
    expect(res.status).toBe(200);
    expect(refundResponseSchema.parse(await res.json()).data).toMatchObject({ order_id: o.id, hours: 4, amount: o.amount });
    expect(t.tap.requests.slice(before)).toMatchObject([
      {
        method: 'POST',
        path: '/v2/refunds',
        body: {
          charge_id: o.charge,
          amount: o.amountMinor / 100,
          currency: 'QAR',
          reason: 'requested_by_customer',
          reference: { idempotent: `order-${o.id}-refund` },
        },
      },
    ]);
    expect(await refundState(o.id)).toMatchObject({ refund_status: 'refunded', refund_reference: expect.stringMatching(/^re_/) });
    expect(await hoursOf(student)).toBe(0);
    expect(await notificationsOf(student)).toEqual(['payment_completed', 'payment_refunded']);
    const receipt = receiptResponseSchema.parse(await (await t.as(student).get(`/api/v1/orders/${o.id}/refund-receipt`)).json()).data;
    expect(receipt).toMatchObject({ kind: 'refund', gateway: 'tap', gateway_reference: (await refundState(o.id)).refund_reference });
  });

  it('PENDING settles by its webhook, once; a forged refund webhook is refused', async () => {
    const student = await makeUser(t.db);
    const o = await paidOrder(student);
    t.tap.refundStatus = 'PENDING';
    try {
      expect((await refund(student, o.id)).status).toBe(200);
    } finally {
      t.tap.refundStatus = 'REFUNDED';
    }
    const { refund_reference } = await refundState(o.id);
    expect(await refundState(o.id)).toMatchObject({ refund_status: 'pending' });
    const hook = t.tap.settleRefund(refund_reference!, 'REFUNDED');
    expect((await postWebhook({ body: { ...hook.body, status: 'FAILED' }, hashstring: hook.hashstring })).status).toBe(400);
    const first = await postWebhook(hook);
    expect(await first.json()).toMatchObject({ data: { order_id: o.id, status: 'refunded', applied: true } });
    const replay = await postWebhook(hook);
    expect(await replay.json()).toMatchObject({ data: { order_id: o.id, status: 'refunded', applied: false } });
    expect(await refundState(o.id)).toMatchObject({ refund_status: 'refunded' });
  });

  it('a refund Tap declines changes nothing (502)', async () => {
    const student = await makeUser(t.db);
    const o = await paidOrder(student);
    t.tap.refundStatus = 'DECLINED';
    try {
      expect((await refund(student, o.id)).status).toBe(502);
    } finally {
      t.tap.refundStatus = 'REFUNDED';
    }
    expect(await refundState(o.id)).toEqual({ refund_status: null, refund_reference: null });
    expect(await hoursOf(student)).toBe(4);
  });

  it('past the time limit the refund rolls back; the retry carries the same idempotency string and refunds once', async () => {
    const student = await makeUser(t.db);
    const o = await paidOrder(student);
    const refundsBefore = t.tap.refundCount();
    t.tap.delayMs = LIMIT_MS * 2;
    try {
      const started = Date.now();
      expect((await refund(student, o.id)).status).toBe(502);
      expect(Date.now() - started).toBeLessThan(LIMIT_MS * 2);
    } finally {
      t.tap.delayMs = 0;
    }
    expect(await hoursOf(student)).toBe(4);
    expect(await refundState(o.id)).toEqual({ refund_status: null, refund_reference: null });
    // Tap made the refund after we stopped waiting; asking again answers that same refund.
    await new Promise((r) => setTimeout(r, LIMIT_MS * 2));
    expect((await refund(student, o.id)).status).toBe(200);
    expect(t.tap.refundCount() - refundsBefore).toBe(1);
    expect(await hoursOf(student)).toBe(0);
  });

  it("the refund's e-mail reads in Arabic (right to left) and English", () => {
    const mail = (locale: 'ar' | 'en') =>
      renderEmail({
        type: 'payment_refunded',
        params: { order_id: 42, hours: 4, package_name_ar: 'باقة البداية', package_name_en: 'Starter' },
        locale,
        timeZone: 'Asia/Qatar',
        recipientName: 'مريم',
        link: `${PUBLIC}/packages`,
      });
    expect(mail('ar')).toMatchObject({ subject: 'تم استرداد الطلب رقم 42' });
    expect(mail('ar').html).toContain('dir="rtl"');
    expect(mail('ar').text).toContain('باقة البداية');
    expect(mail('en')).toMatchObject({ subject: 'Order no. 42 refunded' });
    expect(mail('en').text).toContain('We refunded the Starter package');
  });

  it('a refund webhook no order knows is acknowledged and left for an operator', async () => {
    const student = await makeUser(t.db);
    const o = await paidOrder(student);
    // A refund made on Tap's dashboard, not through this server.
    const made = await fetch(`${t.tap.base}/refunds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ charge_id: o.charge, amount: o.amountMinor / 100, currency: 'QAR', reason: 'duplicate' }),
    });
    const { id } = (await made.json()) as { id: string };
    const res = await postWebhook(t.tap.settleRefund(id, 'REFUNDED'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { order_id: null, applied: false } });
    expect(t.errors).toContain('refund needs an operator');
  });
});

describe('choosing the gateway at start-up', () => {
  const tap = { PAYMENTS: 'tap', TAP_SECRET_KEY: 'sk_live_abc123', PUBLIC_URL: 'https://noor.example' };

  it('reads PAYMENTS=tap with its key, public URL, API base and time limit', () => {
    expect(loadPaymentsConfig({}, false)).toEqual({ kind: 'sandbox' });
    expect(loadPaymentsConfig({ ...tap, TAP_API_BASE: 'http://127.0.0.1:8080/v2/', TAP_TIMEOUT_MS: '3000' }, false)).toEqual({
      kind: 'tap',
      secretKey: 'sk_live_abc123',
      apiBase: 'http://127.0.0.1:8080/v2',
      publicUrl: 'https://noor.example',
      timeoutMs: 3000,
    });
    expect(loadPaymentsConfig(tap, true)).toMatchObject({ kind: 'tap', apiBase: 'https://api.tap.company/v2', timeoutMs: 10_000 });
  });

  it('stops the start with a sentence naming what is wrong', () => {
    expect(() => loadPaymentsConfig({ PAYMENTS: 'stripe' }, false)).toThrow(/PAYMENTS must be "sandbox" or "tap"/);
    expect(() => loadPaymentsConfig({ PAYMENTS: 'tap' }, false)).toThrow(/needs TAP_SECRET_KEY/);
    expect(() => loadPaymentsConfig({ ...tap, TAP_SECRET_KEY: 'pk_live_abc' }, false)).toThrow(/TAP_SECRET_KEY must be a Tap secret key/);
    expect(() => loadPaymentsConfig({ ...tap, PUBLIC_URL: '' }, false)).toThrow(/needs PUBLIC_URL/);
    expect(() => loadPaymentsConfig({ ...tap, TAP_TIMEOUT_MS: '0' }, false)).toThrow(/TAP_TIMEOUT_MS/);
    expect(() => loadPaymentsConfig({ ...tap, TAP_API_BASE: 'http://tap.example/v2' }, true)).toThrow(/TAP_API_BASE must use https/);
    expect(() => loadPaymentsConfig({ ...tap, TAP_SECRET_KEY: 'sk_test_abc' }, true)).toThrow(/test key/);
    expect(loadPaymentsConfig({ ...tap, TAP_SECRET_KEY: 'sk_test_abc', ALLOW_SANDBOX_PAYMENTS: '1' }, true)).toMatchObject({ kind: 'tap' });
  });

  it('production refuses the sandbox unless told explicitly, and takes Tap without that switch', () => {
    const prod = { NODE_ENV: 'production', OTP_SECRET: 'x', PUSHER_SECRET: 'a-real-secret', ADMIN_TOKEN: 'a'.repeat(40) };
    expect(() => assertProductionSafe(prod)).toThrow(/sandbox payment gateway/);
    expect(() => assertProductionSafe({ ...prod, ALLOW_SANDBOX_PAYMENTS: '1' })).not.toThrow();
    expect(() => assertProductionSafe({ ...prod, PAYMENTS: 'tap' })).not.toThrow();
  });
});
