// Receipts of paid orders: every payment issues one, numbered per year in Qatar's calendar without gaps
// or duplicates however many payments arrive at once (and a replayed confirmation issues none); the
// receipt says what was bought, at which price, with which code, how it was paid and who sold it; only
// the family that paid reads it.
import { describe, expect, it } from 'vitest';
import { ordersResponseSchema } from '../../contract/packages';
import { receiptResponseSchema } from '../../contract/receipts';
import { APPROVE, checkout, makeUser, packagesApp } from './packages-helpers';
import { perFile } from './support/per-file';

const t = perFile(packagesApp);
const { order, payForm, signedApproval, webhook } = checkout(t);

async function numbersOf(year: number): Promise<number[]> {
  const rows = await t.db.query<{ number: number }>('SELECT number FROM receipts WHERE year = $1 ORDER BY number', [year]);
  return rows.map((r) => r.number);
}

describe('receipts', () => {
  it('a paid order has a receipt in the payer’s language with the price, the code, the payment and the seller', async () => {
    t.clock.now = new Date('2030-03-10T09:15:00Z');
    const student = await makeUser(t.db);
    const created = await order(student, 8, 'NOOR15');
    expect((await payForm(created.checkout_url, APPROVE)).status).toBe(303);

    const res = await t.as(student, 'en').get(`/api/v1/orders/${created.id}/receipt`);
    expect(res.status).toBe(200);
    const receipt = receiptResponseSchema.parse(await res.json()).data;
    expect(receipt).toMatchObject({
      number: expect.stringMatching(/^2030-\d{6}$/),
      kind: 'payment',
      issued_at: '2030-03-10T09:15:00.000Z',
      time_zone: 'Asia/Qatar',
      order_id: created.id,
      package_name: 'Steady',
      hours: 8,
      list_price: 880,
      promo_code: 'NOOR15',
      discount: 132,
      amount: 748,
      currency: 'QAR',
      payment_method: 'card',
      gateway: 'sandbox',
      gateway_reference: expect.stringMatching(/^sbx_/),
      company: { name: 'Noor Tutoring W.L.L.', address: 'Doha, Qatar' },
    });
    const arabic = receiptResponseSchema.parse(await (await t.as(student, 'ar').get(`/api/v1/orders/${created.id}/receipt`)).json()).data;
    expect(arabic.number).toBe(receipt.number);
    expect(arabic.company.name).toBe('نور للتعليم ذ.م.م');
    expect(arabic.package_name).not.toBe('Steady');

    // The purchase history names the receipt, the code and the discount.
    const history = ordersResponseSchema.parse(await (await t.as(student).get('/api/v1/orders')).json()).data;
    expect(history.find((o) => o.id === created.id)).toMatchObject({ receipt_number: receipt.number, promo_code: 'NOOR15', discount: 132 });
  });

  it('only the family that paid reads it; an unpaid order has none', async () => {
    t.clock.now = new Date('2030-04-01T10:00:00Z');
    const payer = await makeUser(t.db);
    const other = await makeUser(t.db);
    const teacher = await makeUser(t.db, 'instructor', false);
    const paid = await order(payer, 4);
    await payForm(paid.checkout_url, APPROVE);
    const unpaid = await order(payer, 4);
    const path = `/api/v1/orders/${paid.id}/receipt`;
    expect((await t.as(other).get(path)).status).toBe(404);
    expect((await t.as(teacher).get(path)).status).toBe(403);
    expect((await t.as(null).get(path)).status).toBe(401);
    expect((await t.as(payer).get(`/api/v1/orders/${unpaid.id}/receipt`)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      expect((await t.as(payer).get(`/api/v1/orders/${bad}/receipt`)).status).toBe(404);
    }
    const history = ordersResponseSchema.parse(await (await t.as(payer).get('/api/v1/orders')).json()).data;
    expect(history.find((o) => o.id === unpaid.id)?.receipt_number).toBeNull();
  });

  it('numbers payments that arrive at once one after another: no gaps, no duplicates, replays issue nothing', async () => {
    t.clock.now = new Date('2031-06-01T08:00:00Z');
    const students = await Promise.all(Array.from({ length: 4 }, () => makeUser(t.db)));
    const orders = [];
    for (const s of students) for (let i = 0; i < 3; i++) orders.push(await order(s, 4));
    const approvals = await Promise.all(orders.map((o) => signedApproval(o.id)));
    // Each confirmation twice, all at once: the webhook and its replay.
    const answers = await Promise.all([...approvals, ...approvals].map((a) => webhook(a)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const numbers = await numbersOf(2031);
    expect(numbers).toEqual(Array.from({ length: orders.length }, (_, i) => i + 1));
    const perOrder = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM receipts WHERE order_id = ANY($1::int[]) GROUP BY order_id`,
      [orders.map((o) => o.id)],
    );
    expect(perOrder.map((r) => r.n)).toEqual(orders.map(() => 1));
  });

  it('the year is Qatar’s: a payment at 00:30 on 1 January in Doha starts the new year at 1', async () => {
    t.clock.now = new Date('2032-12-31T21:30:00Z');
    const student = await makeUser(t.db);
    const created = await order(student, 4);
    await webhook(await signedApproval(created.id));
    const receipt = receiptResponseSchema.parse(await (await t.as(student).get(`/api/v1/orders/${created.id}/receipt`)).json()).data;
    expect(receipt.number).toBe('2033-000001');
  });
});
