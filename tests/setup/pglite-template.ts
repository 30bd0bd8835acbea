// Vitest global setup: builds the server tests' databases once per run instead of once per test file.
// An in-memory PGlite runs initdb when it is created (seconds of WASM work), then the migrations and
// the demo seed; here that happens twice — an empty cluster and a migrated, seeded one — and each is
// dumped to a tarball. Test files start their PGlite from a dump (tests/server/helpers.ts), which
// skips all of it. The PostgreSQL path (DATABASE_URL) is unaffected: it uses a schema per file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { pgliteDb } from '../../server/db/pglite';
import { seed } from '../../server/db/seed';
import { sharedParsers } from '../../server/db/types';
import { oncePerRun } from './once-per-run';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Dumped PGlite data directories: `empty` (initdb only) and `seeded` (migrated, demo seed). */
    pgliteTemplates: { empty: string; seeded: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplates', null);
    return async () => {};
  }
  const { value, release } = await oncePerRun('pglite-templates', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'noor-pglite-template-'));
    const pg = await PGlite.create('memory://', { parsers: sharedParsers });
    const dump = async (name: string) => {
      const file = path.join(dir, `${name}.tar`);
      await writeFile(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    const empty = await dump('empty');
    const db = pgliteDb(pg);
    await migrate(db);
    await seed(db, { demo: true });
    const seeded = await dump('seeded');
    await pg.close();
    return { value: { empty, seeded }, teardown: () => rm(dir, { recursive: true, force: true }) };
  });
  project.provide('pgliteTemplates', value);
  return release;
}
