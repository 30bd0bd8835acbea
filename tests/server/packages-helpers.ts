// Fixtures for the packages tests: the app over a seeded database with a movable clock, students and a
// teacher made straight in the users table, requests made as one of them, and the sandbox checkout
// driven as a payer's browser and the gateway's confirmations would drive it.
import { expect } from 'vitest';
import { balanceResponseSchema, createOrderResponseSchema } from '../../contract/packages';
import { createApp } from '../../server/app';
import { createSandboxGateway } from '../../server/adapters/payments/sandbox';
import { createLogger } from '../../server/logger';
import type { Queryable } from '../../server/db';
import { seededDb, json } from './helpers';

let phoneCounter = 0;

/** A new student (or teacher) row; returns its id. */
export async function makeUser(db: Queryable, type: 'student' | 'instructor' = 'student', hasFreeSession = true): Promise<number> {
  phoneCounter += 1;
  const phone = `+9745${String(7_000_000 + process.pid * 10 + phoneCounter).slice(-7)}`;
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, status, has_free_session)
     VALUES ($1, 'اختبار', 'الطالب', $2, 'QA', $3, $4) RETURNING id`,
    [type, phone, 'active', hasFreeSession],
  );
  return row!.id;
}

export async function packagesApp() {
  const t = await seededDb();
  const clock = { now: new Date() };
  const gateway = createSandboxGateway({ secret: 'test-secret-of-the-sandbox-gateway' });
  // Request log lines, to see which endpoints the sandbox really called.
  const requests: { path: string; status: number }[] = [];
  const log = createLogger('info', (line) => {
    const entry = JSON.parse(line) as { msg: string; path?: string; status?: number };
    if (entry.msg === 'request') requests.push({ path: entry.path ?? '', status: entry.status ?? 0 });
  });
  const app = createApp({
    db: t.db,
    log,
    packages: {
      gateway,
      // Until the auth module's middleware is wired here, a test names the caller in a header.
      identify: async (c) => {
        const id = Number(c.req.header('x-test-user'));
        if (!Number.isInteger(id) || id <= 0) return null;
        const row = await t.db.one<{ type: string }>('SELECT type FROM users WHERE id = $1', [id]);
        return row ? { id, isTeacher: row.type === 'instructor' } : null;
      },
      now: () => clock.now,
    },
  });
  const as = (userId: number | null, locale: 'ar' | 'en' = 'en') => {
    const headers: Record<string, string> = { 'Accept-Language': locale };
    if (userId !== null) headers['x-test-user'] = String(userId);
    return {
      get: async (path: string): Promise<Response> => app.request(path, { headers }),
      post: async (path: string, body: unknown): Promise<Response> => app.request(path, json(body, headers)),
    };
  };
  return { app, clock, as, gateway, requests, ...t };
}

export async function packageId(db: Queryable, hours: number): Promise<number> {
  const row = await db.one<{ id: number }>('SELECT id FROM packages WHERE hours = $1', [hours]);
  return row!.id;
}

type PackagesApp = Awaited<ReturnType<typeof packagesApp>>;

/** The sandbox card form's fields for an approved and a declined card. */
export const APPROVE = { action: 'pay', card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Parent', lang: 'en' };
export const DECLINE = { ...APPROVE, card_number: '4000 0000 0000 0002' };

/** Ordering, paying and confirming against `t` (read at call time, so a perFile stand-in works). */
export function checkout(t: PackagesApp) {
  const balanceOf = async (userId: number) => balanceResponseSchema.parse(await (await t.as(userId).get('/api/v1/balance')).json()).data;

  async function order(userId: number, hours: number, promo?: string) {
    const res = await t.as(userId).post('/api/v1/orders', { package_id: await packageId(t.db, hours), promo_code: promo });
    expect(res.status, await res.clone().text()).toBe(201);
    return createOrderResponseSchema.parse(await res.json()).data;
  }

  /** Posts the sandbox checkout form as the payer's browser does. */
  const payForm = (url: string, fields: Record<string, string>) =>
    t.app.request(url.split('?')[0]!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  async function sessionOf(orderId: number): Promise<{ session: string; amount: number }> {
    const row = await t.db.one<{ checkout_session: string; amount_minor: number }>(
      'SELECT checkout_session, amount_minor FROM orders WHERE id = $1',
      [orderId],
    );
    return { session: row!.checkout_session, amount: row!.amount_minor };
  }

  /** A confirmation as the gateway signs it, for the order's own session and amount unless overridden. */
  async function signedApproval(orderId: number, overrides: { amount?: number; reference?: string } = {}) {
    const { session, amount } = await sessionOf(orderId);
    const fields = {
      order_id: orderId,
      session,
      status: 'approved' as const,
      amount: overrides.amount ?? amount,
      currency: 'QAR',
      reference: overrides.reference ?? `ref-${orderId}-${Math.random().toString(36).slice(2)}`,
    };
    return { ...fields, signature: t.gateway.sign(fields) };
  }

  const webhook = (body: unknown) => t.as(null).post('/api/v1/payments/webhook', body);
  return { balanceOf, order, payForm, signedApproval, webhook };
}
