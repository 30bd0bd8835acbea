// Presence shared by instances through PostgreSQL, in process: two presence clusters as two
// instances on one database. Needs PostgreSQL (test:pg); PGlite is one process and keeps presence in memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import type { TriggerInput } from '../../server/realtime/protocol';
import { startPresenceCluster, type PresenceCluster } from '../../server/realtime/presence-cluster';
import { databaseUrl, freshDb, type TestDb } from './helpers';

describe.skipIf(!databaseUrl)('presence across instances', () => {
  let t: TestDb;
  const started: PresenceCluster[] = [];
  const sent: Record<string, TriggerInput[]> = {};

  async function instance(id: string, heartbeatMs = 60_000): Promise<PresenceCluster> {
    sent[id] = [];
    const cluster = await startPresenceCluster({
      db: t.db,
      instanceId: id,
      log: createLogger('silent'),
      heartbeatMs,
      publish: async (input) => void sent[id]?.push(input),
      deliverLocally: (input) => sent[id]?.push(input),
    });
    started.push(cluster);
    return cluster;
  }

  beforeAll(async () => {
    t = await freshDb();
    await migrate(t.db);
  });

  afterAll(async () => {
    for (const c of started) await c.close();
    await t?.close();
  });

  it('lists members of every instance and counts a person with tabs on two instances once', async () => {
    const a = await instance('a');
    const b = await instance('b');
    expect(await a.join('presence-x', '1.1', { user_id: 'amal', user_info: { name: 'أمل' } })).toMatchObject({ added: true });
    const second = await b.join('presence-x', '2.1', { user_id: 'badr' });
    expect(second.added).toBe(true);
    expect(second.snapshot).toEqual({ ids: ['amal', 'badr'], hash: { amal: { name: 'أمل' }, badr: null }, count: 2 });
    // Amal opens a second tab, on B: not new to the channel; closing the first tab does not make her leave.
    expect((await b.join('presence-x', '2.2', { user_id: 'amal', user_info: { name: 'أمل' } })).added).toBe(false);
    expect(await a.leave('1.1')).toEqual([]);
    expect(await b.leave('2.2', 'presence-x')).toEqual([{ channel: 'presence-x', userId: 'amal' }]);
  });

  it('sweeps the members of an instance that stopped beating and announces them as gone', async () => {
    const crashed = await instance('crashed');
    await crashed.join('presence-y', '3.1', { user_id: 'sara' });
    await t.db.query(`UPDATE realtime_instances SET seen_at = now() - interval '1 hour' WHERE id = 'crashed'`);
    const alive = await instance('alive', 50);
    // Ignored at once, before any sweep: a new subscriber is not shown the ghost.
    expect((await alive.join('presence-y', '4.1', { user_id: 'omar' })).snapshot.ids).toEqual(['omar']);
    const gone = { channels: ['presence-y'], name: 'pusher_internal:member_removed', data: JSON.stringify({ user_id: 'sara' }) };
    // (Only presence-y: on a slow machine the first test's members, whose instances beat once a minute,
    // are gone by this instance's 150 ms reckoning too.)
    await expect.poll(() => sent.alive?.filter((m) => m.name === gone.name && m.channels[0] === 'presence-y')).toEqual([gone, gone]);
    expect(await t.db.query(`SELECT 1 FROM realtime_instances WHERE id = 'crashed'`)).toEqual([]);
  });

  it('puts back the members of a live instance whose heartbeat lapsed (the database was away) and announces them again', async () => {
    // Alone with the two of this test: the instances above would sweep by their own reckoning.
    for (const c of started.splice(0)) await c.close();
    const lapsing = await instance('lapsing', 400);
    await lapsing.join('presence-z', '5.1', { user_id: 'hala', user_info: { name: 'هالة' } });
    // Its beats stopped for an hour, as while PostgreSQL was away; another instance sweeps it first.
    await t.db.query(`UPDATE realtime_instances SET seen_at = now() - interval '1 hour' WHERE id = 'lapsing'`);
    const sweeper = await instance('sweeper');
    const removed = { channels: ['presence-z'], name: 'pusher_internal:member_removed', data: JSON.stringify({ user_id: 'hala' }) };
    expect(sent.sweeper).toEqual([removed, removed]);
    // Its next beat puts Hala back and tells everyone (its own sockets and the others).
    const added = {
      channels: ['presence-z'],
      name: 'pusher_internal:member_added',
      data: JSON.stringify({ user_id: 'hala', user_info: { name: 'هالة' } }),
    };
    await expect.poll(() => sent.lapsing, { timeout: 5000 }).toEqual([added, added]);
    expect((await sweeper.join('presence-z', '6.1', { user_id: 'iman' })).snapshot.ids).toEqual(['hala', 'iman']);
  });
});
