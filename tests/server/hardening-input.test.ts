// bad input is a 4xx, never a 5xx — the audit's NUL byte cases (JSON, query, path), the
// database's invalid-input errors, the sandbox checkout's broken forms and its Pay/Cancel races.
import { describe, expect, it } from 'vitest';
import { createOrderRequestSchema, promoCheckRequestSchema } from '../../contract/packages';
import { contactRequestSchema } from '../../contract/contact';
import { createRequestSchema } from '../../contract/requests';
import { teachersQuerySchema } from '../../contract/teachers';
import { hardenedApp } from './hardening-helpers';
import { perFile } from './support/per-file';

const t = perFile(async () => {
  const app = await hardenedApp({ adminLoopbackOnly: false });
  // A route that hands an unchecked value to SQL, as a future handler might by mistake (added before
  // the first request: the router is built then).
  app.app.get('/api/v1/test-only/cast', async (c) => c.json(await c.get('db').query('SELECT $1::int AS n', [c.req.query('n')])));
  return app;
});

const NUL = '\u0000';

async function packageId(hours: number): Promise<number> {
  return (await t.db.one<{ id: number }>('SELECT id FROM packages WHERE hours = $1', [hours]))!.id;
}

describe('the shared schemas refuse a NUL byte in text', () => {
  it.each([
    ['contact name', () => contactRequestSchema.safeParse({ name: `a${NUL}b`, email: 'a@b.co', message: 'a long enough message' })],
    ['promo check code', () => promoCheckRequestSchema.safeParse({ code: `X${NUL}`, package_id: 1 })],
    ['order promo code', () => createOrderRequestSchema.safeParse({ package_id: 1, promo_code: `X${NUL}` })],
    ['teachers search', () => teachersQuerySchema.safeParse({ search: `a${NUL}b` })],
    [
      'request comment',
      () => createRequestSchema.safeParse({ teacher_id: 1, subject_id: 1, type: 'now', duration_hours: 1, comment: `hi${NUL}` }),
    ],
  ])('%s', (name, parse) => {
    const field = name.split(' ').pop() === 'code' && name.startsWith('order') ? 'promo_code' : (name.split(' ').pop() as string);
    const result = parse();
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe('invalid');
  });
});

describe('a NUL byte anywhere is a 400, anonymous or signed in', () => {
  it.each([
    ['GET', '/api/v1/teachers?search=a%00b'],
    ['GET', '/api/v1/sandbox/checkout/cs%00'],
    ['POST', '/api/v1/sandbox/checkout/cs%00'],
    ['GET', '/api/v1/files/x%00'],
    ['GET', '/api/admin/files/x%00'],
    ['GET', '/api/admin/teachers/%2B974%00/documents'],
  ])('%s %s', async (method, url) => {
    const who = url.startsWith('/api/admin') ? t.callers.admin : t.callers.studentA;
    const res = await t.call(who, method, url);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The data you entered is not valid');
  });

  it.each([
    ['anonymous', 'POST', '/api/v1/instructor/auth/login', { login: `a${NUL}@b.co`, password: 'x' }, 'login'],
    [
      'anonymous',
      'POST',
      '/api/v1/contact',
      { name: `a${NUL}`, email: 'a@b.co', phone: '+97455123456', message: 'a long enough message' },
      'name',
    ],
    [
      'anonymous',
      'POST',
      '/api/v1/contact',
      { name: 'سارة', email: 'a@b.co', phone: '+97455123456', message: `a long enough${NUL} message` },
      'message',
    ],
    ['teacher', 'PATCH', '/api/v1/profile', { description: `about${NUL}` }, 'description'],
    ['teacher', 'PATCH', '/api/v1/profile', { bio_en: `about${NUL}` }, 'bio_en'],
    ['teacher', 'PATCH', '/api/v1/profile', { latin_name: `Omar${NUL}` }, 'latin_name'],
    [
      'studentA',
      'POST',
      '/api/v1/requests',
      { teacher_id: 1, subject_id: 1, type: 'now', duration_hours: 1, comment: `hi${NUL}` },
      'comment',
    ],
    ['studentA', 'POST', '/api/v1/promo-codes/check', { code: `NOOR${NUL}15`, package_id: 1 }, 'code'],
    ['studentA', 'POST', '/api/v1/orders', { package_id: 1, promo_code: `NOOR${NUL}15` }, 'promo_code'],
    ['studentA', 'POST', '/api/v1/requests', { [`x${NUL}`]: 1 }, 'x'],
  ] as const)('%s %s %s (%s)', async (role, method, url, body, field) => {
    const res = await t.callJson(t.callers[role], method, url, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { errors: Record<string, string[]> };
    expect(answer.errors[field]).toBeDefined();
  });
});

describe('the database refusing a value is the last line: a 400, not a 500', () => {
  it('a value PostgreSQL cannot read (22P02) answers 400', async () => {
    const res = await t.call(t.callers.anonymous, 'GET', '/api/v1/test-only/cast?n=abc');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The data you entered is not valid');
  });
});

describe('the sandbox checkout', () => {
  const checkout = async (): Promise<string> => {
    const res = await t.callJson(t.callers.studentA, 'POST', '/api/v1/orders', { package_id: await packageId(4) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { checkout_url: string } }).data.checkout_url;
  };
  /** The order behind a checkout URL: its status and how many purchase credits it produced. */
  const orderOf = async (url: string) => {
    const session = new URL(url, 'http://x').pathname.split('/').pop();
    const row = await t.db.one<{ status: string; credits: number }>(
      `SELECT o.status, (SELECT count(*)::int FROM hours_ledger l WHERE l.order_id = o.id AND l.reason = 'purchase') AS credits
       FROM orders o WHERE o.checkout_session = $1`,
      [session],
    );
    if (!row) throw new Error(`no order for ${url}`);
    return row;
  };
  const PAY = 'action=pay&card_number=4242424242424242&expiry=12%2F39&cvc=123&name=Parent&lang=en';
  const post = (url: string, body: string, type = 'application/x-www-form-urlencoded') =>
    t.call(t.callers.anonymous, 'POST', url, { body, headers: { 'Content-Type': type } });

  it('a multipart form without a boundary, or cut short, is a 400 page', async () => {
    const url = await checkout();
    expect((await post(url, PAY, 'multipart/form-data')).status).toBe(400);
    expect(
      (await post(url, '--xx\r\nContent-Disposition: form-data; name="action"\r\n\r\npay', 'multipart/form-data; boundary=xx')).status,
    ).toBe(400);
    // The order is still open afterwards.
    expect((await t.call(t.callers.anonymous, 'GET', url)).status).toBe(200);
  });

  it('50 Pay clicks at once: one payment, the rest 303 or 409, never 5xx', async () => {
    const url = await checkout();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => post(url, PAY).then((r) => r.status)));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 303 || s === 409)).toBe(true);
    expect(await orderOf(url)).toEqual({ status: 'paid', credits: 1 });
  });

  it('25 Pay and 25 Cancel at once: never 5xx, the order ends in one final state', async () => {
    const url = await checkout();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(url, i % 2 ? PAY : 'action=cancel&lang=en').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect((await t.call(t.callers.anonymous, 'GET', url)).status).toBe(409);
    const final = await orderOf(url);
    expect(['paid', 'failed']).toContain(final.status);
    expect(final.credits).toBe(final.status === 'paid' ? 1 : 0);
  });
});
