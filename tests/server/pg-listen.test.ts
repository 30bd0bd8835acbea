// LISTEN on a pg pool (PostgreSQL only): a connection's own NOTIFY is heard before its statement
// returns, another client's soon after, and when the pool has closed every listening connection the
// listeners are told they may have missed something (`gap`); the server's own pool (openPg) keeps one
// listening connection however long it stays idle.
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPg } from '../../server/db/pg';
import { poolListener } from '../../server/db/pg-listen';
import { databaseUrl } from './helpers';

describe.runIf(databaseUrl !== undefined)('pg pool listener', () => {
  const pool = new pg.Pool({ connectionString: databaseUrl, idleTimeoutMillis: 100, max: 3 });
  afterAll(() => pool.end());

  it('hears its own NOTIFY at once and another client’s soon; a pool with no connection left reports a gap', async () => {
    const listening = poolListener(pool);
    const heard: string[] = [];
    let gaps = 0;
    await listening.listen('noor_test_listen', { notify: (p) => heard.push(p), gap: () => gaps++ });

    const own = await listening.checkout();
    try {
      await own.query(`NOTIFY noor_test_listen, 'own'`);
    } finally {
      own.release();
    }
    expect(heard).toEqual(['own']);

    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    await other.query(`NOTIFY noor_test_listen, 'other'`);
    await other.end();
    await vi.waitFor(() => expect(heard).toEqual(['own', 'other']), { timeout: 5000, interval: 20 });

    // Idle connections close after 100 ms: nobody listens any more.
    await vi.waitFor(() => expect(gaps).toBe(1), { timeout: 5000, interval: 20 });
  });
  it('the server pool keeps one listening connection past the idle timeout: no gap, notifications still arrive', async () => {
    const db = await openPg({ databaseUrl: databaseUrl!, settings: { poolMax: 3 }, idleTimeoutMs: 100 });
    try {
      const heard: string[] = [];
      let gaps = 0;
      await db.listen!('noor_test_keep', { notify: (p) => heard.push(p), gap: () => gaps++ });
      // Three statements at once: three connections, each listening.
      await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
      expect(db.stats!().total).toBe(3);
      // The idle ones close after 100 ms; one stays, and it still listens.
      await vi.waitFor(() => expect(db.stats!().total).toBe(1), { timeout: 5000, interval: 20 });
      await new Promise((done) => setTimeout(done, 400));
      expect(db.stats!().total).toBe(1);
      expect(gaps).toBe(0);
      const other = new pg.Client({ connectionString: databaseUrl });
      await other.connect();
      await other.query(`NOTIFY noor_test_keep, 'later'`);
      await other.end();
      await vi.waitFor(() => expect(heard).toEqual(['later']), { timeout: 5000, interval: 20 });
    } finally {
      await db.close();
    }
  });
});
