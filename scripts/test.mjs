// `npm test`: every check CI runs, in an order that uses two cores well, with a timing table at the end
// (the suite must stay within 12 minutes on 2 cores; this prints where the time goes, it
// never fails on time). The static checks are single-threaded, so they run two at a time with their
// output held until each ends; the test runs use every core themselves and run one after another.
// Stops at the first failure (after the running group ends) and exits 1.
import { spawn } from 'node:child_process';
import os from 'node:os';

// The e2e client build (vite, partly multi-threaded) runs with the static checks, where it takes up a
// core the shorter checks leave idle near the end, instead of at the start of test:e2e, which then
// reuses it. `size` still builds its own: it measures the production
// bundle, which the e2e build's VITE_FLOWS_WATCH=1 changes.
// `size` (its own production build in dist/size) and `test:instances` (PostgreSQL, PgBouncer and two
// server processes, mostly waiting) fill the lane that the shorter static checks leave idle beside lint,
// instead of running alone at the end: about 40 s less on 2 cores. The compiled server both start is
// built once first, so no two steps write dist/server at the same time.
const GROUPS = [
  { parallel: false, steps: ['build:server'] },
  { parallel: true, steps: ['typecheck', 'lint', 'lint:knip', 'format:check', 'i18n:check', 'build:e2e', 'size', 'test:instances'] },
  // The browser walk of the statecharts' paths (npm run test:model-e2e) is no longer part of it: with
  // this round's suites CI came to about 1 195 s of its 1 200 s on 2 cores. QA runs it before a release;
  // the machines' model tests (vitest) and the live-session e2e stay in.
  { parallel: false, steps: ['test:unit', 'test:pg', 'test:e2e'] },
];
const REUSES_E2E_BUILD = new Set(['test:e2e']);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script, { buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const env = REUSES_E2E_BUILD.has(script) ? { ...process.env, E2E_REUSE_BUILD: '1' } : process.env;
    const child = spawn(npm, ['run', '--silent', script], { env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (buffered) process.stdout.write(`\n── npm run ${script} ──\n${output}`);
      resolve({ script, ok: code === 0, seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function runAll(scripts, width) {
  const results = [];
  const queue = [...scripts];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await run(next, { buffered: true }));
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

const started = Date.now();
const results = [];
const width = Math.max(1, Math.min(2, os.availableParallelism()));
for (const group of GROUPS) {
  if (group.parallel) {
    results.push(...(await runAll(group.steps, width)));
  } else {
    for (const step of group.steps) {
      const result = await run(step, { buffered: false });
      results.push(result);
      if (!result.ok) break;
    }
  }
  if (results.some((r) => !r.ok)) break;
}

const total = (Date.now() - started) / 1000;
console.log('\nnpm test — where the time went');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.script.padEnd(16)} ${r.seconds.toFixed(1).padStart(7)} s`);
console.log(`  total                  ${total.toFixed(1).padStart(7)} s (wall clock)`);
process.exit(results.every((r) => r.ok) && results.length === GROUPS.flatMap((g) => g.steps).length ? 0 : 1);
