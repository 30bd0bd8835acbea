// Starts compiled server processes (dist/server/main.js, as production runs them) on one PostgreSQL
// database of their own, for the two-instance test. Each instance gets its own data folder, so
// nothing can be shared through the file system: only through the database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

export const SHARED = {
  OTP_SECRET: 'instances-otp-secret',
  PUSHER_SECRET: 'instances-pusher-secret',
  ADMIN_TOKEN: 'instances-admin-token',
};

export function buildServer(): void {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server did not compile');
}

/** A database of its own on the cluster in DATABASE_URL; dropped by the returned function. */
export async function createDatabase(baseUrl: string, label = 'instances'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `noor_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The `application_name` of an instance's pooled connections in pg_stat_activity. */
export const applicationName = (instance: string) => `noor-${instance}`;

export interface Instance {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startInstance(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `noor-${name}-`));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    // Each instance names its connections (`noor-a`, `noor-a:health`…), so a test can tell its queries in
    // pg_stat_activity from the other instances' background jobs.
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
      DB_APPLICATION_NAME: applicationName(name),
      ...SHARED,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    url,
    port,
    child,
    output: () => log,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 60 s:\n${log}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return instance;
    await new Promise((r) => setTimeout(r, 200));
  }
}
