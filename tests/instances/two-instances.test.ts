// Two server processes on one PostgreSQL, as behind a load balancer: what one instance is told, the
// other knows. Runs through `npm run test:instances` (scripts/test-pg.sh starts PostgreSQL and
// PgBouncer in transaction pooling mode); skipped without DATABASE_URL. With PgBouncer (PGBOUNCER_URL)
// instances A and B run through it, LISTEN on a direct connection (DATABASE_LISTEN_URL), as
// docs/deploy.md recommends at scale. PostgreSQL is stopped as a crash would (PG_STOP_CMD) and started
// again under traffic: the instances stay up, answer 503, and recover by themselves.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import Pusher from 'pusher';
import PusherClient, { type PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../../contract/auth';
import { EMBEDDED_DEV_KEYS } from '../../server/config';
import { instructorStatusChannel, instructorStatusEvent, REFETCH_EVENT } from '../../contract/realtime-names';
import { openDb } from '../../server/db';
import { JPEG, newPhone, PDF, PNG, TEACHER_PASSWORD } from '../server/auth-helpers';
import { applicationName, buildServer, createDatabase, SHARED, startInstance, type Instance } from './processes';

const baseUrl = process.env.DATABASE_URL;
const bouncerUrl = process.env.PGBOUNCER_URL;
// Presence beats every 500 ms, so members count as gone after 1.5 s: an outage longer than that is
// the audit's "over 30 s" at the production period (10 s).
const HEARTBEAT_MS = 500;

/** The same database through PgBouncer (when the script started one). */
function throughBouncer(directUrl: string): string | undefined {
  if (!bouncerUrl) return undefined;
  const url = new URL(bouncerUrl);
  url.pathname = new URL(directUrl).pathname;
  return url.toString();
}
const STUDENT = '+97455000001';
const root = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!baseUrl)('two instances on one PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let a: Instance;
  let b: Instance;
  let sql: pg.Client;

  beforeAll(async () => {
    buildServer();
    database = await createDatabase(baseUrl as string);
    // Started together: migrations and seeding must happen once (advisory lock), whoever is first.
    const pooled = throughBouncer(database.url);
    const env = {
      JOBS_EVERY_MS: '300',
      REALTIME_CLIENT_EVENTS: '1',
      REALTIME_PRESENCE_HEARTBEAT_MS: String(HEARTBEAT_MS),
      ...(pooled ? { DATABASE_LISTEN_URL: database.url } : {}),
    };
    [a, b] = await Promise.all([startInstance('a', pooled ?? database.url, env), startInstance('b', pooled ?? database.url, env)]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const post = (on: Instance, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${on.url}${path}`, {
      method: 'POST',
      headers: body instanceof FormData ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
  const admin = { Authorization: `Bearer ${SHARED.ADMIN_TOKEN}` };

  async function signUpTeacher(on: Instance): Promise<{ phone: string; token: string; id: number }> {
    const phone = newPhone();
    const ids = async (table: string) =>
      (await sql.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY sort_order LIMIT 2`)).rows.map((r) => r.id);
    const form = new FormData();
    const fields: Record<string, string> = {
      type: 'instructor',
      first_name: 'خالد',
      second_name: 'عبدالله',
      last_name: 'النعيمي',
      phone,
      country_code: 'QA',
      email: `t${phone.slice(-6)}@example.com`,
      gender: 'male',
      birth_date: '1990-05-17',
      experience_years: '7',
      qualification: 'master',
      country: 'QA',
      password: TEACHER_PASSWORD,
      password_confirmation: TEACHER_PASSWORD,
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('id_front', new File([PNG], 'front.png', { type: 'image/png' }), 'front.png');
    form.set('id_back', new File([JPEG], 'back.jpg', { type: 'image/jpeg' }), 'back.jpg');
    form.set('qualification_scan', new File([PDF], 'degree.pdf', { type: 'application/pdf' }), 'degree.pdf');
    for (const id of await ids('phases')) form.append('phases[]', String(id));
    for (const id of await ids('subjects')) form.append('subjects[]', String(id));
    const res = await post(on, '/api/v1/auth/register', form);
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = sessionResponseSchema.parse(await res.json());
    return { phone, token: data.token, id: data.id };
  }

  it('an upload through A reads through B', async () => {
    const teacher = await signUpTeacher(a);
    const list = await fetch(`${b.url}/api/admin/teachers/${encodeURIComponent(teacher.phone)}/documents`, { headers: admin });
    expect(list.status).toBe(200);
    const docs = ((await list.json()) as { data: Array<{ id: string; kind: string }> }).data;
    const scan = docs.find((d) => d.kind === 'qualification_scan');
    expect(scan).toBeDefined();
    const file = await fetch(`${b.url}/api/admin/files/${scan?.id}`, { headers: admin });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it('a pusher-js client on A receives an event caused through B (channel authorized by B)', async () => {
    const teacher = await signUpTeacher(a);
    const client = new PusherClient(EMBEDDED_DEV_KEYS.key, {
      cluster: 'eu',
      wsHost: '127.0.0.1',
      wsPort: a.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      // Signed by B with the shared PUSHER_SECRET, verified by A's endpoint.
      channelAuthorization: {
        transport: 'ajax',
        endpoint: `${b.url}/api/v1/realtime/auth`,
        headers: { Authorization: `Bearer ${teacher.token}` },
      },
    });
    try {
      const channel = client.subscribe(instructorStatusChannel(teacher.id));
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
      });
      const heard = new Promise<unknown>((resolve) => channel.bind(instructorStatusEvent(teacher.id), resolve));
      const approved = await post(b, `/api/admin/teachers/${encodeURIComponent(teacher.phone)}/approve`, {}, admin);
      expect(approved.status, await approved.clone().text()).toBe(200);
      expect(await heard).toMatchObject({ status: 'policy' });
    } finally {
      client.disconnect();
    }
  });

  it('presence and client events span instances: a member joining through B is seen on A, a client event from B reaches A', async () => {
    // No product channel is a presence channel yet, so the test signs as any server holding the shared
    // PUSHER_SECRET would; what is under test is the endpoints, not the authorizer.
    const signer = new Pusher({ appId: EMBEDDED_DEV_KEYS.appId, key: EMBEDDED_DEV_KEYS.key, secret: SHARED.PUSHER_SECRET, cluster: 'eu' });
    const room = `presence-room-${Date.now()}`;
    const connect = (on: Instance, userId: string, name: string) =>
      new PusherClient(EMBEDDED_DEV_KEYS.key, {
        cluster: 'eu',
        wsHost: '127.0.0.1',
        wsPort: on.port,
        forceTLS: false,
        enabledTransports: ['ws'],
        channelAuthorization: {
          transport: 'ajax',
          endpoint: '/unused',
          customHandler: ({ socketId, channelName }, callback) =>
            callback(null, signer.authorizeChannel(socketId, channelName, { user_id: userId, user_info: { name } })),
        },
      });
    const subscribed = (channel: PresenceChannel) =>
      new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
      });
    const memberIds = (channel: PresenceChannel) => {
      const ids: string[] = [];
      channel.members.each((m: { id: string }) => ids.push(m.id));
      return ids.sort();
    };
    const onA = connect(a, 'amal', 'أمل');
    const onB = connect(b, 'badr', 'بدر');
    try {
      const inA = onA.subscribe(room) as PresenceChannel;
      await subscribed(inA);
      expect(memberIds(inA)).toEqual(['amal']);
      const added = new Promise<unknown>((resolve) => inA.bind('pusher:member_added', resolve));
      const inB = onB.subscribe(room) as PresenceChannel;
      await subscribed(inB);
      // B's subscriber is given the member connected to A, and A's hears of B's.
      expect(memberIds(inB)).toEqual(['amal', 'badr']);
      expect(await added).toEqual({ id: 'badr', info: { name: 'بدر' } });
      expect(memberIds(inA)).toEqual(['amal', 'badr']);

      const waved = new Promise<unknown[]>((resolve) => inA.bind('client-wave', (data: unknown, meta: unknown) => resolve([data, meta])));
      expect(inB.trigger('client-wave', { text: 'السلام عليكم' })).toBe(true);
      expect(await waved).toEqual([{ text: 'السلام عليكم' }, { user_id: 'badr' }]);

      const removed = new Promise<unknown>((resolve) => inA.bind('pusher:member_removed', resolve));
      onB.disconnect();
      expect(await removed).toMatchObject({ id: 'badr' });
      expect(memberIds(inA)).toEqual(['amal']);
    } finally {
      onA.disconnect();
      onB.disconnect();
    }
  });

  it('runs with node alone: the compiled reviewer CLI approves through B, and tsx is not a production dependency', async () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    const teacher = await signUpTeacher(a);
    const cli = spawnSync(process.execPath, ['dist/server/admin.js', 'teachers:approve', teacher.phone], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ADMIN_URL: b.url, ADMIN_TOKEN: SHARED.ADMIN_TOKEN, ADMIN_LANG: 'en' },
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    const { rows } = await sql.query<{ status: string }>('SELECT status FROM users WHERE phone = $1', [teacher.phone]);
    expect(rows[0]?.status).toBe('policy');
  });

  it('a code sent through A verifies through B', async () => {
    const sent = await post(a, '/api/v1/auth/login', { country_code: 'QA', phone: STUDENT });
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);
    const outbox = (await (await fetch(`${b.url}/api/v1/dev/outbox?phone=${encodeURIComponent(STUDENT)}`)).json()) as {
      data: Array<{ text: string }>;
    };
    const code = /\d{4,8}/.exec(outbox.data[0]?.text ?? '')?.[0];
    expect(code).toBeDefined();
    const verified = await post(b, '/api/v1/verify-otp', { phone: STUDENT, code });
    expect(verified.status, await verified.clone().text()).toBe(200);
  });

  it('a job fires once: a due reminder reaches each party exactly once with both instances sweeping', async () => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at,
                             duration_hours, expires_at, paid_with, channel_name)
       SELECT s.id, t.id, t.id, (SELECT min(id) FROM subjects), 'schedule', 'approved', now() + interval '10 minutes',
              now() + interval '70 minutes', 1, now() + interval '5 minutes', 'hours', 'private-session-' || md5(random()::text)
       FROM users s, users t WHERE s.phone = $1 AND t.phone = '+97455100001' RETURNING id`,
      [STUDENT],
    );
    const requestId = rows[0]?.id;
    expect(requestId).toBeDefined();
    const jobRuns = async (on: Instance) => {
      const text = await (await fetch(`${on.url}/metrics`, { headers: admin })).text();
      return Number(/noor_job_runs_total\{job="reminders",outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    // Wait until each instance has run the reminder job at least twice after the request existed.
    const [startA, startB] = [await jobRuns(a), await jobRuns(b)];
    await expect
      .poll(async () => (await jobRuns(a)) >= startA + 2 && (await jobRuns(b)) >= startB + 2, { timeout: 15_000, interval: 200 })
      .toBe(true);
    const sent = await sql.query<{ user_id: number }>(
      `SELECT user_id FROM notifications WHERE type = 'session_reminder_soon' AND (params->>'request_id')::int = $1`,
      [requestId],
    );
    expect(sent.rows).toHaveLength(2);
  });

  /**
   * Holds an exclusive lock on `settings` (and any other tables named) until release(): GET
   * /api/v1/settings then waits in the database. waiting() counts the queries of `instance` that wait
   * for the lock: the other instances' jobs (reminders join `subjects`, every 300 ms) wait for it too.
   */
  async function lockSettings(
    instance: Instance,
    tables = ['settings'],
  ): Promise<{ waiting(): Promise<number>; release(): Promise<void> }> {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
    const reads = tables.map((t) => `query ILIKE '%${t}%'`).join(' OR ');
    return {
      waiting: async () =>
        Number(
          (
            await sql.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND application_name = $1 AND (${reads})`,
              [applicationName(instance.name)],
            )
          ).rows[0]?.n,
        ),
      release: async () => {
        await holder.query('COMMIT');
        await holder.end();
      },
    };
  }

  it('readiness answers while every pooled connection is stuck on a lock', async () => {
    const c = await startInstance('c', database.url, { DB_POOL_MAX: '2' });
    const lock = await lockSettings(c, ['settings', 'subjects']);
    try {
      // Misses of one cached answer share one fill, so four different answers (two lists, two locales)
      // make four fills: two hold both pooled connections, two wait for one.
      const stuck = ['settings', 'subjects'].flatMap((list) =>
        ['ar', 'en'].map((locale) => fetch(`${c.url}/api/v1/${list}`, { headers: { 'accept-language': locale } }).then((r) => r.status)),
      );
      // The other two fills queue in the pool a moment after the first two hold the lock, and give up after
      // the pool's 5 s connect timeout: the metrics are read from now on, so a loaded machine that takes
      // seconds over the checks below still sees them queued.
      const waiting = async () =>
        /noor_db_pool_connections\{state="waiting"\} 2/.test(await (await fetch(`${c.url}/metrics`, { headers: admin })).text());
      const sawWaiting = (async () => {
        for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
          if (await waiting()) return true;
        }
        return false;
      })();
      await expect.poll(lock.waiting, { timeout: 10_000, interval: 50 }).toBe(2);
      const ready = await fetch(`${c.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await sawWaiting).toBe(true);
      await lock.release();
      // The two holding connections answer once the lock goes; a waiter past the pool's connect timeout
      // (5 s, reachable on a slow machine) is told 503 with Retry-After, never a 500.
      const statuses = await Promise.all(stuck);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    } finally {
      await lock.release().catch(() => undefined);
      await c.stop();
    }
  });

  it.skipIf(!bouncerUrl)('through PgBouncer: no startup options, and the statement timeout applies to every statement', async () => {
    const db = await openDb({
      databaseUrl: throughBouncer(database.url) as string,
      settings: { statementTimeoutMs: 300, listenUrl: database.url },
    });
    try {
      expect(await db.one('SHOW statement_timeout')).toEqual({ statement_timeout: '300ms' });
      const started = Date.now();
      await expect(db.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(3)'))).rejects.toMatchObject({ code: '57014' });
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await db.close();
    }
  });

  it("a write elsewhere reaches A's cached public read at once: a renamed teacher is listed renamed", async () => {
    const first = async () =>
      ((await (await fetch(`${a.url}/api/v1/teachers`)).json()) as { data: Array<{ id: number; first_name: string }> }).data[0];
    const teacher = await first();
    expect(teacher).toBeDefined();
    // A second read is a cache hit; the write comes through PgBouncer, as another instance's would.
    expect((await first())?.first_name).toBe(teacher?.first_name);
    const writer = new pg.Client({ connectionString: throughBouncer(database.url) ?? database.url });
    await writer.connect();
    const renamed = `مريم${Date.now() % 1000}`;
    try {
      const started = Date.now();
      await writer.query('UPDATE users SET first_name = $1 WHERE id = $2', [renamed, teacher?.id]);
      await expect.poll(async () => (await first())?.first_name, { timeout: 5000, interval: 50 }).toBe(renamed);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await writer.query('UPDATE users SET first_name = $1 WHERE id = $2', [teacher?.first_name, teacher?.id]);
      await writer.end();
    }
  });

  it('an exhausted pool answers 503 with Retry-After and logs one line, not one per request', async () => {
    const e = await startInstance('e', database.url, { DB_POOL_MAX: '1', DB_CONNECT_TIMEOUT_MS: '300' });
    const lock = await lockSettings(e, ['settings', 'subjects']);
    try {
      // Four different answers: the first fill holds the only connection, the others wait for it.
      const answers = ['settings', 'subjects'].flatMap((list) =>
        ['ar', 'en'].map((locale) =>
          fetch(`${e.url}/api/v1/${list}`, { headers: { 'accept-language': locale } }).then((r) => ({
            status: r.status,
            retryAfter: r.headers.get('retry-after'),
          })),
        ),
      );
      await expect.poll(lock.waiting, { timeout: 10_000, interval: 50 }).toBe(1);
      await new Promise((r) => setTimeout(r, 1000));
      await lock.release();
      const results = await Promise.all(answers);
      const refused = results.filter((r) => r.status === 503);
      expect(refused.length).toBeGreaterThanOrEqual(2);
      expect(refused.every((r) => r.retryAfter === '1')).toBe(true);
      expect(results.filter((r) => r.status !== 503).map((r) => r.status)).toEqual([200]);
      expect(e.output().match(/database unavailable: answering 503/g)).toHaveLength(1);
      expect(e.output()).not.toContain('unhandled error');
    } finally {
      await lock.release().catch(() => undefined);
      await e.stop();
    }
  });

  it.skipIf(!process.env.PG_STOP_CMD || !process.env.PG_START_CMD)(
    'PostgreSQL stopped under traffic and started again: 503 with Retry-After meanwhile, ready only with LISTEN back, clients told to refetch, presence kept',
    async () => {
      const teacher = await signUpTeacher(a);
      // A third instance straight on PostgreSQL (A and B go through PgBouncer, which keeps their
      // sockets open while PostgreSQL is down): its connections really drop, some of them checked out
      // inside a transaction of its jobs (every 100 ms), which is what used to end the process.
      const direct = await startInstance('d', database.url, { JOBS_EVERY_MS: '100', REALTIME_PRESENCE_HEARTBEAT_MS: String(HEARTBEAT_MS) });
      const probe = (on: Instance) =>
        fetch(`${on.url}/api/v1/balance`, { headers: { Authorization: `Bearer ${teacher.token}` } }).then(
          (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after') }),
          () => ({ status: 0, retryAfter: null }),
        );
      const ready = (on: Instance) =>
        fetch(`${on.url}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
      const normal = (await probe(a)).status;
      expect(normal).toBeLessThan(500);
      expect((await probe(b)).status).toBe(normal);
      expect((await probe(direct)).status).toBe(normal);

      const signer = new Pusher({
        appId: EMBEDDED_DEV_KEYS.appId,
        key: EMBEDDED_DEV_KEYS.key,
        secret: SHARED.PUSHER_SECRET,
        cluster: 'eu',
      });
      const room = `presence-outage-${Date.now()}`;
      const connect = (on: Instance, userId: string) =>
        new PusherClient(EMBEDDED_DEV_KEYS.key, {
          cluster: 'eu',
          wsHost: '127.0.0.1',
          wsPort: on.port,
          forceTLS: false,
          enabledTransports: ['ws'],
          channelAuthorization: {
            transport: 'ajax',
            endpoint: '/unused',
            customHandler: ({ socketId, channelName }, callback) =>
              callback(null, signer.authorizeChannel(socketId, channelName, { user_id: userId })),
          },
        });
      const join = (client: PusherClient) =>
        new Promise<PresenceChannel>((resolve, reject) => {
          const channel = client.subscribe(room) as PresenceChannel;
          channel.bind('pusher:subscription_succeeded', () => resolve(channel));
          channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
        });
      const memberIds = (channel: PresenceChannel) => {
        const ids: string[] = [];
        channel.members.each((m: { id: string }) => ids.push(m.id));
        return ids.sort();
      };
      const refetched = (client: PusherClient) =>
        new Promise<void>((resolve) =>
          client.connection.bind('message', (m: { event?: string }) => m.event === REFETCH_EVENT && resolve()),
        );
      const onA = connect(a, 'amal');
      const onB = connect(b, 'badr');
      const late = connect(b, 'camil');
      let halted = false;
      try {
        const inA = await join(onA);
        await join(onB);
        await expect.poll(() => memberIds(inA), { timeout: 5000 }).toEqual(['amal', 'badr']);
        const toldA = refetched(onA);
        const toldB = refetched(onB);

        const seen: Array<{ status: number; retryAfter: string | null }> = [];
        const traffic = (async () => {
          while (!halted) {
            seen.push(...(await Promise.all([probe(a), probe(b), probe(direct)])));
            await new Promise((r) => setTimeout(r, 25));
          }
        })();
        sql.on('error', () => undefined); // the test's own connection goes down too
        execFileSync(process.env.PG_STOP_CMD as string);
        const stoppedAt = Date.now();
        await expect.poll(() => ready(a), { timeout: 15_000, interval: 100 }).toBe(503);
        await expect.poll(() => ready(b), { timeout: 15_000, interval: 100 }).toBe(503);
        // Away for longer than presence waits before it counts an instance's members as gone.
        await new Promise((r) => setTimeout(r, Math.max(0, HEARTBEAT_MS * 3 + 2000 - (Date.now() - stoppedAt))));
        expect(seen.filter((r) => r.status === 503).length).toBeGreaterThan(0);
        execFileSync(process.env.PG_START_CMD as string);
        await expect
          .poll(async () => [await ready(a), await ready(b), await ready(direct)], { timeout: 30_000, interval: 100 })
          .toEqual([200, 200, 200]);
        halted = true;
        await traffic;

        // Both processes stayed up and answered every request: 503 with Retry-After, never 500.
        expect(a.child.exitCode).toBeNull();
        expect(b.child.exitCode).toBeNull();
        expect(direct.child.exitCode, direct.output()).toBeNull();
        expect(seen.filter((r) => r.status === 0 || (r.status >= 500 && r.status !== 503))).toEqual([]);
        expect(seen.filter((r) => r.status === 503 && !r.retryAfter)).toEqual([]);
        await expect
          .poll(async () => [(await probe(a)).status, (await probe(b)).status, (await probe(direct)).status], {
            timeout: 10_000,
            interval: 100,
          })
          .toEqual([normal, normal, normal]);
        expect(direct.output()).not.toContain('unhandled error');
        for (const on of [a, b]) {
          expect(on.output()).not.toContain('unhandled error');
          expect(on.output()).toContain('realtime: notifications were interrupted; clients told to refetch');
          const metrics = await (await fetch(`${on.url}/metrics`, { headers: admin })).text();
          expect(Number(/noor_realtime_gaps_total (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
        }
        await Promise.all([toldA, toldB]);

        // Presence: once both instances beat again, everyone still connected is a member.
        await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 4));
        await expect.poll(() => memberIds(inA), { timeout: 5000 }).toEqual(['amal', 'badr']);
        // (They were swept by whichever instance beat first, and put back by their own.)
        expect(a.output() + b.output()).toContain('realtime presence: members restored after the heartbeat lapsed');
        const inLate = await join(late);
        expect(memberIds(inLate)).toEqual(['amal', 'badr', 'camil']);

        // Events cross again: a publish through B reaches a subscriber on A.
        const waved = new Promise<unknown>((resolve) => inA.bind('client-wave', resolve));
        expect(inLate.trigger('client-wave', { text: 'عدنا' })).toBe(true);
        expect(await waved).toEqual({ text: 'عدنا' });
      } finally {
        for (const client of [onA, onB, late]) client.disconnect();
        halted = true;
        await direct.stop();
        // Later tests use the test's own connection: a new one on the restarted server.
        await sql.end().catch(() => undefined);
        sql = new pg.Client({ connectionString: database.url });
        await sql.connect();
      }
    },
    90_000,
  );

  it('SIGTERM: the request in flight is answered, new connections are refused, the process exits 0', async () => {
    const lock = await lockSettings(a);
    try {
      // In flight for certain: A's query is waiting for the lock when the signals arrive.
      const inFlight = fetch(`${a.url}/api/v1/settings`).then((r) => r.status);
      await expect.poll(lock.waiting, { timeout: 10_000, interval: 50 }).toBe(1);
      a.child.kill('SIGTERM');
      a.child.kill('SIGTERM'); // a second signal must not cut the shutdown short
      await expect
        .poll(
          () =>
            fetch(`${a.url}/api/health/live`).then(
              () => 'accepted',
              () => 'refused',
            ),
          { timeout: 10_000, interval: 50 },
        )
        .toBe('refused');
      await lock.release();
      expect(await inFlight).toBe(200);
      expect(await a.exited).toBe(0);
      expect(a.output()).toContain('"msg":"shut down"');
      // B carries on.
      expect((await fetch(`${b.url}/api/health/ready`)).status).toBe(200);
    } finally {
      await lock.release().catch(() => undefined);
    }
  });
});
