// A throw-away PostgreSQL cluster for `npm run bench`, started the way scripts/test-pg.sh starts one:
// initdb in a temp dir, loopback only, no fsync; removed by stop(). Null when PostgreSQL is not installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

function pgBin(): string | null {
  if (process.env.PG_BIN_DIR) return existsSync(path.join(process.env.PG_BIN_DIR, 'initdb')) ? process.env.PG_BIN_DIR : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(a) - Number(b));
  const dir = versions.length ? path.join(base, versions[versions.length - 1]!, 'bin') : null;
  return dir && existsSync(path.join(dir, 'initdb')) ? dir : null;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export async function startPostgres(): Promise<{ url: string; stop: () => void } | null> {
  const bin = pgBin();
  if (!bin) return null;
  const root = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    root ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args]) : execFileSync(cmd, args);
  const work = mkdtempSync(path.join(tmpdir(), 'noor-bench-pg-'));
  if (root) chownSync(work, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const data = path.join(work, 'data');
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'noor', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(work, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${work} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  const admin = new pg.Client({ connectionString: `postgres://noor@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE noor_bench');
  await admin.end();
  return {
    url: `postgres://noor@127.0.0.1:${port}/noor_bench`,
    stop: () => {
      const args = ['-D', data, '-m', 'immediate', 'stop'];
      if (root) spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args]);
      else spawnSync(path.join(bin, 'pg_ctl'), args);
      rmSync(work, { recursive: true, force: true });
    },
  };
}
