// Opens the database chosen by configuration: PostgreSQL when a URL is given, embedded PGlite otherwise.
import { openPglite } from './pglite';
import { openPg, type PgSettings } from './pg';
import type { Db } from './types';

export type { Db, Queryable } from './types';

export interface DbOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  searchPath?: string | undefined;
  /** PostgreSQL pool size and timeouts (ignored by PGlite). */
  settings?: Partial<PgSettings> | undefined;
}

export function openDb({ databaseUrl, dataDir, searchPath, settings }: DbOptions): Promise<Db> {
  if (databaseUrl) return openPg({ databaseUrl, ...(searchPath ? { searchPath } : {}), ...(settings ? { settings } : {}) });
  return openPglite(dataDir ?? 'memory://');
}
