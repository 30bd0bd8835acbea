// The database going away under the production driver (PostgreSQL only): a connection killed under a
// query fails that query as DatabaseUnavailable (answered 503) without taking the process down, and
// the next query reconnects; a pool that stays full fails as pool_exhausted.
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openPg } from '../../server/db/pg';
import { DatabaseUnavailable } from '../../server/db/types';
import { databaseUrl } from './helpers';

describe.runIf(databaseUrl !== undefined)('the database going away', () => {
  it('a connection killed under a query: that query fails as unreachable, the next one reconnects', async () => {
    const db = await openPg({ databaseUrl: databaseUrl!, settings: { poolMax: 2, applicationName: 'noor-unavailable-test' } });
    const killer = new pg.Client({ connectionString: databaseUrl });
    await killer.connect();
    try {
      const slow = db.query('SELECT pg_sleep(5)').then(
        () => 'answered',
        (err: unknown) => err,
      );
      const victims = () =>
        killer.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE application_name = 'noor-unavailable-test' AND query = 'SELECT pg_sleep(5)'",
        );
      await vi.waitFor(async () => expect((await victims()).rows).toHaveLength(1), { timeout: 5000, interval: 20 });
      await killer.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'noor-unavailable-test'");
      const failure = await slow;
      expect(failure).toBeInstanceOf(DatabaseUnavailable);
      expect((failure as DatabaseUnavailable).reason).toBe('unreachable');
      await vi.waitFor(async () => expect(await db.one('SELECT 1 AS x')).toEqual({ x: 1 }), { timeout: 5000, interval: 50 });
    } finally {
      await killer.end();
      await db.close();
    }
  });

  it('a pool that stays full for the connect timeout fails as pool_exhausted', async () => {
    const db = await openPg({ databaseUrl: databaseUrl!, settings: { poolMax: 1, connectTimeoutMs: 200 } });
    try {
      const holding = db.transaction((tx) => tx.query('SELECT pg_sleep(1)'));
      const refused = await db.query('SELECT 1').then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(DatabaseUnavailable);
      expect((refused as DatabaseUnavailable).reason).toBe('pool_exhausted');
      await holding;
    } finally {
      await db.close();
    }
  });
});
