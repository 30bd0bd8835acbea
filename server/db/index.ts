// Opens the database chosen by configuration: PostgreSQL when a URL is given, embedded PGlite otherwise.
import { openPg } from './pg';
import { openPglite } from './pglite';
import type { Db } from './types';

export type { Db, Queryable } from './types';

export interface DbOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  searchPath?: string | undefined;
}

export function openDb({ databaseUrl, dataDir, searchPath }: DbOptions): Promise<Db> {
  if (databaseUrl) return openPg({ databaseUrl, ...(searchPath ? { searchPath } : {}) });
  return openPglite(dataDir ?? 'memory://');
}
