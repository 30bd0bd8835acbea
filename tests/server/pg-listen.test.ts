// LISTEN on a pg pool (PostgreSQL only): a connection's own NOTIFY is heard before its statement
// returns, another client's soon after, and when the pool has closed every listening connection the
// listeners are told they may have missed something (`gap`).
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
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
});
