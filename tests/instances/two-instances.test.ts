// Two server processes on one PostgreSQL (issue 14), as behind a load balancer: what one instance is
// told, the other knows. Runs through `npm run test:instances` (scripts/test-pg.sh starts PostgreSQL);
// skipped without DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import Pusher from 'pusher';
import PusherClient, { type PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../../contract/auth';
import { EMBEDDED_DEV_KEYS } from '../../server/config';
import { instructorStatusChannel, instructorStatusEvent } from '../../contract/realtime-names';
import { JPEG, newPhone, PDF, PNG, TEACHER_PASSWORD } from '../server/auth-helpers';
import { applicationName, buildServer, createDatabase, SHARED, startInstance, type Instance } from './processes';

const baseUrl = process.env.DATABASE_URL;
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
    [a, b] = await Promise.all([
      startInstance('a', database.url, { JOBS_EVERY_MS: '300', REALTIME_CLIENT_EVENTS: '1' }),
      startInstance('b', database.url, { JOBS_EVERY_MS: '300', REALTIME_CLIENT_EVENTS: '1' }),
    ]);
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
    const ids = async (table: string) => (await sql.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY sort_order LIMIT 2`)).rows.map((r) => r.id);
    const form = new FormData();
    const fields: Record<string, string> = {
      type: 'instructor', first_name: 'خالد', second_name: 'عبدالله', last_name: 'النعيمي', phone, country_code: 'QA',
      email: `t${phone.slice(-6)}@example.com`, gender: 'male', birth_date: '1990-05-17', experience_years: '7',
      qualification: 'master', country: 'QA', password: TEACHER_PASSWORD, password_confirmation: TEACHER_PASSWORD,
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
      cluster: 'eu', wsHost: '127.0.0.1', wsPort: a.port, forceTLS: false, enabledTransports: ['ws'],
      // Signed by B with the shared PUSHER_SECRET, verified by A's endpoint.
      channelAuthorization: { transport: 'ajax', endpoint: `${b.url}/api/v1/realtime/auth`, headers: { Authorization: `Bearer ${teacher.token}` } },
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
        cluster: 'eu', wsHost: '127.0.0.1', wsPort: on.port, forceTLS: false, enabledTransports: ['ws'],
        channelAuthorization: {
          transport: 'ajax', endpoint: '/unused',
          customHandler: ({ socketId, channelName }, callback) => callback(null, signer.authorizeChannel(socketId, channelName, { user_id: userId, user_info: { name } })),
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
    const outbox = (await (await fetch(`${b.url}/api/v1/dev/outbox?phone=${encodeURIComponent(STUDENT)}`)).json()) as { data: Array<{ text: string }> };
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
    await expect.poll(async () => (await jobRuns(a)) >= startA + 2 && (await jobRuns(b)) >= startB + 2, { timeout: 15_000, interval: 200 }).toBe(true);
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
  async function lockSettings(instance: Instance, tables = ['settings']): Promise<{ waiting(): Promise<number>; release(): Promise<void> }> {
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
      await expect.poll(lock.waiting, { timeout: 10_000, interval: 50 }).toBe(2);
      const ready = await fetch(`${c.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      const metrics = await (await fetch(`${c.url}/metrics`, { headers: admin })).text();
      expect(metrics).toMatch(/noor_db_pool_connections\{state="waiting"\} 2/);
      await lock.release();
      expect(await Promise.all(stuck)).toEqual([200, 200, 200, 200]);
    } finally {
      await lock.release().catch(() => undefined);
      await c.stop();
    }
  });

  it('SIGTERM: the request in flight is answered, new connections are refused, the process exits 0', async () => {
    const lock = await lockSettings(a);
    try {
      // In flight for certain: A's query is waiting for the lock when the signals arrive.
      const inFlight = fetch(`${a.url}/api/v1/settings`).then((r) => r.status);
      await expect.poll(lock.waiting, { timeout: 10_000, interval: 50 }).toBe(1);
      a.child.kill('SIGTERM');
      a.child.kill('SIGTERM'); // a second signal must not cut the shutdown short
      await expect.poll(() => fetch(`${a.url}/api/health/live`).then(() => 'accepted', () => 'refused'), { timeout: 10_000, interval: 50 }).toBe('refused');
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
