// The pieces other modules and deployments plug into: resolveUser and the auth middleware (realtime,
// booking …), and the production SMS adapter, which must fail fast and never change an answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSms, createOutboxSms } from '../../server/adapters/sms';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/http/context';
import { createLogger } from '../../server/logger';
import { resolveUser } from '../../server/modules/auth';
import { createAuthMiddleware } from '../../server/modules/auth/middleware';
import { authApp, newPhone } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp);
let silent: Server;
let received: { body: string; auth: string | undefined }[] = [];
let gateway: Server;
beforeAll(async () => {
  // A gateway that accepts the request and never answers.
  silent = createServer(() => {});
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ body, auth: req.headers.authorization });
      res.statusCode = body.includes('+97455600009') ? 500 : 202;
      res.end();
    });
  });
  await Promise.all([silent, gateway].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
});
afterAll(async () => {
  silent?.closeAllConnections();
  silent?.close();
  gateway?.close();
});
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/sms`;

describe('resolveUser and the middleware', () => {
  it('resolveUser(db, token) → { id, is_teacher, status }, null once revoked or for junk', async () => {
    const student = await t.signUpStudent();
    const teacher = await t.signUpTeacher();
    expect(await resolveUser(t.db, student.token)).toEqual({ id: student.id, is_teacher: false, status: null });
    expect(await resolveUser(t.db, teacher.token)).toEqual({ id: teacher.id, is_teacher: true, status: 'in_review' });
    await t.post('/api/v1/auth/logout', undefined, { token: student.token });
    expect(await resolveUser(t.db, student.token)).toBeNull();
    expect(await resolveUser(t.db, "' OR 1=1 --")).toBeNull();
  });

  it('requireUser / optionalUser put the user in c.get("user") for any module', async () => {
    const student = await t.signUpStudent();
    const { requireUser, optionalUser } = createAuthMiddleware();
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('db', t.db);
        c.set('locale', 'en');
        await next();
      })
      .get('/private', requireUser, (c) => c.json(c.get('user')))
      .get('/public', optionalUser, (c) => c.json({ user: c.get('user') }))
      .onError((err, c) => c.json({ error: err.message }, (err as { status?: 401 }).status ?? 500));
    const auth = { Authorization: `Bearer ${student.token}` };
    expect(await (await app.request('/private', { headers: auth })).json()).toEqual({ id: student.id, is_teacher: false, status: null });
    expect((await app.request('/private')).status).toBe(401);
    expect(await (await app.request('/public')).json()).toEqual({ user: null });
  });
});

describe('the HTTP SMS adapter', () => {
  it('posts {to, text} with the bearer token', async () => {
    received = [];
    await createHttpSms({ url: urlOf(gateway), token: 'sms-secret' }).send('+97455600001', 'hello');
    expect(received).toEqual([{ body: JSON.stringify({ to: '+97455600001', text: 'hello' }), auth: 'Bearer sms-secret' }]);
  });

  it('gives up after its timeout when the gateway does not answer', async () => {
    const started = Date.now();
    await expect(createHttpSms({ url: urlOf(silent), timeoutMs: 200 }).send('+97455600001', 'x')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a failing gateway leaves the sign-in answer unchanged (no enumeration through errors)', async () => {
    const db = t.db;
    const app = createApp({
      db,
      log: createLogger('silent'),
      auth: { sms: createHttpSms({ url: urlOf(gateway) }), trustProxy: true, uploadDir: t.uploadDir },
    });
    const phone = '+97455600009';
    await db.query(
      "INSERT INTO users (type, first_name, last_name, phone, country_code, gender, phase_id) VALUES ('student', 'سالم', 'علي', $1, 'QA', 'male', 1)",
      [phone],
    );
    const login = (p: string, ip: string) =>
      app.request('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        body: JSON.stringify({ country_code: 'QA', phone: p }),
      });
    const known = await login(phone, '203.0.113.1');
    const unknown = await login(newPhone(), '203.0.113.2');
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });
});

describe('the SMS outbox (no gateway configured)', () => {
  it('keeps a message a day, and in production keeps no digit of the code', async () => {
    const db = t.db;
    const dev = createOutboxSms({ db, log: createLogger('silent'), production: false });
    const prod = createOutboxSms({ db, log: createLogger('silent'), production: true });
    await db.query(`INSERT INTO sms_outbox (phone, body, created_at) VALUES ('+97455600077', 'old 123456', now() - interval '25 hours')`);
    await dev.send('+97455600077', 'Your code is 482913');
    await prod.send('+97455600078', 'رمزك ٤٨٢٩١٣ or 482913');
    const rows = await db.query<{ phone: string; body: string }>(
      "SELECT phone, body FROM sms_outbox WHERE phone IN ('+97455600077', '+97455600078') ORDER BY id",
    );
    expect(rows).toEqual([
      { phone: '+97455600077', body: 'Your code is 482913' },
      { phone: '+97455600078', body: 'رمزك •••••• or ••••••' },
    ]);
  });
});
