// The embedded driver: PostgreSQL compiled to WASM (PGlite), persisted in a directory or kept in memory.
import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { queryable, sharedParsers, type Db, type NotifyListener, type Queryable } from './types';

function wrap(target: PGlite | Transaction): Queryable {
  return queryable(
    // PGlite's signature takes `any[]`; our params are already plain values.
    async <T extends object>(sql: string, params: readonly unknown[] = []) => (await target.query<T>(sql, [...params])).rows,
    async (sql: string) => {
      await target.exec(sql);
    },
  );
}

/**
 * `loadDataDir`: start from a dumped data directory (PGlite's dumpDataDir) instead of running initdb —
 * the test suite's migrated template (tests/setup/pglite-template.ts).
 */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { parsers: sharedParsers, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  return pgliteDb(pg);
}

/** A Db over an open PGlite. */
export function pgliteDb(pg: PGlite): Db {
  return {
    driver: 'pglite',
    ...wrap(pg),
    // PGlite serialises top-level queries behind open transactions, so no one sees a half-done one.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One process, one in-process connection: there is no pool to starve, only a query queue.
    ping: async () => {
      await pg.query('SELECT 1');
    },
    stats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    // One in-process backend: PGlite hands each notification over (a microtask) while parsing the
    // commit's reply, before the commit's promise resolves, and never misses one.
    listen: async (channel: string, listener: NotifyListener) => {
      const unlisten = await pg.listen(channel, (payload) => listener.notify(payload));
      return () => void unlisten().catch(() => undefined);
    },
    close: () => pg.close(),
  };
}
