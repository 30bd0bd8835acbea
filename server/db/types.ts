// The one query interface every module uses, whichever PostgreSQL driver is underneath.

/** Something SQL can run on: the database itself or an open transaction. */
export interface Queryable {
  /** Run one parameterised statement ($1, $2 …) and return its rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** Like query, for statements expected to return at most one row. */
  one<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T | undefined>;
  /** Run a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface QueryOptions {
  /**
   * A hot read whose SQL text comes from a small fixed set: PostgreSQL may keep it prepared on each
   * pooled connection (a named statement), so it is planned once per connection rather than on every
   * call. Ignored by PGlite and through a transaction-mode pooler (PgBouncer before 1.21 keeps no
   * prepared statement across the server connections it hands out).
   */
  prepare?: boolean;
}

/** A driver's statement runner and script runner as a Queryable (`one` is the first row of `query`). */
export function queryable(query: Queryable['query'], exec: Queryable['exec']): Queryable {
  return {
    query,
    async one<T extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T | undefined> {
      const rows: T[] = await query<T>(sql, params, options);
      return rows[0];
    },
    exec,
  };
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg';
  /** Run fn inside BEGIN/COMMIT; any throw rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** (Optional so test doubles need not bother.) Readiness: resolves when the database answers within timeoutMs (PostgreSQL: on its own connection). */
  ping?(timeoutMs: number): Promise<void>;
  /**
   * (Optional so test doubles need not bother.) LISTEN on a channel. `notify` gets each payload; a
   * commit's own NOTIFY reaches it before that commit resolves (PGlite: in process; PostgreSQL: every
   * pool connection listens). `gap` says notifications may have been missed (PostgreSQL: no connection
   * was listening for a while), so whatever they keep up to date must be re-read. Resolves to unlisten.
   */
  listen?(channel: string, listener: NotifyListener): Promise<() => void>;
  /**
   * (Optional.) False while notifications cannot arrive (PostgreSQL through a pooler: the direct LISTEN
   * connection is down and reconnecting); readiness waits for it.
   */
  listening?(): boolean;
  /** Connection pool usage for metrics (PGlite: one connection, never waiting). */
  stats?(): PoolStats;
  close(): Promise<void>;
}

/**
 * The database cannot take the request now: it is unreachable (down, restarting, the network) or every
 * pooled connection is busy for longer than the connect timeout. Answered 503 with Retry-After.
 */
export class DatabaseUnavailable extends Error {
  constructor(
    readonly reason: 'unreachable' | 'pool_exhausted',
    override readonly cause: unknown,
  ) {
    super(`database ${reason.replace('_', ' ')}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DatabaseUnavailable';
  }
}

export interface NotifyListener {
  notify(payload: string): void;
  gap(): void;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * Both drivers are told to parse values the same way, so a module sees identical rows on either:
 * int8 (counts, sums) as numbers — our ids are int4 and counts stay far below 2^53 —
 * and `date` as the plain 'YYYY-MM-DD' string (a JS Date would shift it by the server's time zone).
 */
export const TYPE_OIDS = { INT8: 20, DATE: 1082 } as const;
export const sharedParsers: Record<number, (value: string) => unknown> = {
  [TYPE_OIDS.INT8]: (value) => Number(value),
  [TYPE_OIDS.DATE]: (value) => value,
};
