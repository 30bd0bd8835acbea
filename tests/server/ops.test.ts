// Health for load balancers and /metrics, on one in-process server: liveness and readiness,
// readiness refusing while draining, metrics behind the admin token or an administrator's console
// session (never another staff role's), with route patterns as labels.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../server/main';
import { createStaff, disableStaff, issueSession, type StaffRole } from '../../server/modules/staff/service';
import { databaseUrl, freshDb, type TestDb } from './helpers';

const TOKEN = 'ops-test-token';
let t: TestDb | undefined;
let server: RunningServer;

beforeAll(async () => {
  // On PostgreSQL (test:pg) in a schema of its own; PGlite in memory otherwise.
  t = databaseUrl ? await freshDb() : undefined;
  server = await createServer({
    logLevel: 'silent',
    seedDemo: false,
    admin: { token: TOKEN },
    remindersEveryMs: 0,
    requestSweepEveryMs: 0,
    firstRequestTimeoutMs: 500,
    ...(t?.schema ? { databaseUrl, databaseSchema: t.schema } : {}),
  });
});

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('connections', () => {
  it('closes a connection that sends nothing; one that sends its request in time is answered', async () => {
    const silent = connect(server.port, '127.0.0.1');
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => silent.on('close', () => resolve(Date.now() - started)));
    expect(closedAfter).toBeGreaterThanOrEqual(400);
    expect(closedAfter).toBeLessThan(5_000);
    // A request sent after a pause shorter than the limit is answered.
    const slow = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      slow.on('data', (chunk: Buffer) => (text += chunk.toString()));
      slow.on('end', () => resolve(text));
      slow.on('error', reject);
      slow.write('GET /api/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('health', () => {
  it('live and ready answer 200; /api/health stays the readiness check with details', async () => {
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ data: { status: 'ok', db: 'ok' } });
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ data: { status: 'ok', db: 'ok' } });
  });
});

describe('/metrics', () => {
  it('is refused without the admin token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it("answers an administrator's console session, and refuses the other staff roles and ended sessions", async () => {
    const memberOf = async (role: StaffRole) => {
      const member = await createStaff(server.db, { email: `ops.${role}@noor.test`, name: `ops ${role}`, role, password: 'Secret123' });
      return { id: member!.id, token: (await issueSession(server.db, member!.id, new Date())).token };
    };
    const scrape = async (token: string) =>
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status;
    const [reviewer, support, admin] = await Promise.all((['reviewer', 'support', 'admin'] as const).map(memberOf));
    expect(await scrape(reviewer!.token)).toBe(403);
    expect(await scrape(support!.token)).toBe(403);
    expect(await scrape(admin!.token)).toBe(200);
    // Disabled: the same session is refused at once.
    await disableStaff(server.db, admin!.id, new Date());
    expect(await scrape(admin!.token)).toBe(401);
  });

  it('counts requests by route pattern and status, and shows pool and realtime gauges', async () => {
    await fetch(`${server.url}/api/v1/teachers/987654`);
    await fetch(`${server.url}/api/v1/teachers/123456`);
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    // Two ids, one series: labels are patterns, never raw paths.
    expect(text).toMatch(/noor_http_requests_total\{method="GET",route="\/api\/v1\/teachers\/:id",status="404"\} 2/);
    expect(text).not.toMatch(/987654/);
    expect(text).toMatch(/noor_db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/noor_realtime_connections 0/);
  });
});

// Last: it closes the server the other tests used (afterAll's close is then the same shutdown).
describe('graceful close', () => {
  it('turns readiness off first; closing twice is one shutdown', async () => {
    const first = server.close();
    expect(server.draining).toBe(true);
    await Promise.all([first, server.close()]);
    await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();
  });
});
