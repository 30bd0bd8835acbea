// The packages API as a student, a teacher and a payment gateway see it: the package list, promo codes
// with each refusal localized, the sandbox checkout from order to credited hours, and the money rules
// (a confirmation credits once however often and however concurrently it arrives; a changed amount is
// refused; declines, cancels and expiry credit nothing and give the promo use back).
import { beforeAll, describe, expect, it } from 'vitest';
import { ordersResponseSchema, packagesResponseSchema, promoCheckResponseSchema, promoRejectionBodySchema } from '../../contract/packages';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { APPROVE, checkout, DECLINE, makeUser, packageId, packagesApp } from './packages-helpers';
import { perFile } from './support/per-file';

const t = perFile(packagesApp);

const { balanceOf, order, payForm, signedApproval, webhook } = checkout(t);

describe('GET /api/v1/packages', () => {
  it('lists the packages with price, validity, price per hour and one best value, in the caller language', async () => {
    const res = await t.as(null).get('/api/v1/packages');
    expect(res.status).toBe(200);
    const { data } = packagesResponseSchema.parse(await res.json());
    expect(data.map((p) => [p.hours, p.price, p.validity_days, p.price_per_hour])).toEqual([
      [4, 480, 30, 120],
      [8, 880, 60, 110],
      [12, 1200, 90, 100],
      [20, 1800, 120, 90],
    ]);
    expect(data.filter((p) => p.best_value).map((p) => p.hours)).toEqual([20]);
    expect(data.every((p) => p.currency === 'QAR' && p.name === p.name_en)).toBe(true);
    const ar = packagesResponseSchema.parse(await (await t.as(null, 'ar').get('/api/v1/packages')).json());
    expect(ar.data[0]!.name).toBe('باقة البداية');
  });
});

describe('POST /api/v1/promo-codes/check', () => {
  let student: number;
  beforeAll(async () => {
    student = await makeUser(t.db);
  });

  it('a percentage code: the server computes the discounted price (any letter case)', async () => {
    const res = await t.as(student).post('/api/v1/promo-codes/check', { code: ' noor15 ', package_id: await packageId(t.db, 4) });
    expect(res.status).toBe(200);
    expect(promoCheckResponseSchema.parse(await res.json()).data).toMatchObject({
      code: 'NOOR15',
      list_price: 480,
      discount: 72,
      amount: 408,
    });
  });

  it('a fixed code on a package it applies to', async () => {
    const res = await t.as(student).post('/api/v1/promo-codes/check', { code: 'WELCOME100', package_id: await packageId(t.db, 8) });
    expect(promoCheckResponseSchema.parse(await res.json()).data).toMatchObject({ list_price: 880, discount: 100, amount: 780 });
  });

  it.each([
    ['NO-SUCH-CODE', 4, 'invalid', 'This promo code is not valid', 'رمز الخصم غير صحيح'],
    ['RAMADAN2024', 4, 'expired', 'This promo code has expired', 'انتهت صلاحية رمز الخصم'],
    ['FIRST50', 4, 'used_up', 'This promo code has already been used up', 'تم استخدام رمز الخصم بالحد الأقصى المسموح'],
    ['WELCOME100', 4, 'not_applicable', 'This promo code does not apply to this package', 'رمز الخصم لا ينطبق على هذه الباقة'],
  ])('%s → 422 %s with its own message in both languages', async (code, hours, reason, en, ar) => {
    const body = { code, package_id: await packageId(t.db, hours) };
    const resEn = await t.as(student, 'en').post('/api/v1/promo-codes/check', body);
    expect(resEn.status).toBe(422);
    expect(promoRejectionBodySchema.parse(await resEn.json())).toEqual({ message: en, code: reason });
    const resAr = await t.as(student, 'ar').post('/api/v1/promo-codes/check', body);
    expect((await resAr.json()).message).toBe(ar);
  });

  it('needs a signed-in student: 401 for nobody, 403 for a teacher, 400 for a missing field', async () => {
    const body = { code: 'NOOR15', package_id: await packageId(t.db, 4) };
    expect((await t.as(null).post('/api/v1/promo-codes/check', body)).status).toBe(401);
    const teacher = await makeUser(t.db, 'instructor', false);
    expect((await t.as(teacher).post('/api/v1/promo-codes/check', body)).status).toBe(403);
    const res = await t.as(student).post('/api/v1/promo-codes/check', { package_id: body.package_id });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.code).toEqual(['This field is required']);
  });
});

describe('buying through the sandbox checkout', () => {
  it('approved card: the order is paid, the hours credited once though return and webhook both arrived', async () => {
    const student = await makeUser(t.db);
    const before = await balanceOf(student);
    const created = await order(student, 4, 'NOOR15');
    expect(created).toMatchObject({ amount: 408, currency: 'QAR', status: 'pendingPayment' });
    expect(created.checkout_url).toMatch(/^\/api\/v1\/sandbox\/checkout\/cs_[\w-]+\?lang=en$/);

    const page = await t.app.request(created.checkout_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('QAR');
    expect(html).toContain('4242 4242 4242 4242');

    t.requests.length = 0;
    const paid = await payForm(created.checkout_url, APPROVE);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/packages?payment=success&order=${created.id}`);
    // The gateway's webhook really arrived too, through the HTTP stack, and was answered 200.
    expect(t.requests).toContainEqual({ path: '/api/v1/payments/webhook', status: 200 });

    const after = await balanceOf(student);
    expect(after.hours_remaining).toBe(before.hours_remaining + 4);
    expect(after.expires_at).not.toBeNull();
    const orders = ordersResponseSchema.parse(await (await t.as(student).get('/api/v1/orders')).json()).data;
    expect(orders[0]).toMatchObject({ id: created.id, status: 'paid', amount: 408, discount: 72, promo_code: 'NOOR15', hours: 4 });

    // The checkout page is closed now.
    expect((await t.app.request(created.checkout_url)).status).toBe(409);
    expect((await payForm(created.checkout_url, APPROVE)).status).toBe(409);
  });

  it('declined card and cancel: failed, nothing credited, the promo use given back', async () => {
    const student = await makeUser(t.db);
    const usedBefore = await t.db.one<{ used_count: number }>("SELECT used_count FROM promo_codes WHERE code = 'WELCOME100'");
    const declined = await order(student, 8, 'WELCOME100');
    const res = await payForm(declined.checkout_url, DECLINE);
    expect(res.headers.get('location')).toBe(`/packages?payment=failed&order=${declined.id}`);
    // The once-per-student code is usable again because that order failed.
    const cancelled = await order(student, 8, 'WELCOME100');
    const res2 = await payForm(cancelled.checkout_url, { action: 'cancel', lang: 'ar' });
    expect(res2.headers.get('location')).toBe(`/packages?payment=failed&order=${cancelled.id}`);

    expect((await balanceOf(student)).hours_remaining).toBe(0);
    const orders = ordersResponseSchema.parse(await (await t.as(student).get('/api/v1/orders')).json()).data;
    expect(orders.map((o) => [o.id, o.status, o.failure])).toEqual([
      [cancelled.id, 'failed', 'cancelled'],
      [declined.id, 'failed', 'declined'],
    ]);
    const usedAfter = await t.db.one<{ used_count: number }>("SELECT used_count FROM promo_codes WHERE code = 'WELCOME100'");
    expect(usedAfter!.used_count).toBe(usedBefore!.used_count);
  });

  it('a wrong card form is shown again with its errors, in the page language, and the order stays open', async () => {
    const student = await makeUser(t.db);
    const created = await order(student, 4);
    const res = await payForm(created.checkout_url, {
      action: 'pay',
      card_number: '1234',
      expiry: '01/20',
      cvc: 'x',
      name: '',
      lang: 'ar',
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('أدخل رقم بطاقة من 16 رقماً');
    expect(html).toContain('aria-invalid="true"');
    const unknown = await payForm(created.checkout_url, { ...APPROVE, card_number: '5555 5555 5555 4444' });
    expect(await unknown.text()).toContain('Use one of the test cards listed below');
    const row = await t.db.one<{ status: string }>('SELECT status FROM orders WHERE id = $1', [created.id]);
    expect(row!.status).toBe('pendingPayment');
  });

  it('an unpaid order expires after its deadline: listed as expired, checkout closed, promo use released', async () => {
    const student = await makeUser(t.db);
    const created = await order(student, 4, 'NOOR15');
    const used = async () => (await t.db.one<{ n: number }>("SELECT used_count AS n FROM promo_codes WHERE code = 'NOOR15'"))!.n;
    const usedWhileOpen = await used();
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 31 * 60_000);
    try {
      const orders = ordersResponseSchema.parse(await (await t.as(student).get('/api/v1/orders')).json()).data;
      expect(orders[0]).toMatchObject({ id: created.id, status: 'expired' });
      expect(await used()).toBe(usedWhileOpen - 1);
      expect((await t.app.request(created.checkout_url)).status).toBe(409);
      // A confirmation after expiry is refused and credits nothing.
      expect((await webhook(await signedApproval(created.id))).status).toBe(409);
      expect((await balanceOf(student)).hours_remaining).toBe(0);
    } finally {
      t.clock.now = saved;
    }
  });

  it('a teacher cannot buy, and nobody signed in cannot either', async () => {
    const teacher = await makeUser(t.db, 'instructor', false);
    const body = { package_id: await packageId(t.db, 4) };
    expect((await t.as(teacher).post('/api/v1/orders', body)).status).toBe(403);
    expect((await t.as(teacher).get('/api/v1/balance')).status).toBe(403);
    expect((await t.as(null).post('/api/v1/orders', body)).status).toBe(401);
    expect((await t.as(null).get('/api/v1/orders')).status).toBe(401);
  });

  it('an unknown package is a 400 on package_id', async () => {
    const student = await makeUser(t.db);
    const res = await t.as(student).post('/api/v1/orders', { package_id: 999_999 });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.package_id).toEqual(['This package is not available']);
  });
});

describe('open checkouts per family', () => {
  it('five at once: the sixth is a localized 409 that writes nothing, and a lapsed one frees its place', async () => {
    const student = await makeUser(t.db);
    for (let i = 0; i < 5; i++) await order(student, 4);
    const count = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [student]))!.n;
    const body = { package_id: await packageId(t.db, 4) };
    const refused = await t.as(student).post('/api/v1/orders', body);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/five payments that are not finished/);
    const ar = await t.as(student, 'ar').post('/api/v1/orders', body);
    expect((await ar.json()).message).toContain('خمس عمليات دفع');
    expect(await count()).toBe(5);
    // Another family is not affected.
    expect((await t.as(await makeUser(t.db)).post('/api/v1/orders', body)).status).toBe(201);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 31 * 60_000);
    try {
      expect((await t.as(student).post('/api/v1/orders', body)).status).toBe(201);
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('confirmations (webhook)', () => {
  it('a replayed confirmation credits once', async () => {
    const student = await makeUser(t.db);
    const created = await order(student, 8);
    const confirmation = await signedApproval(created.id);
    const first = await webhook(confirmation);
    expect(first.status).toBe(200);
    expect((await first.json()).data).toEqual({ order_id: created.id, status: 'paid', applied: true });
    for (let i = 0; i < 3; i++) {
      const again = await webhook(confirmation);
      expect(again.status).toBe(200);
      expect((await again.json()).data.applied).toBe(false);
    }
    expect((await balanceOf(student)).hours_remaining).toBe(8);
  });

  it('N concurrent confirmations of one payment credit once', async () => {
    const student = await makeUser(t.db);
    const created = await order(student, 12);
    const confirmation = await signedApproval(created.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => webhook(confirmation)));
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ data: { applied: boolean } }>));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((b) => b.data.applied)).toHaveLength(1);
    expect((await balanceOf(student)).hours_remaining).toBe(12);
    const credits = await t.db.one<{ n: number }>("SELECT count(*) AS n FROM hours_ledger WHERE order_id = $1 AND reason = 'purchase'", [
      created.id,
    ]);
    expect(credits!.n).toBe(1);
  });

  it('two different payments for one order: the second is refused, still one credit', async () => {
    const student = await makeUser(t.db);
    const created = await order(student, 4);
    const [a, b] = await Promise.all([webhook(await signedApproval(created.id)), webhook(await signedApproval(created.id))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await balanceOf(student)).hours_remaining).toBe(4);
  });

  it('a tampered amount is refused: altered after signing (400) or signed for another amount (409); nothing credited', async () => {
    const student = await makeUser(t.db);
    const created = await order(student, 20);
    const genuine = await signedApproval(created.id);
    const altered = await webhook({ ...genuine, amount: 100 });
    expect(altered.status).toBe(400);
    expect((await altered.json()).message).toBe('The payment confirmation could not be verified');
    const underpaid = await webhook(await signedApproval(created.id, { amount: 100 }));
    expect(underpaid.status).toBe(409);
    expect((await underpaid.json()).message).toBe('The amount paid does not match the order');
    expect((await webhook({ ...genuine, signature: 'nonsense' })).status).toBe(400);
    expect((await webhook('not json at all')).status).toBe(400);
    expect((await balanceOf(student)).hours_remaining).toBe(0);
    const row = await t.db.one<{ status: string }>('SELECT status FROM orders WHERE id = $1', [created.id]);
    expect(row!.status).toBe('pendingPayment');
    // The genuine one still goes through.
    expect((await webhook(genuine)).status).toBe(200);
    expect((await balanceOf(student)).hours_remaining).toBe(20);
  });

  it('an unknown order is a 404', async () => {
    const fields = { order_id: 987_654, session: 'cs_x', status: 'approved' as const, amount: 100, currency: 'QAR', reference: 'r-404' };
    expect((await webhook({ ...fields, signature: t.gateway.sign(fields) })).status).toBe(404);
  });
});

describe('promo usage limits under concurrency', () => {
  it('a once-per-student code: of 6 simultaneous orders by one student exactly one gets it', async () => {
    const student = await makeUser(t.db);
    const pkg = await packageId(t.db, 8);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.as(student).post('/api/v1/orders', { package_id: pkg, promo_code: 'WELCOME100' })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    const refused = await Promise.all(answers.filter((r) => r.status === 422).map((r) => r.json()));
    expect(refused.every((b) => b.code === 'used_up')).toBe(true);
  });

  it('a code with 3 uses: of 8 students ordering at once exactly 3 get it', async () => {
    await t.db.query("INSERT INTO promo_codes (code, kind, value, expires_at, max_uses) VALUES ('THREE', 'percent', 10, '2099-01-01', 3)");
    const students = await Promise.all(Array.from({ length: 8 }, () => makeUser(t.db)));
    const pkg = await packageId(t.db, 4);
    const answers = await Promise.all(students.map((s) => t.as(s).post('/api/v1/orders', { package_id: pkg, promo_code: 'three' })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(5);
    const code = await t.db.one<{ used_count: number }>("SELECT used_count FROM promo_codes WHERE code = 'THREE'");
    expect(code!.used_count).toBe(3);
  });
});

describe('privacy', () => {
  it("one student never sees another's orders or balance", async () => {
    const alice = await makeUser(t.db);
    const bob = await makeUser(t.db);
    const created = await order(alice, 4);
    await webhook(await signedApproval(created.id));
    const bobsOrders = ordersResponseSchema.parse(await (await t.as(bob).get('/api/v1/orders')).json()).data;
    expect(bobsOrders).toEqual([]);
    expect((await balanceOf(bob)).hours_remaining).toBe(0);
    expect((await balanceOf(alice)).hours_remaining).toBe(4);
  });
});

describe('the sandbox test switches (development only)', () => {
  const headersOf = (userId: number, more: Record<string, string>) => ({ 'Accept-Language': 'en', 'x-test-user': String(userId), ...more });

  it('X-Sandbox-Outage: the checkout cannot open, the order is failed (checkout_failed); the next one opens', async () => {
    const student = await makeUser(t.db);
    const body = JSON.stringify({ package_id: await packageId(t.db, 4) });
    const down = await t.app.request('/api/v1/orders', {
      method: 'POST',
      body,
      headers: headersOf(student, { 'Content-Type': 'application/json', 'X-Sandbox-Outage': '1' }),
    });
    expect(down.status).toBe(502);
    const [failed] = ordersResponseSchema.parse(await (await t.as(student).get('/api/v1/orders')).json()).data;
    expect(failed).toMatchObject({ status: 'failed', failure: 'checkout_failed' });
    expect((await order(student, 4)).status).toBe('pendingPayment');
  });

  it('X-Sandbox-Now: the order list read later expires what is past its deadline by then; an earlier time is ignored', async () => {
    const student = await makeUser(t.db);
    const created = await order(student, 4);
    const listAt = async (at: Date) =>
      ordersResponseSchema.parse(
        await (await t.app.request('/api/v1/orders', { headers: headersOf(student, { 'X-Sandbox-Now': at.toISOString() }) })).json(),
      ).data[0];
    expect(await listAt(new Date(t.clock.now.getTime() - 60 * 60_000))).toMatchObject({ id: created.id, status: 'pendingPayment' });
    expect(await listAt(new Date(t.clock.now.getTime() + 31 * 60_000))).toMatchObject({ id: created.id, status: 'expired' });
    expect((await t.app.request(created.checkout_url)).status).toBe(409);
  });

  it('without dev tools both headers are ignored', async () => {
    const closed = createApp({
      db: t.db,
      log: createLogger('silent'),
      auth: { devTools: false },
      packages: { identify: async (c) => ({ id: Number(c.req.header('x-test-user')) }) },
    });
    const student = await makeUser(t.db);
    const res = await closed.request('/api/v1/orders', {
      method: 'POST',
      body: JSON.stringify({ package_id: await packageId(t.db, 4) }),
      headers: headersOf(student, { 'Content-Type': 'application/json', 'X-Sandbox-Outage': '1' }),
    });
    expect(res.status).toBe(201);
    const later = new Date(Date.now() + 31 * 60_000).toISOString();
    const listed = await closed.request('/api/v1/orders', { headers: headersOf(student, { 'X-Sandbox-Now': later }) });
    expect(ordersResponseSchema.parse(await listed.json()).data[0]).toMatchObject({ status: 'pendingPayment' });
  });
});
