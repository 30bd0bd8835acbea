// The production driver: a `pg` connection pool on DATABASE_URL, behind the same interface as PGlite.
import pg from 'pg';
import { poolListener } from './pg-listen';
import { queryable, sharedParsers, type Db, type Queryable } from './types';

type Client = Pick<pg.PoolClient, 'query'>;

function wrap(target: Client): Queryable {
  return queryable(
    async <T extends object>(sql: string, params: readonly unknown[] = []) =>
      (await target.query<T & pg.QueryResultRow>(sql, [...params])).rows as T[],
    async (sql: string) => {
      // Without parameters pg uses the simple protocol, which accepts several statements at once.
      await target.query(sql);
    },
  );
}

export interface PgOptions {
  databaseUrl: string;
  /** Put every connection on this schema (tests give each file its own). */
  searchPath?: string;
  /** Pool size and timeouts (config: loadDatabaseSettings); defaults suit one small instance. */
  settings?: Partial<PgSettings>;
  /** How long a pool connection beyond the first may stay idle before it closes (pg's 10 s; tests shorten it). */
  idleTimeoutMs?: number;
}

export interface PgSettings {
  poolMax: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  applicationName: string;
}

const DEFAULTS: PgSettings = {
  poolMax: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 10_000,
  applicationName: 'noor-api',
};

/** Connection settings shared by the pool, the readiness pool and the LISTEN connection. */
export function pgClientConfig(databaseUrl: string, searchPath: string | undefined, settings: PgSettings, role: string): pg.ClientConfig {
  // Server-side limits travel in the startup packet, so they hold from the first statement of every
  // connection: a stuck query or a forgotten transaction cannot pin a connection for ever.
  const options = [
    searchPath ? `-c search_path=${searchPath}` : '',
    `-c statement_timeout=${settings.statementTimeoutMs}`,
    `-c idle_in_transaction_session_timeout=${settings.idleInTransactionTimeoutMs}`,
  ].filter(Boolean);
  return {
    connectionString: databaseUrl,
    options: options.join(' '),
    application_name: role === 'api' ? settings.applicationName : `${settings.applicationName}:${role}`,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        sharedParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  };
}

export async function openPg({ databaseUrl, searchPath, settings: given = {}, idleTimeoutMs = 10_000 }: PgOptions): Promise<Db> {
  const settings = { ...DEFAULTS, ...given };
  // One connection outlives the idle timeout (10 s): it keeps the LISTEN of pg-listen.ts, so a server
  // answering only from the public cache does not lose it every 10 s and make the next requests wait
  // for a new connection and a re-read of the version (issue 13, docs/bench.md; tested in
  // tests/server/pg-listen.test.ts).
  const pool = new pg.Pool({ ...pgClientConfig(databaseUrl, searchPath, settings, 'api'), max: settings.poolMax, min: 1, idleTimeoutMillis: idleTimeoutMs });
  // Readiness has its own single connection: requests stuck on a lock can fill the main pool, and a
  // load balancer must still get an answer (and the answer must be about the database, not the queue).
  const health = new pg.Pool({ ...pgClientConfig(databaseUrl, searchPath, settings, 'health'), max: 1 });
  const logError = (err: Error) => console.error(JSON.stringify({ level: 'error', msg: 'pg pool error', err: err.message }));
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', logError);
  health.on('error', logError);
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  const listening = poolListener(pool);
  // Statements outside a transaction go through the listener's checkout, so their connection listens too.
  const anyClient: Client = {
    query: (async (sql: string, params?: unknown[]) => {
      const client = await listening.checkout();
      let broken: Error | undefined;
      try {
        return await client.query(sql, params);
      } catch (err) {
        // The statement's own errors leave the connection usable; anything else retires it.
        if (!(err instanceof pg.DatabaseError)) broken = err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
    }) as Client['query'],
  };
  return {
    driver: 'pg',
    ...wrap(anyClient),
    listen: (channel, listener) => listening.listen(channel, listener),
    ping: async (timeoutMs) => {
      await withTimeout(health.query('SELECT 1'), timeoutMs);
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: settings.poolMax }),
    transaction: async (fn) => {
      const client = await listening.checkout();
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
    close: async () => {
      await Promise.all([pool.end(), health.end()]);
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
