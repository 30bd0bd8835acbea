// Web Push end to end: a browser's subscription (made here as a browser would: a P-256 key pair and an
// auth secret) is stored through POST v1/push-subscriptions; a notification queues a push message in
// its transaction; the outbox's push channel sends it with `web-push` to a push service that is a real
// HTTP server on 127.0.0.1, and the test decrypts what arrived (aes128gcm, http_ece) with the
// subscription's private key. A push service answering 404/410 removes the subscription; a 5xx delays
// the message (retry), and a browser already reached is not sent it again.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushState } from '../../contract/push';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { notify } from '../../server/modules/notifications/service';
import { createPushSender, runOutbox, type OutboxOutcome } from '../../server/modules/outbox';
import { backoffMs } from '../../server/modules/outbox/delivery';
import type { PushPayload } from '../../server/modules/outbox/push';
import { createMetrics } from '../../server/ops/metrics';
import { seededDb, type TestDb } from './helpers';
import { makePerson } from './notifications-helpers';
import { openPush, pushBrowser, type PushBrowser } from './support/push-browser';

const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@noor.test' };

interface Arrival {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on loopback: records each request; answers `byPath[path]`, else `answer`. */
interface PushService {
  origin: string;
  arrivals: Arrival[];
  answer: number;
  byPath: Map<string, number>;
}

let t: TestDb;
let db: Db;
let app: ReturnType<typeof createApp>;
let server: Server;
const service: PushService = { origin: '', arrivals: [], answer: 201, byPath: new Map() };
const push = createPushSender({ vapid: VAPID, timeoutMs: 5_000 });

beforeAll(async () => {
  t = await seededDb();
  db = t.db;
  app = createApp({ db, log: createLogger('silent'), push: { publicKey: VAPID.publicKey } });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      service.arrivals.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(service.byPath.get(req.url ?? '') ?? service.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
beforeEach(() => {
  service.arrivals.length = 0;
  service.answer = 201;
  service.byPath.clear();
});

type Browser = PushBrowser;

const browser = (): Browser => pushBrowser(`${service.origin}/push/${randomBytes(8).toString('hex')}`);

async function call(user: number, method: string, body?: unknown, locale: 'ar' | 'en' = 'en'): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': locale, Authorization: `Bearer ${await issueToken(db, user, new Date())}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return app.request('/api/v1/push-subscriptions', { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
}

async function subscribe(user: number, b: Browser): Promise<void> {
  const res = await call(user, 'POST', b.json);
  expect(res.status).toBe(201);
}

/** What a browser's service worker would read from a push that arrived for it. */
const opened = (arrival: Arrival, b: Browser): PushPayload => openPush<PushPayload>(arrival.body, b);

async function outboxOf(userId: number) {
  return db.query<{ id: number; status: string; attempts: number; next_attempt_at: Date; last_error: string | null }>(
    `SELECT id::int AS id, status, attempts, next_attempt_at, last_error FROM outbox WHERE user_id = $1 AND channel = 'push' ORDER BY id`,
    [userId],
  );
}

const justNow = () => new Date(Date.now() + 1);

const REMINDER = {
  type: 'session_reminder_soon' as const,
  params: {
    request_id: 7,
    starts_at: '2030-03-10T10:00:00.000Z',
    subject_ar: 'الرياضيات',
    subject_en: 'Mathematics',
    other_name: 'أحمد الكواري',
  },
};

describe('subscriptions', () => {
  it('tells the VAPID key, stores a browser, refuses bad keys, and removes only the caller’s own', async () => {
    const owner = await makePerson(db);
    const other = await makePerson(db);
    const state = (await (await call(owner, 'GET')).json()) as { data: PushState };
    expect(state.data).toEqual({ public_key: VAPID.publicKey, subscriptions: 0 });
    const b = browser();
    await subscribe(owner, b);
    // The same browser again replaces, not adds.
    const again = (await (await call(owner, 'POST', b.json)).json()) as { data: PushState; message: string };
    expect(again.data.subscriptions).toBe(1);
    expect(again.message).toBe('Notifications will reach this device');
    for (const bad of [
      { ...b.json, keys: { ...b.json.keys, p256dh: 'short' } },
      { ...b.json, keys: { p256dh: b.json.keys.p256dh } },
      { ...b.json, endpoint: 'ftp://example.test/x' },
      { ...b.json, endpoint: `https://x.test/${'a'.repeat(1_000)}` },
      {},
    ]) {
      const res = await call(owner, 'POST', bad);
      expect(res.status).toBe(400);
    }
    // Someone else deleting that endpoint changes nothing.
    expect((await call(other, 'DELETE', { endpoint: b.json.endpoint })).status).toBe(200);
    expect((await db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [b.json.endpoint])).length).toBe(1);
    const gone = (await (await call(owner, 'DELETE', { endpoint: b.json.endpoint })).json()) as { data: PushState };
    expect(gone.data.subscriptions).toBe(0);
  });

  it('in production accepts only the browsers’ push services, and without VAPID keys refuses to subscribe', async () => {
    const user = await makePerson(db);
    const production = createApp({ db, log: createLogger('silent'), production: true, push: { publicKey: VAPID.publicKey } });
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${await issueToken(db, user, new Date())}` };
    const b = browser();
    const post = (on: ReturnType<typeof createApp>, endpoint: string) =>
      on.request('/api/v1/push-subscriptions', { method: 'POST', headers, body: JSON.stringify({ ...b.json, endpoint }) });
    expect((await post(production, b.json.endpoint)).status).toBe(400);
    expect((await post(production, 'https://fcm.googleapis.com.evil.test/fcm/send/x')).status).toBe(400);
    expect((await post(production, 'https://fcm.googleapis.com/fcm/send/abc')).status).toBe(201);
    const off = createApp({ db, log: createLogger('silent') });
    expect((await post(off, b.json.endpoint)).status).toBe(409);
  });
});

describe('delivery', () => {
  it('a notification reaches the browser: the test decrypts the aes128gcm payload and reads it', async () => {
    const user = await makePerson(db);
    await db.query(`UPDATE users SET locale = 'ar', time_zone = 'Asia/Riyadh' WHERE id = $1`, [user]);
    const b = browser();
    await subscribe(user, b);
    await notify(db, undefined, { userId: user, ...REMINDER });
    expect((await outboxOf(user)).map((r) => r.status)).toEqual(['queued']);
    expect(await runOutbox(db, { senders: { push }, now: justNow() })).toBeGreaterThanOrEqual(1);
    const arrival = service.arrivals.find((a) => b.json.endpoint.endsWith(a.path));
    expect(arrival).toBeDefined();
    expect(arrival!.headers['content-encoding']).toBe('aes128gcm');
    expect(arrival!.headers.ttl).toBe(String(15 * 60));
    expect(arrival!.headers.urgency).toBe('high');
    expect(arrival!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${VAPID.publicKey}$`));
    const payload = opened(arrival!, b);
    expect(payload).toMatchObject({ title: 'يبدأ درسك بعد 15 دقيقة', url: '/session-details/7', lang: 'ar', dir: 'rtl' });
    expect(payload.body).toContain('الرياضيات');
    expect((await outboxOf(user)).map((r) => r.status)).toEqual(['sent']);
  });

  it('queues no push for someone with no subscription', async () => {
    const user = await makePerson(db);
    await notify(db, undefined, { userId: user, ...REMINDER });
    expect(await outboxOf(user)).toEqual([]);
  });

  it('a push service answering 410 or 404 removes that subscription; the other browser still gets it', async () => {
    const user = await makePerson(db);
    await db.query(`UPDATE users SET locale = 'en' WHERE id = $1`, [user]);
    const [gone, alive] = [browser(), browser()];
    await subscribe(user, gone);
    await subscribe(user, alive);
    await notify(db, undefined, {
      userId: user,
      type: 'payment_completed',
      params: { order_id: 41, hours: 5, package_name_en: 'Five hours', package_name_ar: 'خمس ساعات' },
    });
    service.byPath.set(new URL(gone.json.endpoint).pathname, 410);
    await runOutbox(db, { senders: { push }, now: justNow() });
    const endpoints = await db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [user]);
    expect(endpoints.map((e) => e.endpoint)).toEqual([alive.json.endpoint]);
    expect(
      opened(
        service.arrivals.find((a) => alive.json.endpoint.endsWith(a.path))!,
        alive,
      ).title,
    ).toBe('Payment receipt no. 41');
    expect((await outboxOf(user)).map((r) => r.status)).toEqual(['sent']);

    // With its only browser gone (404), the message fails at once: nothing to retry.
    await notify(db, undefined, { userId: user, ...REMINDER });
    service.answer = 404;
    await runOutbox(db, { senders: { push }, now: justNow() });
    expect(await db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [user])).toEqual([]);
    expect((await outboxOf(user)).map((r) => r.status)).toEqual(['sent', 'failed']);
  });

  it('a 5xx delays the message (retry with backoff, counted on /metrics); a browser already reached is not sent it twice', async () => {
    const user = await makePerson(db);
    const [first, second] = [browser(), browser()];
    await subscribe(user, first);
    await subscribe(user, second);
    await notify(db, undefined, { userId: user, ...REMINDER });
    const metrics = createMetrics({ db, processMetrics: false });
    const onOutcome = (o: OutboxOutcome) => metrics.outbox(o.channel, o.outcome);
    // The first browser's service takes it; the second's is down.
    service.byPath.set(new URL(second.json.endpoint).pathname, 503);
    const start = justNow();
    await runOutbox(db, { senders: { push }, now: start, onOutcome });
    const [row] = await outboxOf(user);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toContain('503');
    expect(row!.next_attempt_at.getTime()).toBe(start.getTime() + backoffMs(1));
    expect((await db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [user])).length).toBe(2);
    const queued = await metrics.registry.getSingleMetricAsString('noor_outbox_queued');
    expect(queued).toMatch(/noor_outbox_queued\{channel="push"\} [1-9]/);

    service.arrivals.length = 0;
    service.byPath.clear();
    await runOutbox(db, { senders: { push }, now: new Date(start.getTime() + backoffMs(1)), onOutcome });
    expect(service.arrivals.map((a) => a.path)).toEqual([new URL(second.json.endpoint).pathname]);
    expect(opened(service.arrivals[0]!, second).url).toBe('/session-details/7');
    expect((await outboxOf(user))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    const tries = await metrics.registry.getSingleMetricAsString('noor_outbox_messages_total');
    expect(tries).toContain('noor_outbox_messages_total{channel="push",outcome="retry"} 1');
    expect(tries).toContain('noor_outbox_messages_total{channel="push",outcome="sent"} 1');
  });
});
