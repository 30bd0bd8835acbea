// logging out ends the socket's private subscriptions. A socket that joined the user's
// private channel with a token stops receiving its events once that token is logged out — while a
// socket of the same user's other session keeps them. Absence is shown by ordering, not by waiting:
// the private event is published before a public one the socket also follows, and the public one
// arriving proves the private one would have arrived before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../server/main';
import { issueToken } from '../../server/modules/auth/tokens';
import { databaseUrl, freshDb, type TestDb } from './helpers';
import { freePort, RawClient } from './realtime-helpers';

let server: RunningServer;
let studentId: number;
// On PostgreSQL two instances share one schema, so logout on one reaches a socket held by the other.
let pgDb: TestDb | undefined;
let second: RunningServer | undefined;
const start = async () =>
  createServer({
    port: await freePort(),
    logLevel: 'silent',
    seedDemo: false,
    ...(pgDb ? { databaseUrl, databaseSchema: pgDb.schema } : {}),
  });
beforeAll(async () => {
  if (databaseUrl) pgDb = await freshDb();
  server = await start();
  if (pgDb) second = await start();
  const row = await server.db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, status, has_free_session)
     VALUES ('student', 'ريم', 'الهاجري', '+97455900111', 'QA', 'active', true) RETURNING id`,
  );
  studentId = row!.id;
});
afterAll(async () => {
  await second?.close();
  await server?.close();
  await pgDb?.close();
});

const PUBLIC = 'public-marker';

/** A socket on `on` following the user's private channel (authorized with `token`) and a public channel. */
async function follow(token: string, on: RunningServer = server): Promise<RawClient> {
  const client = await RawClient.connect(`ws://127.0.0.1:${on.port}/app/${on.realtime.config.key}?protocol=7`);
  const socketId = await client.established();
  const channel = `private-user-${studentId}`;
  const res = await fetch(`${on.url}/api/v1/realtime/auth`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }),
  });
  expect(res.status).toBe(200);
  const { auth } = (await res.json()) as { auth: string };
  client.send('pusher:subscribe', { channel, auth });
  await client.next((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
  client.send('pusher:subscribe', { channel: PUBLIC });
  await client.next((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === PUBLIC);
  return client;
}

/** Publishes a private event, then a public marker; returns whether the private one came first. */
async function receivesPrivate(client: RawClient, tag: string, on: RunningServer = server): Promise<boolean> {
  const { publisher } = on.realtime;
  await publisher.publish(`private-user-${studentId}`, 'secret', { tag });
  await publisher.publish(PUBLIC, 'marker', { tag });
  await client.next((f) => f.event === 'marker' && (f.data as { tag: string }).tag === tag);
  return client.wire.some((raw) => raw.includes('"secret"') && raw.includes(tag));
}

describe('logout and realtime', () => {
  it('the logged-out session’s socket no longer receives private events; another session’s socket still does', async () => {
    const token = await issueToken(server.db, studentId, new Date());
    const otherToken = await issueToken(server.db, studentId, new Date());
    const mine = await follow(token);
    const other = await follow(otherToken);
    expect(await receivesPrivate(mine, 'before')).toBe(true);

    const out = await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);

    expect(await receivesPrivate(mine, 'after')).toBe(false);
    expect(await receivesPrivate(other, 'after-other')).toBe(true);
    // The socket itself stays open for public channels, and the revoked token cannot subscribe again.
    const again = await fetch(`${server.url}/api/v1/realtime/auth`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: '1.2', channel_name: `private-user-${studentId}` }),
    });
    expect(again.status).toBe(401);
    mine.close();
    other.close();
  });

  it.skipIf(!databaseUrl)('logout on one instance ends the subscription on the instance that holds the socket', async () => {
    const token = await issueToken(server.db, studentId, new Date());
    const keep = await issueToken(server.db, studentId, new Date());
    const channel = `private-user-${studentId}`;
    const held = await follow(token, second);
    const kept = await follow(keep, second);
    expect(second!.realtime.endpoint!.subscriberCount(channel)).toBe(2);
    const out = await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    // The control message travels by NOTIFY: the other instance drops exactly the signed-out socket.
    await expect.poll(() => second!.realtime.endpoint!.subscriberCount(channel)).toBe(1);
    expect(await receivesPrivate(kept, 'kept', second)).toBe(true);
    held.close();
    kept.close();
  });
});
