// Test fixtures for the server: a fresh, migrated database per test file — in-memory PGlite by default,
// or a throw-away schema on the PostgreSQL server in DATABASE_URL (scripts/test-pg.sh sets it).
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '../../server/app';
import { inject } from 'vitest';
import { openDb, type Db } from '../../server/db';
import { openPglite } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { createLogger } from '../../server/logger';

/**
 * On PostgreSQL: the running test file's own database, a copy of the run's template
 * (tests/setup/pg-template.ts) made before the file starts by tests/setup/pg-file-database.ts, so
 * seededDb() can hand out schemas that are migrated and seeded already. A live binding: a worker runs
 * file after file in one module graph (vitest.config.ts), each with its own database. Without the
 * template (PG_TEMPLATE=off) the server's database itself; on PGlite undefined.
 */
export let databaseUrl: string | undefined = process.env.DATABASE_URL || undefined;

/** The template's seeded schemas the running file has not used yet. */
let readySchemas: string[] = [];

/** Before each test file on PostgreSQL: its database and the template's seeded schemas in it. */
export function useFileDatabase(url: string, seededSchemas: number): void {
  databaseUrl = url;
  readySchemas = Array.from({ length: seededSchemas }, (_, i) => `seeded_${i + 1}`);
}

export interface TestDb {
  db: Db;
  /** Set when running on PostgreSQL: the schema this file owns. */
  schema: string | undefined;
  /** Open another connection to the same database (for "restart" tests). */
  reopen(): Promise<Db>;
  close(): Promise<void>;
}

/** PGlite from one of the run's dumped templates (tests/setup/pglite-template.ts), when there are any. */
async function fromTemplate(which: 'empty' | 'seeded'): Promise<Db> {
  const templates = inject('pgliteTemplates');
  if (!templates) return openDb({ dataDir: 'memory://' });
  return openPglite('memory://', { loadDataDir: new Blob([await readFile(templates[which])]) });
}

export async function freshDb(template: 'empty' | 'seeded' = 'empty'): Promise<TestDb> {
  if (!databaseUrl) {
    const db = await fromTemplate(template);
    return {
      db,
      schema: undefined,
      reopen: () => Promise.reject(new Error('an in-memory PGlite cannot be reopened')),
      close: () => db.close(),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return schemaDb(databaseUrl, schema);
}

/** A TestDb over an existing schema on PostgreSQL; close() drops it. */
async function schemaDb(databaseUrl: string, schema: string): Promise<TestDb> {
  const db = await openDb({ databaseUrl, searchPath: schema });
  return {
    db,
    schema,
    reopen: () => openDb({ databaseUrl, searchPath: schema }),
    close: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

/** A migrated and seeded database. */
export async function seededDb(): Promise<TestDb> {
  if (!databaseUrl && inject('pgliteTemplates')) return freshDb('seeded');
  const ready = readySchemas.shift();
  if (databaseUrl && ready) return schemaDb(databaseUrl, ready);
  const t = await freshDb();
  await migrate(t.db);
  await seed(t.db, { demo: true });
  return t;
}

/** A stand-in for the built client: index.html, a hashed asset big enough to compress, a plain file. */
export async function fakeClientBuild(): Promise<{ dir: string; assetPath: string; assetBody: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'noor-static-'));
  await mkdir(path.join(dir, 'assets'));
  const assetBody = `console.log(${JSON.stringify('نور '.repeat(800))});\n`;
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><title>نور</title></head><body><div id="root"></div><script src="/boot.js"></script></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'index-AbC123xy.js'), assetBody);
  await writeFile(path.join(dir, 'boot.js'), 'document.documentElement.lang = "ar";\n');
  // What a real build leaves beside the app (scripts/test-server.mjs reads it), never to be served.
  await writeFile(path.join(dir, '.build-env.json'), '{"VITE_API_BASE_URL":"/api/"}');
  await mkdir(path.join(dir, '.well-known'));
  await writeFile(path.join(dir, '.well-known', 'security.txt'), 'Contact: mailto:security@example.org\n');
  return { dir, assetPath: '/assets/index-AbC123xy.js', assetBody, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * @hono/node-server's Request and Response as the process's globals, as they are once any server
 * listens (createServer, in this worker or an earlier file of it): its lightweight Response keeps
 * in-place header changes apart from the init it rebuilds itself from when the body is read. Returns
 * the undo, which puts back the globals found.
 */
export function asServedByNode(): () => void {
  const found = { Request: globalThis.Request, Response: globalThis.Response };
  getRequestListener(() => new Response(null));
  return () => {
    Object.defineProperty(globalThis, 'Request', { value: found.Request });
    Object.defineProperty(globalThis, 'Response', { value: found.Response });
  };
}

/** The app over a seeded database, without a listening socket (app.request). */
export async function testApp(options: { staticDir?: string } = {}) {
  const t = await seededDb();
  const app = createApp({ db: t.db, staticDir: options.staticDir, log: createLogger('silent') });
  return { app, ...t };
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
