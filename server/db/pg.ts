// The production driver: a `pg` connection pool on DATABASE_URL, behind the same interface as PGlite.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { directListener, poolListener, type PoolListener } from './pg-listen';
import { DatabaseUnavailable, queryable, sharedParsers, type Db, type Queryable, type QueryOptions } from './types';

type Client = Pick<pg.PoolClient, 'query'>;

/**
 * A statement's name for the server: from its text, so one name never stands for two texts (pg
 * refuses that on a connection) and a text is prepared once per connection, then planned from the
 * cache (PostgreSQL's plan_cache_mode decides between custom and generic plans).
 */
const statementName = (sql: string) => `noor_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;

/** A statement as pg takes it: named when asked for and allowed (never through a pooler). */
const statement = (sql: string, params: readonly unknown[], options: QueryOptions | undefined, named: boolean): pg.QueryConfig =>
  named && options?.prepare ? { name: statementName(sql), text: sql, values: [...params] } : { text: sql, values: [...params] };

function wrap(target: Client, named: boolean): Queryable {
  return queryable(
    async <T extends object>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) =>
      (await target.query<T & pg.QueryResultRow>(statement(sql, params, options, named))).rows as T[],
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
  /**
   * Set when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): a direct connection
   * to PostgreSQL for LISTEN. Pooled connections then carry no startup options; the timeouts and the
   * search path are set per transaction (SET LOCAL) instead.
   */
  listenUrl?: string | undefined;
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
  // connection: a stuck query or a forgotten transaction cannot pin a connection for ever. A pooler in
  // transaction mode refuses startup options (PgBouncer: "unsupported startup parameter: options"), so
  // through one they are left out and set per transaction (transactionPrelude).
  const pooled = settings.listenUrl !== undefined && databaseUrl !== settings.listenUrl;
  const options = pooled
    ? []
    : [
        searchPath ? `-c search_path=${searchPath}` : '',
        `-c statement_timeout=${settings.statementTimeoutMs}`,
        `-c idle_in_transaction_session_timeout=${settings.idleInTransactionTimeoutMs}`,
      ].filter(Boolean);
  return {
    connectionString: databaseUrl,
    ...(options.length ? { options: options.join(' ') } : {}),
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
  const pooled = settings.listenUrl !== undefined && settings.listenUrl !== databaseUrl;
  // One connection outlives the idle timeout (10 s): it keeps the LISTEN of pg-listen.ts, so a server
  // answering only from the public cache does not lose it every 10 s and make the next requests wait
  // for a new connection and a re-read of the version (docs/bench.md; tested in
  // tests/server/pg-listen.test.ts).
  const pool = new pg.Pool({
    ...pgClientConfig(databaseUrl, searchPath, settings, 'api'),
    max: settings.poolMax,
    min: 1,
    idleTimeoutMillis: idleTimeoutMs,
  });
  // Readiness has its own single connection: requests stuck on a lock can fill the main pool, and a
  // load balancer must still get an answer (and the answer must be about the database, not the queue).
  const health = new pg.Pool({ ...pgClientConfig(databaseUrl, searchPath, settings, 'health'), max: 1 });
  const logError = (err: Error) => console.error(JSON.stringify({ level: 'error', msg: 'pg pool error', err: err.message }));
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', logError);
  health.on('error', logError);
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  // Through a transaction-mode pooler a LISTEN on a pooled connection hears nothing useful (the next
  // transaction may run on another server connection): one direct connection listens instead.
  const direct = pooled ? directListener(pool, pgClientConfig(settings.listenUrl as string, searchPath, settings, 'listen')) : undefined;
  const listening: PoolListener = direct ?? poolListener(pool);
  // Per transaction through a pooler: what the startup options set on a direct connection.
  const prelude = pooled ? transactionPrelude(searchPath, settings) : 'BEGIN';
  // A checked-out client whose connection drops emits 'error' with no pool listener attached (the pool
  // listens only while it is idle): without ours the process would exit. The query in flight fails
  // on its own, and the client is released as broken.
  const guarded = new WeakSet<pg.PoolClient>();
  async function checkout(): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await listening.checkout();
    } catch (err) {
      throw unavailable(err, pool, settings.poolMax);
    }
    if (!guarded.has(client)) {
      guarded.add(client);
      client.on('error', () => undefined);
    }
    return client;
  }
  // Statements outside a transaction go through the listener's checkout, so their connection listens too.
  const anyClient: Client = {
    query: (async (config: string | pg.QueryConfig) => {
      const client = await checkout();
      let broken: Error | undefined;
      try {
        if (!pooled) return await client.query(config);
        // Through a pooler each statement is its own transaction carrying the timeouts.
        await client.query(prelude);
        try {
          const result = await client.query(config);
          await client.query('COMMIT');
          if (result.command !== 'SELECT') await direct?.sync();
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      } catch (err) {
        // The statement's own errors leave the connection usable; anything else retires it.
        if (!(err instanceof pg.DatabaseError) || isConnectionError(err)) broken = err as Error;
        throw unavailable(err, pool, settings.poolMax);
      } finally {
        client.release(broken);
      }
    }) as Client['query'],
  };
  return {
    driver: 'pg',
    ...wrap(anyClient, !pooled),
    listen: (channel, listener) => listening.listen(channel, listener),
    listening: () => direct?.listening() ?? true,
    ping: async (timeoutMs) => {
      await withTimeout(health.query('SELECT 1'), timeoutMs);
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: settings.poolMax }),
    transaction: async (fn) => {
      const client = await checkout();
      let broken: Error | undefined;
      try {
        await client.query(prelude);
        const result = await fn(wrap(client, !pooled));
        await client.query('COMMIT');
        // This commit's own NOTIFY is heard before the write resolves, as on a listening pool connection.
        await direct?.sync();
        return result;
      } catch (err) {
        if (isConnectionError(err)) broken = err as Error;
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw unavailable(err, pool, settings.poolMax);
      } finally {
        client.release(broken);
      }
    },
    close: async () => {
      await direct?.close();
      await Promise.all([pool.end(), health.end()]);
    },
  };
}

/** BEGIN with the limits a direct connection gets from its startup options (through a pooler). */
function transactionPrelude(searchPath: string | undefined, settings: PgSettings): string {
  return [
    'BEGIN',
    `SET LOCAL statement_timeout = ${Math.trunc(settings.statementTimeoutMs)}`,
    `SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(settings.idleInTransactionTimeoutMs)}`,
    // Our own schema names (tests), never user input.
    searchPath ? `SET LOCAL search_path = ${searchPath}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

// SQLSTATEs meaning the server is going away or not accepting work: class 08 (connection exception),
// 57P01–57P03 (shut down, crashed, starting up), 53300 (too many connections).
const UNAVAILABLE_CODES = /^(08|57P0[1-3]|53300)/;

function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_CODES.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH|NETUNREACH|TIMEDOUT)$/.test(code))
  )
    return true;
  if (err instanceof pg.DatabaseError) return false;
  return /Connection terminated|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error|Client was closed|not queryable/i.test(
    err.message,
  );
}

/** The database being away (or the pool full) as a DatabaseUnavailable; any other error unchanged. */
function unavailable(err: unknown, pool: pg.Pool, max: number): unknown {
  if (err instanceof DatabaseUnavailable || !isConnectionError(err)) return err;
  const exhausted = /timeout exceeded when trying to connect/i.test((err as Error).message) && pool.totalCount >= max;
  return new DatabaseUnavailable(exhausted ? 'pool_exhausted' : 'unreachable', err);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
