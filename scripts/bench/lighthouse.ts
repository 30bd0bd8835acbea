// Lighthouse (mobile emulation, the system Chromium) on public routes of the built app, served by the
// real server over a fresh database (scripts/test-server.mjs). Returns "LCP / perf score" per route.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error -- a plain .mjs helper shared with the e2e runner
import { buildIfNeeded, startServer } from '../test-server.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

export async function lighthouseFigures(routes: string[]): Promise<Record<string, string>> {
  (buildIfNeeded as (o: { log: (s: string) => void }) => void)({ log: (s) => console.error(s) });
  const server = (await (startServer as () => Promise<{ baseURL: string; stop: () => Promise<void> }>)());
  const out: Record<string, string> = {};
  try {
    for (const route of routes) {
      const { stdout } = await run(
        path.join(root, 'node_modules/.bin/lighthouse'),
        [`${server.baseURL}${route}`, '--output=json', '--quiet', '--only-categories=performance', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
        { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 256 * 1024 * 1024, timeout: 180_000 },
      );
      const report = JSON.parse(stdout) as { categories: { performance: { score: number } }; audits: Record<string, { numericValue?: number }> };
      const lcp = report.audits['largest-contentful-paint']?.numericValue ?? NaN;
      out[route] = `${(lcp / 1000).toFixed(1)} s / ${Math.round(report.categories.performance.score * 100)}`;
    }
  } finally {
    await server.stop();
  }
  return out;
}
