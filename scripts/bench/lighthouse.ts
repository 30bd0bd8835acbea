// Lighthouse (mobile emulation, the system Chromium) on public routes of the built app, served by the
// real server over a fresh database (scripts/test-server.mjs). Each route runs LH_RUNS times (3) and
// the figures are medians, because one run on a shared machine varies by ±10 points.
// `npm run bench` prints "LCP / perf score" per route; `npm run bench:lighthouse -- / /teachers` runs it
// alone and prints each run's LCP, FCP, TBT, CLS and score, per locale (LH_LOCALES=ar,en; the ng-locale
// cookie picks the pre-rendered page's language) and keeps the reports in LH_OUT when set.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error -- a plain .mjs helper shared with the e2e runner
import { buildIfNeeded, startServer } from '../test-server.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.LH_RUNS ?? 3);

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
}

export interface RunFigures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function lighthouse(url: string, locale: string | undefined): Promise<Report> {
  const args = [
    url,
    '--output=json',
    '--quiet',
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (locale) args.push(`--extra-headers=${JSON.stringify({ Cookie: `ng-locale=${locale}` })}`);
  const { stdout } = await run(path.join(root, 'node_modules/.bin/lighthouse'), args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    maxBuffer: 256 * 1024 * 1024,
    timeout: 180_000,
  });
  if (process.env.LH_OUT) {
    mkdirSync(process.env.LH_OUT, { recursive: true });
    const name = `${(new URL(url).pathname.replace(/\W+/g, '_') || '_').replace(/^_$/, 'home')}-${locale ?? 'default'}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LH_OUT, name), stdout);
  }
  return JSON.parse(stdout) as Report;
}

/** Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART); such a run is run again. */
async function retried<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      console.error(
        `Lighthouse run failed (${String((err as { stderr?: string }).stderr ?? err)
          .trim()
          .slice(0, 200)}); again`,
      );
    }
  }
}

function figuresOf(report: Report): RunFigures {
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** Every run of every route (and locale), against one server. */
export async function lighthouseRuns(routes: string[], locales: (string | undefined)[] = [undefined]): Promise<Map<string, RunFigures[]>> {
  (buildIfNeeded as (o: { log: (s: string) => void }) => void)({ log: (s) => console.error(s) });
  const server = await (startServer as () => Promise<{ baseURL: string; stop: () => Promise<void> }>)();
  const out = new Map<string, RunFigures[]>();
  try {
    for (const locale of locales) {
      for (const route of routes) {
        const runs: RunFigures[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(figuresOf(await retried(() => lighthouse(`${server.baseURL}${route}`, locale))));
        out.set(locale ? `${route} (${locale})` : route, runs);
      }
    }
  } finally {
    await server.stop();
  }
  return out;
}

/** "LCP / perf score" per route, medians of LH_RUNS runs (for `npm run bench`'s table). */
export async function lighthouseFigures(routes: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [route, runs] of await lighthouseRuns(routes)) {
    out[route] = `${(median(runs.map((r) => r.lcp)) / 1000).toFixed(1)} s / ${median(runs.map((r) => r.score))}`;
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const routes = process.argv.slice(2).filter((a) => a.startsWith('/'));
  const locales = (process.env.LH_LOCALES ?? 'ar,en').split(',').filter(Boolean);
  const all = await lighthouseRuns(routes.length ? routes : ['/', '/teachers'], locales);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const [route, runs] of all) {
    const col = (pick: (r: RunFigures) => number, fmt: (n: number) => string) =>
      `${fmt(median(runs.map(pick)))} (${runs.map((r) => fmt(pick(r))).join(' ')})`;
    console.log(
      `${route}: score ${col((r) => r.score, String)} | LCP ${col((r) => r.lcp, s)} | FCP ${col((r) => r.fcp, s)} | TBT ${col(
        (r) => r.tbt,
        (n) => `${Math.round(n)} ms`,
      )} | CLS ${col(
        (r) => r.cls,
        (n) => n.toFixed(3),
      )}`,
    );
  }
}
