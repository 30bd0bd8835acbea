// `npm run bench`: seeds throw-away databases — 1 000 then 10 000 teachers, then 100 000
// requests — on PGlite and on PostgreSQL (when installed, started like scripts/test-pg.sh), drives the
// API at a fixed rate on 127.0.0.1 (paced.ts; autocannon with BENCH_LOADER=autocannon), times the
// requests paths directly, runs Lighthouse on the public routes, and prints one table: figure, today
//, measured, goal.
// Not a test: it prints figures, CI does not run it. Bounded: each load run lasts BENCH_SECONDS (10).
// Flags: --no-pg, --no-lighthouse, --no-pglite; --list-only stops after the teachers-list figures
// (no 100 000 requests, no Lighthouse); --requests-only skips them (the teachers are still seeded) and
// Lighthouse. A teacher's requests list is driven at 300 req/s as a typical teacher (about 10 requests)
// and as one with 5 000 more; the EXPLAIN (ANALYZE, BUFFERS) of both pages is printed after the table.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { openDb, type Db, type Queryable } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { createRequest } from '../../server/modules/requests/booking';
import { listRequests } from '../../server/modules/requests/reads';
import { announce } from '../../server/modules/requests/notices';
import { sweepRequests } from '../../server/modules/requests';
import { warmPublicReads } from '../../server/modules/teachers';
import { publicCacheStats } from '../../server/modules/teachers/public-cache';
import { listTeachers } from '../../server/modules/teachers/queries';
import type { Publisher } from '../../server/realtime/publisher';
import { lighthouseFigures } from './lighthouse';
import { startPostgres } from './postgres';
import { seedHeavyTeacher, seedRequests, seedTeachers } from './seed';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 300;
/** Load runs per figure; the table shows medians (and each run's p99). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A discarded run before each figure's runs: JIT, query plans and the cache warm, as in steady use. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** The load generator's connections (at most; the paced one opens what its schedule needs). */
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? '32';
/** `paced` (open loop, wrk2-like, default) or `autocannon` (bursts at the top of each second). */
const LOADER = process.env.BENCH_LOADER === 'autocannon' ? 'autocannon' : 'paced';
const flags = new Set(process.argv.slice(2));
// Sunday 2030-01-06 09:00 Qatar: inside the bench teachers' hours (08–20 every day).
const NOW = new Date('2030-01-06T06:00:00.000Z');

type Figures = Record<string, string>;
const ms = (n: number) => (n < 10 ? `${n.toFixed(2)} ms` : `${Math.round(n)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(times: number, fn: () => Promise<unknown>): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** One load run's outcome, whichever generator made it. */
interface Drive {
  rate: number;
  total: number;
  p99: number;
  errors: number;
}

/**
 * The load generator, in a process of its own: `paced` (default; open loop, one request every
 * 1000/RATE ms, latency from the due time — see paced.ts) or `autocannon` (BENCH_LOADER=autocannon;
 * its `-R` sends each second's share in a burst, the tool of the issue's first figures).
 */
async function drive(url: string, seconds: number, token?: string): Promise<Drive> {
  if (LOADER === 'autocannon') {
    const { stdout } = await run(
      path.join(root, 'node_modules/.bin/autocannon'),
      ['-j', '-R', String(RATE), '-d', String(seconds), '-c', CONNECTIONS, ...(token ? ['-H', `authorization=Bearer ${token}`] : []), url],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const r = JSON.parse(stdout) as {
      requests: { average: number; total: number };
      latency: { p99: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    };
    return { rate: r.requests.average, total: r.requests.total, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
  }
  const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), [
    path.join(import.meta.dirname, 'paced.ts'),
    url,
    String(RATE),
    String(seconds),
    CONNECTIONS,
    ...(token ? [token] : []),
  ]);
  return JSON.parse(stdout) as Drive;
}

/**
 * A fixed rate of GETs: one discarded warm-up run, then RUNS runs; the median of each of
 * "reached req/s, p99, errors, thread cost". The thread cost is this process's CPU time (the server
 * and PGlite; the load generator runs in its own process) per request: on a shared machine it moves much less
 * than the latencies do. Each run also shows what makes a tail while the thread is mostly idle: the
 * public cache's misses (requests that waited for the queries) and fills ahead, the longest
 * event-loop stall, the garbage collector (pauses, longest) and the times the kernel took the CPU
 * from this process for another (involuntary context switches: the machine, not the server).
 */
async function load(db: Db, url: string, token?: string): Promise<string> {
  const loadBefore = loadavg()[0]!;
  if (WARMUP_SECONDS > 0) await drive(url, WARMUP_SECONDS, token);
  const runs: {
    rate: number;
    p99: number;
    errors: number;
    cpu: number;
    misses: number;
    fills: number;
    stall: number;
    gcs: number;
    gcMax: number;
    preempted: number;
  }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = { ...publicCacheStats(db) };
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const gc: number[] = [];
    const gcObserver = new PerformanceObserver((list) => gc.push(...list.getEntries().map((e) => e.duration)));
    gcObserver.observe({ entryTypes: ['gc'] });
    loop.enable();
    const switches = process.resourceUsage().involuntaryContextSwitches;
    const cpu = process.cpuUsage();
    const r = await drive(url, SECONDS, token);
    const used = process.cpuUsage(cpu);
    const preempted = process.resourceUsage().involuntaryContextSwitches - switches;
    loop.disable();
    gcObserver.disconnect();
    const after = publicCacheStats(db);
    runs.push({
      rate: r.rate,
      p99: r.p99,
      errors: r.errors,
      cpu: (used.user + used.system) / 1000 / Math.max(1, r.total),
      misses: after.misses - before.misses,
      fills: after.fills - before.fills,
      stall: loop.max / 1e6,
      gcs: gc.length,
      gcMax: Math.max(0, ...gc),
      preempted,
    });
  }
  const mid = (pick: (x: (typeof runs)[number]) => number) => median(runs.map(pick));
  const each = (pick: (x: (typeof runs)[number]) => number) => runs.map((x) => Math.round(pick(x))).join('/');
  return (
    `${Math.round(mid((x) => x.rate))} req/s, p99 ${mid((x) => x.p99)} ms (${each((x) => x.p99)}), ${mid((x) => x.errors)} errors, ` +
    `${mid((x) => x.cpu).toFixed(2)} ms CPU/req, misses ${each((x) => x.misses)}, fills ${each((x) => x.fills)}, ` +
    `longest stall ${each((x) => x.stall)} ms, GC ${each((x) => x.gcs)} (longest ${each((x) => x.gcMax)} ms), preempted ${each((x) => x.preempted)}, ` +
    `machine load ${loadBefore.toFixed(1)}→${loadavg()[0]!.toFixed(1)}`
  );
}

/** A Db that counts the statements it runs (transactions included). */
function counting(db: Db): { db: Db; count: () => number; reset: () => void } {
  let n = 0;
  const wrapQ = <Q extends Queryable>(q: Q): Q =>
    ({
      ...q,
      query: (sql: string, params?: readonly unknown[]) => (n++, q.query(sql, params)),
      one: (sql: string, params?: readonly unknown[]) => (n++, q.one(sql, params)),
      exec: (sql: string) => (n++, q.exec(sql)),
    }) as Q;
  const wrapped: Db = {
    ...wrapQ(db),
    driver: db.driver,
    close: () => db.close(),
    transaction: (fn) => db.transaction((tx) => fn(wrapQ(tx))),
  };
  return { db: wrapped, count: () => n, reset: () => (n = 0) };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the first statement a call runs (a teacher's list: its page). */
async function explainFirst(db: Db, call: (q: Db) => Promise<unknown>): Promise<string> {
  const statements: [string, unknown[]][] = [];
  await call({ ...db, query: (sql, params, options) => (statements.push([sql, [...(params ?? [])]]), db.query(sql, params, options)) });
  const [sql, params] = statements[0]!;
  const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function driverFigures(db: Db): Promise<Figures> {
  const f: Figures = {};
  await migrate(db);
  await seed(db, { demo: false });
  const log = createLogger('silent');
  const app = createApp({ db, log });
  await warmPublicReads(app, log); // as server/main.ts does before listening
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    let teachers = await seedTeachers(db, 1000);
    if (flags.has('--requests-only')) teachers = await seedTeachers(db, 10_000);
    else {
      f.list1k = await load(db, `${base}/api/v1/teachers`);
      f.uncached1k = ms(
        await timed(20, () => listTeachers(db, { search: 'احمد', available_now: false, page: 3, per_page: 12 }, 'ar', NOW)),
      );
      // The "available now" filter reads every candidate's schedule: one fill per minute it is asked for.
      f.availableNow1k = ms(
        await timed(3, () => listTeachers(db, { search: undefined, available_now: true, page: 1, per_page: 12 }, 'ar', NOW)),
      );
      teachers = await seedTeachers(db, 10_000);
      f.list10k = await load(db, `${base}/api/v1/teachers`);
      f.search10k = await load(db, `${base}/api/v1/teachers?search=${encodeURIComponent('فاطمه')}`);
      f.uncached10k = ms(
        await timed(20, () => listTeachers(db, { search: 'احمد', available_now: false, page: 3, per_page: 12 }, 'ar', NOW)),
      );
      f.availableNow10k = ms(
        await timed(3, () => listTeachers(db, { search: undefined, available_now: true, page: 1, per_page: 12 }, 'ar', NOW)),
      );
    }
    if (flags.has('--list-only')) return f;

    const t = performance.now();
    const students = await seedRequests(db, teachers, 100_000, NOW);
    console.error(`  seeded 100 000 requests in ${Math.round(performance.now() - t)} ms`);
    const busiest = (await db.one<{ teacher_id: number }>('SELECT teacher_id FROM requests GROUP BY 1 ORDER BY count(*) DESC LIMIT 1'))!
      .teacher_id;
    f.teacherList = ms(
      await timed(20, () => listRequests(db, { id: busiest, role: 'teacher' }, { filter: 'all', page: 1, per_page: 20 }, 'en', NOW)),
    );
    // A teacher's requests list over HTTP at 300 req/s: a typical teacher (~10 requests, as every
    // teacher of seedRequests) and one with 5 000 more (teachers[1]; teachers[0] is in review).
    const typical = teachers[2]!;
    const heavy = teachers[1]!;
    await seedHeavyTeacher(db, heavy, students, 5000, NOW);
    const listUrl = `${base}/api/v1/requests?filter=all&page=1&per_page=20`;
    f.requestsTypical = await load(db, listUrl, await issueToken(db, typical, new Date()));
    f.requestsHeavy = await load(db, listUrl, await issueToken(db, heavy, new Date()));
    for (const [key, id] of [
      ['explainTypical', typical],
      ['explainHeavy', heavy],
    ] as const) {
      f[key] = await explainFirst(db, (q) => listRequests(q, { id, role: 'teacher' }, { filter: 'all', page: 1, per_page: 20 }, 'en', NOW));
    }
    await sweepRequests(db, NOW); // the backlog once
    f.sweep = ms(await timed(20, () => sweepRequests(db, NOW)));

    // A broadcast offered to 50 teachers: statements, publishes and time, through the real code.
    const c = counting(db);
    let publishes = 0;
    const publisher: Publisher = { mode: 'embedded', publish: async () => (publishes++, true), authorizeChannel: () => ({ auth: '' }) };
    const subject = (await db.one<{ subject_id: number; teacher_id: number }>(
      `SELECT ts.subject_id, ts.teacher_id FROM teacher_subjects ts JOIN users u ON u.id = ts.teacher_id AND u.status = 'active' AND u.phone LIKE '+9748%' ORDER BY ts.teacher_id LIMIT 1`,
    ))!;
    const student = students[0]!;
    await db.query(
      `INSERT INTO hours_ledger (user_id, delta_minutes, reason, expires_at, created_at) VALUES ($1, 60000, 'purchase', $2, $3)`,
      [student, new Date(NOW.getTime() + 365 * 86_400_000), NOW],
    );
    const times: number[] = [];
    const cpus: number[] = [];
    let offered = 0;
    for (let i = 0; i < 5; i++) {
      c.reset();
      publishes = 0;
      const at = performance.now();
      const cpu = process.cpuUsage();
      const change = await createRequest(
        c.db,
        student,
        {
          teacher_id: subject.teacher_id,
          subject_id: subject.subject_id,
          type: 'schedule',
          starts_at: new Date(NOW.getTime() + (26 + i) * 3_600_000).toISOString(),
          duration_hours: 1,
          broadcast: true,
          comment: null,
        },
        NOW,
      );
      await announce(c.db, publisher, change, 'offered');
      times.push(performance.now() - at);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
      offered = change.offeredTo.length;
    }
    f.broadcast = `${ms(median(times))} (${ms(median(cpus))} CPU), ${c.count()} statements, ${publishes} publishes (${offered} teachers)`;
  } finally {
    server.close();
  }
  return f;
}

const ROWS: [key: string, figure: string, today: string, goal: string][] = [
  ['lh:/', 'home LCP / perf score', '2.6 s / 89', '≤ 1.0 s / ≥ 95'],
  ['lh:/teachers', '/teachers LCP / perf score', '3.4 s / 80', '≤ 1.0 s / ≥ 95'],
  ['list1k', 'GET v1/teachers, 1 000 teachers, 300 req/s', '~154 req/s, p99 4.2 s', '300 req/s, p99 ≤ 25 ms, 0 errors'],
  ['list10k', 'same, 10 000 teachers', '—', 'p99 ≤ 50 ms'],
  ['search10k', 'same with ?search=فاطمه, 10 000 teachers', '—', 'p99 ≤ 50 ms'],
  ['uncached1k', 'one uncached list+search query, 1 000', '7.8 ms (whole request)', '—'],
  ['uncached10k', 'one uncached list+search query, 10 000', '—', '—'],
  ['availableNow1k', 'one uncached ?available_now=true list, 1 000', '—', '—'],
  ['availableNow10k', 'one uncached ?available_now=true list, 10 000', '—', '—'],
  ['teacherList', "a teacher's requests list, 100 000 requests", '1.1–1.3 s (PostgreSQL)', '≤ 20 ms'],
  ['requestsTypical', "GET v1/requests, a typical teacher's list, 300 req/s", '190 req/s, p99 8.6 s (PostgreSQL)', 'p99 ≤ 50 ms'],
  ['requestsHeavy', 'same, a teacher with 5 000 requests', '22–27 req/s (PostgreSQL)', 'p99 ≤ 100 ms'],
  ['sweep', 'the request sweep (nothing due), 100 000', '67–131 ms, before every read', '≤ 1 ms, on its timer'],
  ['broadcast', 'a broadcast offered to 50 teachers', '2.5 s, 129 statements, 50 publishes', '≤ 200 ms'],
];

async function main() {
  const results: { PGlite: Figures; PostgreSQL: Figures } = { PGlite: {}, PostgreSQL: {} };
  if (!flags.has('--no-pglite')) {
    console.error('PGlite …');
    const db = await openDb({ dataDir: 'memory://' });
    results.PGlite = await driverFigures(db);
    await db.close();
  }
  if (!flags.has('--no-pg')) {
    const pg = await startPostgres();
    if (!pg) console.error('PostgreSQL not installed: its column stays empty');
    else {
      try {
        console.error('PostgreSQL …');
        // Seeding 100 000 requests on a busy machine can outlast the server's 15 s statement timeout.
        const db = await openDb({ databaseUrl: pg.url, settings: { statementTimeoutMs: 600_000 } });
        results.PostgreSQL = await driverFigures(db);
        await db.close();
      } finally {
        pg.stop();
      }
    }
  }
  print(results); // the database figures first: a Lighthouse failure must not lose them
  for (const driver of ['PGlite', 'PostgreSQL'] as const) {
    for (const [key, who] of [
      ['explainTypical', 'a typical teacher'],
      ['explainHeavy', 'the teacher with 5 000 requests'],
    ] as const) {
      const plan = results[driver][key];
      if (plan) console.log(`\n${driver}, ${who}: the list's page, EXPLAIN (ANALYZE, BUFFERS)\n${plan}`);
    }
  }
  if (!flags.has('--no-lighthouse') && !flags.has('--list-only') && !flags.has('--requests-only')) {
    console.error('Lighthouse …');
    try {
      const lh = await lighthouseFigures(['/', '/teachers']);
      for (const [route, value] of Object.entries(lh)) results.PGlite[`lh:${route}`] = value;
      print(results);
    } catch (err) {
      console.error(`Lighthouse failed: ${(err instanceof Error ? err.message : String(err)).slice(0, 400)}`);
    }
  }
}

function print(results: { PGlite: Figures; PostgreSQL: Figures }) {
  const table = [
    ['figure', 'today', 'PGlite', 'PostgreSQL', 'goal'],
    ...ROWS.map(([key, figure, today, goal]) => [figure, today, results.PGlite[key] ?? '—', results.PostgreSQL[key] ?? '—', goal]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const row of table) console.log(`| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`);
}

await main();
process.exit(0);
