// `npm run dev`: the API server under `tsx watch` on API_PORT (3001) and Vite with hot reload on
// PORT (3000), which proxies /api to it (vite.config.ts). Output is prefixed per process; Ctrl-C,
// or either process dying, stops both.
import path from 'node:path';
import { spawn } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const colours = { api: '\x1b[35m', web: '\x1b[36m' };
const reset = '\x1b[0m';

const children = [];
let stopping = false;

function prefixed(name, stream, target) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) target.write(`${colours[name]}[${name}]${reset} ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) target.write(`${colours[name]}[${name}]${reset} ${rest}\n`);
  });
}

function start(name, command, args, env) {
  // Own process group, so stopping also ends the watcher's and Vite's children.
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixed(name, child.stdout, process.stdout);
  prefixed(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${colours[name]}[${name}]${reset} exited (${code ?? signal}); stopping the other process`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const force = setTimeout(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(code);
  }, 3000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() =>
    process.exit(code),
  );
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));

start('api', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { PORT: apiPort });
start('web', bin('vite'), ['--port', webPort, '--strictPort'], { API_PORT: apiPort });
console.log(`dev: app on http://localhost:${webPort} (hot reload), API on http://127.0.0.1:${apiPort}; Ctrl-C stops both`);
