// The one refusal: whatever throws an ApiFailure (a route, a middleware, a domain service's subclass),
// app.onError alone answers `{ message, code?, errors?, ...detail }` with its status and headers, in the
// caller's language; anything else is a logged 500 that names the request id and nothing of the error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db';
import { ApiFailure, ValidationFailure } from '../../server/http/errors';
import { idFrom } from '../../server/http/validate';
import { tr } from '../../server/i18n';
import { createLogger } from '../../server/logger';
import { RequestFailure } from '../../server/modules/requests/rows';
import { asServedByNode } from './helpers';

// The routes below never reach the database.
const noDb: Db = {
  driver: 'pglite',
  query: () => Promise.reject(new Error('no database in this test')),
  one: () => Promise.reject(new Error('no database in this test')),
  exec: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
  close: () => Promise.resolve(),
};

function appThrowing(lines: string[] = []) {
  const app = createApp({ db: noDb, log: createLogger('info', (l) => lines.push(l)) });
  app.get('/api/test/plain', () => {
    throw new ApiFailure(404, 'not_found');
  });
  app.get('/api/test/coded', () => {
    throw new ApiFailure(429, 'auth_account_locked', { code: 'auth_account_locked', headers: { 'Retry-After': '30' } });
  });
  app.get('/api/test/fields', () => {
    throw new ApiFailure(422, 'auth_invalid_credentials', {
      code: 'staff_invalid_sign_in',
      fields: (locale) => ({ password: [locale === 'en' ? 'wrong' : 'خطأ'] }),
      detail: { current_status: 'active' },
    });
  });
  app.get('/api/test/validation', () => {
    throw new ValidationFailure({ email: ['bad address'] });
  });
  app.get('/api/test/domain', () => {
    throw new RequestFailure(409, 'slot_taken', undefined, { week: 2 });
  });
  app.get('/api/test/id/:id', (c) => c.json({ id: idFrom(c, 'id', 'request_not_found') }));
  app.get('/api/test/bug', () => {
    throw new TypeError('secret detail of a bug');
  });
  return app;
}

const en = { headers: { 'Accept-Language': 'en' } };

describe('app.onError, the one place a refusal becomes an answer', () => {
  it('answers a plain refusal with its status and message only', async () => {
    const res = await appThrowing().request('/api/test/plain', en);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: tr('not_found', 'en') });
  });

  it('carries the code and the headers', async () => {
    const res = await appThrowing().request('/api/test/coded', en);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe('auth_account_locked');
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  });

  it('carries field errors and more detail, each in the caller language', async () => {
    const app = appThrowing();
    const res = await app.request('/api/test/fields', en);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'staff_invalid_sign_in', errors: { password: ['wrong'] }, current_status: 'active' });
    const ar = (await (await app.request('/api/test/fields')).json()) as { message: string; errors: Record<string, string[]> };
    expect(ar.errors).toEqual({ password: ['خطأ'] });
    expect(ar.message).not.toBe(((await (await app.request('/api/test/fields', en)).json()) as { message: string }).message);
  });

  it('answers a validation failure as a 400 with its field errors and no code', async () => {
    const res = await appThrowing().request('/api/test/validation', en);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.errors).toEqual({ email: ['bad address'] });
    expect(body).not.toHaveProperty('code');
  });

  it('answers a module failure class the same way, with its code and detail', async () => {
    const res = await appThrowing().request('/api/test/domain', en);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'slot_taken', week: 2 });
  });

  it('reads a path id one way: digits 1 … 2147483647, anything else the route 404', async () => {
    const app = appThrowing();
    expect(await (await app.request('/api/test/id/42')).json()).toEqual({ id: 42 });
    expect(await (await app.request('/api/test/id/2147483647')).json()).toEqual({ id: 2147483647 });
    for (const bad of ['0', '007', '2147483648', '1e3', '-1', '4.0', 'abc']) {
      const res = await app.request(`/api/test/id/${bad}`, en);
      expect(res.status, bad).toBe(404);
      expect(((await res.json()) as { message: string }).message, bad).toBe(tr('request_not_found', 'en'));
    }
  });

  it('answers anything else with a 500 naming the request id, never the error or its stack', async () => {
    const lines: string[] = [];
    const res = await appThrowing(lines).request('/api/test/bug', en);
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['message', 'request_id']);
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toMatch(/secret detail|TypeError|at .*\.ts/);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 'error');
    expect(logged).toMatchObject({ id: body.request_id });
    expect(JSON.stringify(logged)).toContain('secret detail of a bug');
  });
});

// Once a server listens, @hono/node-server's Response is the global one; the answers above, read body
// first, must still carry what the outer middleware adds.
describe('the same answers under @hono/node-server’s Response', () => {
  let undo: () => void = () => undefined;
  beforeAll(() => {
    undo = asServedByNode();
  });
  afterAll(() => undo());

  it('keep the request id, the security headers and the API’s caching headers once the body is read', async () => {
    const app = appThrowing();
    for (const [path, status] of [
      ['/api/test/bug', 500],
      ['/api/test/plain', 404],
      ['/api/test/validation', 400],
      ['/api/nothing-here', 404],
    ] as const) {
      const res = await app.request(path, en);
      expect(res.status, path).toBe(status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(res.headers.get('x-request-id'), path).toMatch(/^[\da-f-]{36}$/);
      if (status === 500) expect(body.request_id).toBe(res.headers.get('x-request-id'));
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('vary'), path).toBe('Accept-Language, Accept-Encoding');
    }
  });
});
