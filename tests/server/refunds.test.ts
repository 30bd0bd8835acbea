// Refunds of unused packages: within the terms' window a paid order none of whose hours were used is
// refunded in full (hours off the balance, money back through the gateway, a refund receipt); every
// other case is refused with its own code and nothing changes; a double click, two refunds at once and
// a refund racing a booking that spends those hours each end in exactly one outcome.
import { describe, expect, it } from 'vitest';
import {
  REFUND_WINDOW_DAYS,
  ordersResponseSchema,
  refundRefusalBodySchema,
  refundResponseSchema,
  type Order,
} from '../../contract/packages';
import { receiptResponseSchema } from '../../contract/receipts';
import { InsufficientHoursError } from '../../server/modules/packages/errors';
import { debitHours, refundHours } from '../../server/modules/packages/ledger';
import { APPROVE, checkout, makeUser, packagesApp } from './packages-helpers';
import { perFile } from './support/per-file';

const t = perFile(packagesApp);
const { balanceOf, order, payForm } = checkout(t);
const DAY_MS = 24 * 60 * 60 * 1000;

async function paidOrder(student: number, hours = 4, promo?: string) {
  const created = await order(student, hours, promo);
  expect((await payForm(created.checkout_url, APPROVE)).status).toBe(303);
  return created;
}

const refund = (student: number | null, orderId: number | string, locale: 'ar' | 'en' = 'en') =>
  t.as(student, locale).post(`/api/v1/orders/${orderId}/refund`, {});

async function refusalOf(res: Response): Promise<string> {
  expect(res.status).toBe(409);
  return refundRefusalBodySchema.parse(await res.json()).code;
}

async function historyOf(student: number): Promise<Order[]> {
  return ordersResponseSchema.parse(await (await t.as(student).get('/api/v1/orders')).json()).data;
}

async function ledgerRows(orderId: number) {
  return t.db.query<{ reason: string; delta_minutes: number }>(
    `SELECT reason, delta_minutes FROM hours_ledger WHERE order_id = $1 OR credit_id IN (SELECT id FROM hours_ledger WHERE order_id = $1) ORDER BY id`,
    [orderId],
  );
}

describe('refunding an unused package', () => {
  it('takes its hours off the balance, gives the money back and issues a refund receipt', async () => {
    t.clock.now = new Date('2030-05-01T08:00:00Z');
    const student = await makeUser(t.db);
    const created = await paidOrder(student, 8, 'NOOR15');
    expect((await balanceOf(student)).hours_remaining).toBe(8);
    expect((await historyOf(student))[0]).toMatchObject({
      id: created.id,
      refundable: true,
      refunded_at: null,
      refund_receipt_number: null,
    });

    t.clock.now = new Date('2030-05-03T10:00:00Z');
    const res = await refund(student, created.id);
    expect(res.status).toBe(200);
    const done = refundResponseSchema.parse(await res.json()).data;
    expect(done).toMatchObject({ order_id: created.id, hours: 8, amount: 748, currency: 'QAR', refunded_at: '2030-05-03T10:00:00.000Z' });

    expect((await balanceOf(student)).hours_remaining).toBe(0);
    expect(await ledgerRows(created.id)).toEqual([
      { reason: 'purchase', delta_minutes: 480 },
      { reason: 'order_refund', delta_minutes: -480 },
    ]);
    const [row] = await historyOf(student);
    expect(row).toMatchObject({
      status: 'paid',
      refundable: false,
      refunded_at: '2030-05-03T10:00:00.000Z',
      refund_receipt_number: done.receipt_number,
    });

    // The refund receipt: its own number after the payment's, the amount given back, the refund's reference.
    const payment = receiptResponseSchema.parse(await (await t.as(student).get(`/api/v1/orders/${created.id}/receipt`)).json()).data;
    const refundReceipt = receiptResponseSchema.parse(
      await (await t.as(student).get(`/api/v1/orders/${created.id}/refund-receipt`)).json(),
    ).data;
    expect(refundReceipt).toMatchObject({
      kind: 'refund',
      number: done.receipt_number,
      amount: 748,
      payment_method: 'card',
      gateway: 'sandbox',
    });
    expect(refundReceipt.gateway_reference).toMatch(/^rf_/);
    expect(payment.kind).toBe('payment');
    expect(Number(refundReceipt.number.slice(5))).toBeGreaterThan(Number(payment.number.slice(5)));
  });

  it('refuses, with its own code and a localized message, what the rule does not allow, changing nothing', async () => {
    t.clock.now = new Date('2030-06-01T08:00:00Z');
    const student = await makeUser(t.db);
    const late = await paidOrder(student);
    const used = await paidOrder(student);
    const unpaid = await order(student, 4);

    // One hour of `used` spent (debits draw from the earliest expiry; both expire together, so by id).
    await t.db.transaction((tx) => debitHours(tx, student, 1, { type: 'request', id: 'r-used' }, { now: t.clock.now }));
    const spentFrom = await t.db.one<{ order_id: number }>(
      `SELECT c.order_id FROM hours_ledger d JOIN hours_ledger c ON c.id = d.credit_id WHERE d.ref_id = 'r-used'`,
    );
    const usedId = spentFrom!.order_id;
    const otherId = usedId === used.id ? late.id : used.id;

    expect(await refusalOf(await refund(student, usedId))).toBe('hours_used');
    expect(await refusalOf(await refund(student, unpaid.id))).toBe('not_paid');
    const arabic = await refund(student, usedId, 'ar');
    expect(refundRefusalBodySchema.parse(await arabic.json()).message).toMatch(/[\u0600-\u06FF]/);

    // The spent hour given back (the booking was cancelled): the package is unused again.
    await t.db.transaction((tx) => refundHours(tx, student, { type: 'request', id: 'r-used' }, { now: t.clock.now }));
    expect((await historyOf(student)).find((o) => o.id === usedId)?.refundable).toBe(true);

    // The window: exactly REFUND_WINDOW_DAYS after paying is still in it; a moment later is not.
    t.clock.now = new Date(new Date('2030-06-01T08:00:00Z').getTime() + REFUND_WINDOW_DAYS * DAY_MS + 1);
    expect(await refusalOf(await refund(student, otherId))).toBe('too_late');
    expect((await historyOf(student)).every((o) => !o.refundable)).toBe(true);
    t.clock.now = new Date(new Date('2030-06-01T08:00:00Z').getTime() + REFUND_WINDOW_DAYS * DAY_MS);
    expect((await refund(student, otherId)).status).toBe(200);
    expect(await refusalOf(await refund(student, otherId))).toBe('already_refunded');
    expect((await balanceOf(student)).hours_remaining).toBe(4);
  });

  it('answers another family 404, a teacher 403, nobody 401, and a malformed id 404', async () => {
    t.clock.now = new Date('2030-07-01T08:00:00Z');
    const payer = await makeUser(t.db);
    const other = await makeUser(t.db);
    const teacher = await makeUser(t.db, 'instructor', false);
    const paid = await paidOrder(payer);
    expect((await refund(other, paid.id)).status).toBe(404);
    expect((await t.as(other).get(`/api/v1/orders/${paid.id}/refund-receipt`)).status).toBe(404);
    expect((await refund(teacher, paid.id)).status).toBe(403);
    expect((await refund(null, paid.id)).status).toBe(401);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '2147483648', '1e3']) {
      expect((await refund(payer, bad)).status).toBe(404);
    }
    // Not refunded yet: no refund receipt.
    expect((await t.as(payer).get(`/api/v1/orders/${paid.id}/refund-receipt`)).status).toBe(404);
    expect((await balanceOf(payer)).hours_remaining).toBe(4);
  });

  it('a gateway that refuses the refund leaves everything as it was', async () => {
    t.clock.now = new Date('2030-08-01T08:00:00Z');
    const student = await makeUser(t.db);
    const paid = await paidOrder(student);
    const original = t.gateway.refund;
    t.gateway.refund = async () => {
      throw new Error('gateway said no');
    };
    try {
      const res = await refund(student, paid.id);
      expect(res.status).toBe(502);
    } finally {
      t.gateway.refund = original;
    }
    expect((await balanceOf(student)).hours_remaining).toBe(4);
    expect((await historyOf(student))[0]).toMatchObject({ refundable: true, refunded_at: null });
    expect((await refund(student, paid.id)).status).toBe(200);
  });
});

describe('refund races', () => {
  it('a double click and two tabs at once refund once', async () => {
    t.clock.now = new Date('2030-09-01T08:00:00Z');
    const student = await makeUser(t.db);
    const paid = await paidOrder(student);
    const answers = await Promise.all(Array.from({ length: 4 }, () => refund(student, paid.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect(await refusalOf(r)).toBe('already_refunded');
    expect((await ledgerRows(paid.id)).filter((r) => r.reason === 'order_refund')).toHaveLength(1);
    const receipts = await t.db.query(`SELECT id FROM receipts WHERE order_id = $1 AND kind = 'refund'`, [paid.id]);
    expect(receipts).toHaveLength(1);
    expect((await balanceOf(student)).hours_remaining).toBe(0);
  });

  it('a refund racing a booking that spends those hours: exactly one of them happens', async () => {
    t.clock.now = new Date('2030-10-01T08:00:00Z');
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const student = await makeUser(t.db);
      const paid = await paidOrder(student);
      const booking = t.db
        .transaction((tx) => debitHours(tx, student, 1, { type: 'request', id: `race-${round}` }, { now: t.clock.now }))
        .then(
          () => 'booked',
          (err: unknown) => (err instanceof InsufficientHoursError ? 'no_hours' : Promise.reject(err)),
        );
      const ordered = round % 2 === 0 ? [refund(student, paid.id), booking] : [booking, refund(student, paid.id)];
      const [a, b] = await Promise.all(ordered);
      const res = (round % 2 === 0 ? a : b) as Response;
      const booked = (round % 2 === 0 ? b : a) as string;
      const balance = (await balanceOf(student)).minutes_remaining;
      if (res.status === 200) {
        expect(booked).toBe('no_hours');
        expect(balance).toBe(0);
        outcomes.add('refunded');
      } else {
        expect(await refusalOf(res)).toBe('hours_used');
        expect(booked).toBe('booked');
        expect(balance).toBe(180);
        outcomes.add('booked');
      }
      const refunds = (await ledgerRows(paid.id)).filter((r) => r.reason === 'order_refund');
      expect(refunds).toHaveLength(res.status === 200 ? 1 : 0);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
