// Shared by the e2e runner and the size script: build the SPA when stale, start the real server on a
// free port with a fresh temporary database, wait for its health check, and tear it all down.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { buildServer, newestMtime } from './build-server.mjs';

export const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

// Everything the client bundle is made from; a change in any of them makes dist/client stale.
const BUNDLE_INPUTS = [
  'src',
  'locales',
  'public',
  'machines',
  'contract',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  // the build's own plugins: the pre-render pass shapes every public page's HTML
  'scripts/vite-prerender.ts',
  'scripts/prerender-assets.ts',
  'scripts/vite-catalog-parts.ts',
  'server/http/inline-hashes.ts',
];

// The build-time settings a build was made with (the e2e build lets the flows studio watch tabs:
// VITE_FLOWS_WATCH=1); a marker next to the build records them, so a build made with other settings is stale.
const CLIENT_DIR = path.join(root, 'dist/client');
const buildMarker = (outDir) => path.join(outDir, '.build-env.json');

function isBuildStale(buildEnv, outDir) {
  const built = path.join(outDir, 'index.html');
  if (!fs.existsSync(built)) return true;
  if (!fs.existsSync(buildMarker(outDir)) || fs.readFileSync(buildMarker(outDir), 'utf8') !== JSON.stringify(buildEnv)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return BUNDLE_INPUTS.some((entry) => newestMtime(path.join(root, entry)) > builtAt);
}

/**
 * Builds with `vite build` (and `env`) into `outDir` (dist/client unless told) when forced (CI), when
 * it is missing, older than its sources or made with other settings.
 */
export function buildIfNeeded({ force = false, log = console.log, env = {}, outDir = CLIENT_DIR } = {}) {
  if (!force && !isBuildStale(env, outDir)) {
    log(`${path.relative(root, outDir)} is up to date; not rebuilding`);
    return;
  }
  log('building the client (vite build) …');
  const started = Date.now();
  const result = spawnSync(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  fs.writeFileSync(buildMarker(outDir), JSON.stringify(env));
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not healthy at ${url} within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts the compiled server (`node dist/server/main.js`, compiled first when stale), as production
 * runs it, on a free port over a fresh temporary data directory.
 * `env`: more settings for this run (the full e2e run's SMTP server, for one).
 * @returns {Promise<{ baseURL: string, port: number, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startServer({ timeoutMs = 90_000, staticDir = CLIENT_DIR, env: extraEnv = {} } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'noor-e2e-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'silent',
    AUTH_IP_LIMIT_PER_MINUTE: '1000',
    AUTH_PHONE_LIMIT_SCALE: '100',
    // The whole suite texts from one clock hour to Qatari numbers; the SMS budget is a cost
    // guard for production, not under test here (tests/server/sms-limits.test.ts covers it).
    SMS_HOURLY_LIMIT: '100000',
    SMS_HOURLY_LIMIT_PER_COUNTRY: '100000',
    SMS_NEW_NUMBERS_PER_RANGE_PER_HOUR: '100000',
    // The live-session e2e: the fake RTC relay instead of Agora (the server refuses it in production).
    RTC_ADAPTER: 'fake',
    // As behind the production proxy: the caller's address is the last X-Forwarded-For entry, which lets
    // the phone-input e2e arrive "from Egypt" (the IP-to-country lookup).
    TRUST_PROXY: '1',
    ...extraEnv,
  };
  // A fresh embedded database every run, whatever the calling shell points at.
  delete env.DATABASE_URL;
  await buildServer();
  // Own process group, so stopping ends everything it started.
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/api/health`, child, () => tail, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, port, dataDir, stop, output: () => tail };
}

/** Runs `cleanup` once on normal exit and on Ctrl-C / SIGTERM, then exits with the signal's code. */
export function onShutdown(cleanup) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      void Promise.resolve(cleanup()).finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
    });
  }
}
