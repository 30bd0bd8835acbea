// Vitest global setup for the PostgreSQL path (scripts/test-pg.sh sets DATABASE_URL): migrates and
// seeds a few schemas once per run in a template database. Each test file then gets its own database
// as a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy that takes a fraction of a migration and
// seed), and its seededDb() calls take those schemas ready-made (tests/server/helpers.ts). Without
// DATABASE_URL (or with PG_TEMPLATE=off) nothing happens here (PGlite has its own: pglite-template.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { oncePerRun } from './once-per-run';

/** Seeded schemas in the template; a file that asks for more migrates and seeds the rest itself. */
export const SEEDED_SCHEMAS = 3;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database's name on the DATABASE_URL server, holding schemas seeded_1 … seeded_N. */
    pgTemplate: string | null;
  }
}

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server in `baseUrl` over a connection of its own. */
export async function onServer(baseUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  // PG_TEMPLATE=off: runs that never call the server test helpers (test:instances) skip the work.
  if (!baseUrl || process.env.PG_TEMPLATE === 'off') {
    project.provide('pgTemplate', null);
    return async () => {};
  }
  const { value: name, release } = await oncePerRun('pg-template', async () => {
    const started = Date.now();
    const name = `noor_template_${randomBytes(4).toString('hex')}`;
    await onServer(baseUrl, `CREATE DATABASE ${name}`);
    const url = databaseUrlFor(baseUrl, name);
    for (let i = 1; i <= SEEDED_SCHEMAS; i++) {
      await onServer(url, `CREATE SCHEMA seeded_${i}`);
      const db = await openDb({ databaseUrl: url, searchPath: `seeded_${i}` });
      try {
        await migrate(db);
        await seed(db, { demo: true });
      } finally {
        await db.close();
      }
    }
    console.log(`test:pg: template database ${name} (${SEEDED_SCHEMAS} seeded schemas) in ${Date.now() - started} ms`);
    return { value: name, teardown: () => onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  });
  project.provide('pgTemplate', name);
  return release;
}
