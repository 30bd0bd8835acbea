// Compiles the server to JavaScript (dist/server/main.js) and the reviewer CLI (dist/server/admin.js,
// from scripts/admin.ts) so production runs both with plain `node`: no TypeScript runner (tsx) and no
// compiler in the runtime image, no start-up transpiling. Dependencies stay external
// (node_modules is installed beside it); the SQL migrations are copied next to the bundle, where
// server/db/migrate.ts looks for them (a folder named `migrations` beside the running module).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/server');
// Everything the bundle is made from: a change in any of them makes dist/server stale.
const INPUTS = ['server', 'contract', 'machines', 'scripts/admin.ts', 'package-lock.json'];

/** The newest modification time of a file or anything under a folder (0 when it is absent). */
export function newestMtime(full) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(full, child)));
  return newest;
}

export function isServerBuildStale() {
  const outputs = ['main.js', 'admin.js'].map((name) => path.join(outDir, name));
  if (!outputs.every((file) => fs.existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return INPUTS.some((entry) => newestMtime(path.join(root, entry)) > builtAt);
}

export async function buildServer({ force = false, log = console.log } = {}) {
  if (!force && !isServerBuildStale()) return;
  const started = Date.now();
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(root, 'server/main.ts'), admin: path.join(root, 'scripts/admin.ts') },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  const migrations = path.join(root, 'server/db/migrations');
  fs.mkdirSync(path.join(outDir, 'migrations'));
  for (const file of fs.readdirSync(migrations)) fs.copyFileSync(path.join(migrations, file), path.join(outDir, 'migrations', file));
  log(`server compiled to dist/server in ${Date.now() - started} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer({ force: process.argv.includes('--force') });
}
