// `npm run size`: the JavaScript a first visit downloads, in gzip bytes, for the home and sign-in
// routes ("Figures to print"), and each public page's HTML as sent. Builds, starts the real server on a fresh database, loads
// each route in headless Chromium with an empty profile, and gzips every JS body itself (level 9) so
// the figure does not depend on the server's encoding. Exits 1 when home exceeds its budget or
// pulls in a heavy library that must stay out of it. A figure-printing script, not a test.
// It also reports the live-session route's chunk and the lazy Agora chunk it alone imports,
// and exits 1 when Agora is reachable from the entry or from any other route's chunk.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { findBrowser } from './find-browser.mjs';
import { buildIfNeeded, onShutdown, root, startServer } from './test-server.mjs';

// The production build this script measures has a folder of its own (the pre-render's server bundle
// beside it, in dist/size/prerender), so `npm test` can run it beside the e2e build and the runs that
// reuse dist/client (scripts/test.mjs).
const SIZE_CLIENT = path.join(root, 'dist/size/client');
const KB = 1024;
// First paint: the most JavaScript (gzip) a first visit to each public route may download; the goal is
// 150 KB. The form stack loads when a visitor reaches for a form (src/ui/deferred-form.tsx), zod when
// data must be checked, and XState with the auth statechart when a guest first sends it an event or
// opens a sign-in screen (src/app/lazy-auth.ts), so none of them is in a first visit. These budgets
// are a ratchet at the figures measured then (plus under 1 KB): a change that grows a route fails
// here. A guest's teacher page is sent home (?book=) and loads the teacher and its schema there.
// The operators' console (/admin) adds five route stubs to the route tree every page loads: 0.2–0.5 KB
// on each route (its screens, catalog part and data stay in its own chunks). The budgets below were reset
// to the figures measured when it was merged (plus under 1 KB), which also took in 0.5–0.8 KB that the
// same round's other merges had added before it (not traced to one module).
// This round's merges (the teachers' earnings and reported-messages routes, time off, moves, web push
// in the route tree and the main catalog) grew every public route by 0.3–0.5 KB, not traced to one
// module; the budgets below were reset to the figures measured then (plus under 1 KB). /teachers grew
// 4.4 KB for the next free time on every card: the zone wording (src/domain/zone-name.ts) and the
// viewer's clock (src/domain/zoned-time.tsx), now read without zod (contract/default-zone.ts), which
// had first pulled the schemas in (+36 KB).
// The next round (the teacher's calendar route and its menu link, the flows permalink route with an
// optional parameter, the calendar, e-mail and series strings in the main catalog) grew every public
// route by 0.3–0.4 KB and /teachers/:id by 1.0 KB (the booking review's lazy series stub and the slot
// grid moved to src/domain; not traced further): reset to the measured figures plus 0.2–0.4 KB.
// The round after (Latin names, the intro video, offline at a submission, one answer reader) grew the
// entry by 0.1 KB: the offline notice must be in the first download (a catalog part or a chunk cannot be
// fetched offline) and the answer reader's typed refusal sits in the client. The Latin-name rule's words
// and the video's labels were moved out of the core catalog to their features. /teachers took another
// 0.2 KB (the names isolated on the cards, the preview's video slot) and /contact-us 0.1 KB. Every public
// route's budget was reset to the measure (home 137.4+, just over its old budget) plus 0.2 KB.
// Route loaders (each data route reads its screen's queries before it renders) left home and the legal
// pages unchanged (the requests list's filters left the entry with them) and grew the pages rendered with
// their data by their loaders' own code (docs/architecture.md "Load a page's data"). With the same round's
// other merges (the screens review's header and button fixes), measured exactly: home 137.51, about
// 137.48, privacy 138.59, terms 138.46 (each +0.05–0.1 KB), contact 141.90 (+0.3 KB: its loader and
// the loaders' reads beside the answer reader), within budget but contact's. The clock's core moved to
// src/domain/clock.ts in the same round: /teachers 148.4 → 146.5 KB, /teachers/:id 183.2 → 181.3 KB
// (with sign-up's loader: 146.52 and 181.33).
const HOME_BUDGET = 137.6 * KB;
/** The public routes and their budgets; `/teachers/:id` is filled with the first listed teacher. */
const ROUTE_BUDGETS = {
  '/about-us': 137.6 * KB,
  // One clock-and-zone module (src/domain/time.ts) put /teachers/:id up 2.1 KB (180.5 → 182.6): the
  // shared module sits whole in the chunk both teacher pages load (an open finding: split the
  // booking-only formatters out). On its own branch it took /teachers to 140.8 KB; after this round's
  // merges /teachers measures 147.5 KB (147.1 before the round), not yet traced: budget at the measure.
  // The list's cards now import only the clock's core (src/domain/clock.ts): 146.48 KB, budget lowered to it
  // plus 0.2 KB, so the saving stays.
  '/teachers': 146.7 * KB,
  // 173.5 KB until this round's merges (families' child step and viewer, operators, hardening) grew
  // it by 2.6 KB, not yet traced to one module: raised to what it is, an open finding in docs/bench.md.
  // +0.2 KB (183.0 → 183.2, budget 183.3) for names in Latin letters: the optional Latin name's rule and
  // schema in contract/auth.ts (+0.16 KB gzip), which this page loads through contract/teachers.ts →
  // contract/profile.ts, and the isolated names of the banner and the teacher API module.
  // The clock's core split out (above) took it to 181.30 KB: budget lowered to that plus 0.2 KB.
  '/teachers/:id': 181.5 * KB,
  '/privacy-policy': 138.7 * KB,
  '/terms-conditions': 138.6 * KB,
  // +0.1 KB over the old budget for its loader (141.90 KB): raised to 142.0, the only budget raised that round.
  '/contact-us': 142.0 * KB,
};
const PUBLIC_ROUTES = Object.keys(ROUTE_BUDGETS);

// Text that only appears when the library itself is bundled into a file.
const FORBIDDEN_ON_HOME = [
  { library: 'agora-rtc', markers: ['AgoraRTC'] },
  { library: 'pusher-js', markers: ['pusher-js', 'Pusher'] },
  { library: 'libphonenumber metadata', markers: ['libphonenumber', 'country_calling_codes'] },
  { library: 'diagram renderer', markers: ['mermaid'] },
  // The interpreter's init event: only in XState itself (src/app/lazy-auth.ts keeps it out of a guest's visit).
  { library: 'xstate', markers: ['xstate.init'] },
  // The operators' console (/admin): its session key is in its code only.
  { library: "operators' console", markers: ['noor-staff-session'] },
];

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

// First paint: a public page paints from its HTML alone, so the HTML must arrive in the first round trip:
// TCP's first window is 10 segments of 1 460 bytes (RFC 6928), which Lighthouse's simulated phone
// uses too; /teachers crossing it cost one more round trip (LCP +0.2 s). Headers count.
const FIRST_WINDOW = 14_600;

/** Each public page's HTML as the server sends it to a browser (brotli), with its headers, per locale. */
async function documentSizes(baseURL) {
  const rows = [];
  for (const locale of ['ar', 'en']) {
    for (const route of ['/', ...PUBLIC_ROUTES.filter((r) => !r.includes(':'))]) {
      const res = await fetch(`${baseURL}${route}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'br', cookie: `ng-locale=${locale}` },
      });
      await res.arrayBuffer();
      if (!res.ok || res.headers.get('content-encoding') !== 'br')
        throw new Error(`${route} (${locale}): ${res.status}, ${res.headers.get('content-encoding')}`);
      // fetch decodes the body; Content-Length is the bytes on the wire.
      const body = Number(res.headers.get('content-length'));
      let head = 'HTTP/1.1 200 OK\r\n\r\n'.length;
      for (const [name, value] of res.headers) head += name.length + value.length + 4;
      rows.push({ route, locale, body, total: body + head });
    }
  }
  return rows;
}

function isJavaScript(response) {
  const type = response.headers()['content-type'] ?? '';
  const pathname = new URL(response.url()).pathname;
  return response.request().resourceType() === 'script' || /\.m?js$/.test(pathname) || type.includes('javascript');
}

/** Loads `url` in a fresh context and returns every JavaScript file it downloaded. */
async function firstVisit(browser, url) {
  // An English browser, as the budgets were measured (an Arabic visit loads the Arabic core catalog,
  // 0.9 KB more), with Accept-Language and navigator.languages in agreement. Left to itself, Debian's
  // headless shell got the Arabic page but reported English in navigator.languages, so the page
  // switched language after loading and fetched its data (and zod) again: up to 36 KB that no real
  // browser downloads.
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    if (!response.ok() || !isJavaScript(response)) return;
    pending.push(
      response.body().then(
        (body) => ({ file: new URL(response.url()).pathname, body }),
        () => null, // a navigation dropped the body; nothing was downloaded for good
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Route chunks load once the start-up check is over and the router resolves the screen.
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  const unique = new Map(files.map((f) => [f.file, f.body]));
  return [...unique].map(([file, body]) => ({
    file,
    body,
    raw: body.length,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
  }));
}

function printTable(title, files) {
  const sorted = [...files].sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(4, ...sorted.map((f) => f.file.length));
  console.log(`\n${title}`);
  console.log(`  ${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip -9'.padStart(10)}`);
  for (const f of sorted) console.log(`  ${f.file.padEnd(width)}  ${kb(f.raw).padStart(10)}  ${kb(f.gzip).padStart(10)}`);
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  console.log(`  ${'total'.padEnd(width)}  ${kb(raw).padStart(10)}  ${kb(gzip).padStart(10)}   (${files.length} files)`);
  return gzip;
}

/**
 * Where the Agora SDK sits in the build: the chunks that contain it, the session route's chunk, and
 * every chunk from which an Agora chunk can be reached by imports. Agora must be reachable only
 * through the session route's chunk: never from the entry, never through any other route.
 */
function agoraPlacement() {
  const dir = path.join(SIZE_CLIENT, 'assets');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  const text = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
  const sized = (f) => ({ file: `/assets/${f}`, raw: text.get(f).length, gzip: zlib.gzipSync(text.get(f), { level: 9 }).length });
  const entry = fs.readFileSync(path.join(SIZE_CLIENT, 'index.html'), 'utf8').match(/src="\/assets\/([^"]+\.js)"/)?.[1];
  const agora = files.filter((f) => FORBIDDEN_ON_HOME[0].markers.some((m) => text.get(f).includes(m)));
  const session = files.filter((f) => f.startsWith('session._channelName-'));
  const importers = (file) => files.filter((f) => f !== file && text.get(f).includes(file));
  const problems = [];
  if (agora.length === 0) problems.push('no chunk contains the Agora SDK: the session route cannot load video');
  if (agora.length > 1) problems.push(`the Agora SDK is in ${agora.length} chunks (a second copy?): ${agora.join(', ')}`);
  if (session.length !== 1) problems.push(`expected one session route chunk, found ${session.length}`);
  // Walk up the import graph from each Agora chunk, stopping at the session route's chunk.
  const via = new Set();
  const queue = [...agora];
  while (queue.length) {
    const file = queue.shift();
    if (session.includes(file) || via.has(file)) continue;
    via.add(file);
    const up = importers(file);
    if (file === entry) problems.push(`Agora is reachable from the entry ${file}`);
    else if (up.length === 0 && !agora.includes(file)) problems.push(`Agora is reachable from ${file}, which is not the session route`);
    else if (up.length === 0) problems.push(`nothing imports the Agora chunk ${file}`);
    queue.push(...up);
  }
  const reachesSession = [...via].some((f) => importers(f).some((i) => session.includes(i)));
  if (agora.length && !reachesSession) problems.push('the session route does not import the Agora chunk');
  return { agora: agora.map(sized), session: session.map(sized), problems };
}

/** The operators' console: in the build, in chunks of its own, never in the entry (public routes are checked by marker). */
function consolePlacement() {
  const dir = path.join(SIZE_CLIENT, 'assets');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  const entry = fs.readFileSync(path.join(SIZE_CLIENT, 'index.html'), 'utf8').match(/src="\/assets\/([^"]+\.js)"/)?.[1];
  const chunks = files.filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('noor-staff-session'));
  const problems = [];
  if (chunks.length === 0) problems.push("no chunk contains the operators' console (/admin)");
  if (entry && chunks.includes(entry)) problems.push(`the operators' console is in the entry ${entry}`);
  const sized = chunks.map((f) => {
    const text = fs.readFileSync(path.join(dir, f));
    return { file: `/assets/${f}`, raw: text.length, gzip: zlib.gzipSync(text, { level: 9 }).length };
  });
  return { chunks: sized, problems };
}

/** The e2e builds' fault switch of the fake RTC (src/rtc/fake.ts) must not reach a production build. */
function testOnlyCode() {
  const dir = path.join(SIZE_CLIENT, 'assets');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(dir, f), 'utf8').includes('__noorFakeRtc'))
    .map((f) => `the fake RTC's e2e fault switch (__noorFakeRtc) is in the production build: /assets/${f}`);
}

async function main() {
  const found = await findBrowser();
  buildIfNeeded({ force: true, outDir: SIZE_CLIENT });
  const server = await startServer({ staticDir: SIZE_CLIENT });
  onShutdown(() => server.stop());
  let browser;
  try {
    browser = await chromium.launch({ executablePath: found.executablePath, args: found.args, headless: true });
    const home = await firstVisit(browser, `${server.baseURL}/`);
    const signIn = await firstVisit(browser, `${server.baseURL}/sign-in`);

    const homeTotal = printTable('JavaScript of a first visit to / (home)', home);
    printTable('JavaScript of a first visit to /sign-in', signIn);
    const teachers = await (await fetch(`${server.baseURL}/api/v1/teachers?per_page=1`)).json();
    const routeTotals = [];
    for (const route of PUBLIC_ROUTES) {
      const url = route.replace(':id', String(teachers.data?.[0]?.id ?? 1));
      const files = await firstVisit(browser, `${server.baseURL}${url}`);
      routeTotals.push([route, printTable(`JavaScript of a first visit to ${url}`, files), files]);
    }

    const placement = agoraPlacement();
    printTable('The live-session route (/session/$channelName): its chunk', placement.session);
    printTable('… and the Agora chunk it imports lazily (only when the server grants Agora video)', placement.agora);

    const consoleCode = consolePlacement();
    printTable("The operators' console (/admin): chunks with its code (loaded on /admin only)", consoleCode.chunks);

    const problems = [...placement.problems, ...consoleCode.problems, ...testOnlyCode()];
    console.log(`\nhome budget: ${kb(homeTotal)} of ${kb(HOME_BUDGET)} gzip`);
    if (homeTotal > HOME_BUDGET) problems.push(`home downloads ${kb(homeTotal)} of JavaScript, over the ${kb(HOME_BUDGET)} budget`);
    console.log('\npublic routes (gzip, budget each):');
    for (const [route, total] of routeTotals) {
      const budget = ROUTE_BUDGETS[route];
      console.log(`  ${route.padEnd(18)} ${kb(total).padStart(10)} of ${kb(budget)}`);
      if (total > budget) problems.push(`${route} downloads ${kb(total)} of JavaScript, over the ${kb(budget)} budget`);
    }
    console.log(`\npublic pages' HTML as sent (brotli, with headers; the first round trip holds ${kb(FIRST_WINDOW)}; demo data):`);
    for (const { route, locale, body, total } of await documentSizes(server.baseURL)) {
      console.log(`  ${route.padEnd(18)} ${locale}  ${kb(total).padStart(8)}  (body ${kb(body)})`);
      if (total > FIRST_WINDOW)
        problems.push(`${route} (${locale}) sends ${kb(total)} of HTML, past the first round trip (${kb(FIRST_WINDOW)})`);
    }
    // Home and every public route: a heavy library reached from a content page is as bad as from home.
    for (const [route, , files] of [['/', 0, home], ...routeTotals]) {
      for (const { library, markers } of FORBIDDEN_ON_HOME) {
        for (const { file, body } of files) {
          const text = body.toString('utf8');
          const hit = markers.find((m) => text.includes(m));
          if (hit) problems.push(`${library} is in the download of ${route}: ${file} contains "${hit}"`);
        }
      }
    }
    if (problems.length) {
      console.error(`\nFAIL\n  ${problems.join('\n  ')}`);
      return 1;
    }
    console.log("OK: every public page's HTML within the first round trip");
    console.log('OK: within budget; no agora-rtc, pusher-js, phone metadata, diagram renderer, XState or console code on a public route');
    console.log('OK: the Agora SDK is one chunk, reachable only through the session route');
    return 0;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[size] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
