// Realtime fan-out through PostgreSQL NOTIFY, in process: two endpoints as two instances on
// one database. Needs PostgreSQL (test:pg); PGlite is one process and keeps its endpoint alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { migrate } from '../../server/db/migrate';
import { MAX_NOTIFY_BYTES, startPgFanout, type Fanout } from '../../server/realtime/fanout';
import type { TriggerInput } from '../../server/realtime/endpoint';
import { loadDatabaseSettings } from '../../server/config-instances';
import { databaseUrl, freshDb, type TestDb } from './helpers';

describe.skipIf(!databaseUrl)('realtime fan-out over LISTEN/NOTIFY', () => {
  let t: TestDb;
  const heard: Record<'a' | 'b', TriggerInput[]> = { a: [], b: [] };
  let a: Fanout;
  let b: Fanout;

  beforeAll(async () => {
    t = await freshDb();
    await migrate(t.db);
    const common = {
      db: t.db,
      databaseUrl: databaseUrl as string,
      searchPath: t.schema,
      settings: loadDatabaseSettings({}),
      log: createLogger('silent'),
    };
    a = await startPgFanout({ ...common, deliver: (m) => heard.a.push(m) });
    b = await startPgFanout({ ...common, deliver: (m) => heard.b.push(m) });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.close();
  });

  it('delivers what one instance publishes to the other, not back to itself', async () => {
    const event = { channels: ['private-user-1'], name: 'notification', data: '{"n":1}', socketId: '1.2' };
    await a.publish(event);
    await expect.poll(() => heard.b.at(-1)).toEqual(event);
    expect(heard.a).toEqual([]);
  });

  it('sends a message over the NOTIFY limit through the table, by id', async () => {
    const channels = Array.from({ length: 100 }, (_, i) => `private-user-${i}`);
    const event = { channels, name: 'big', data: JSON.stringify({ text: 'نور'.repeat(1500) }) };
    expect(Buffer.byteLength(JSON.stringify(event))).toBeGreaterThan(MAX_NOTIFY_BYTES);
    await b.publish(event);
    await expect.poll(() => heard.a.at(-1)?.name).toBe('big');
    expect(heard.a.at(-1)).toEqual(event);
    const rows = await t.db.query('SELECT id FROM realtime_messages');
    expect(rows.length).toBeGreaterThan(0);
  });
});
