// The production driver: a `pg` connection pool on DATABASE_URL, behind the same interface as PGlite.
import pg from 'pg';
import { sharedParsers, type Db, type Queryable } from './types';

type Client = Pick<pg.PoolClient, 'query'>;

function wrap(target: Client): Queryable {
  const query: Queryable['query'] = async <T extends object>(sql: string, params: readonly unknown[] = []) =>
    (await target.query<T & pg.QueryResultRow>(sql, [...params])).rows as T[];
  return {
    query,
    async one<T extends object>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
      const rows: T[] = await query<T>(sql, params);
      return rows[0];
    },
    exec: async (sql: string) => {
      // Without parameters pg uses the simple protocol, which accepts several statements at once.
      await target.query(sql);
    },
  };
}

export interface PgOptions {
  databaseUrl: string;
  /** Put every connection on this schema (tests give each file its own). */
  searchPath?: string;
  max?: number;
}

export async function openPg({ databaseUrl, searchPath, max = 10 }: PgOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        sharedParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => console.error(JSON.stringify({ level: 'error', msg: 'pg pool error', err: err.message })));
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    driver: 'pg',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
