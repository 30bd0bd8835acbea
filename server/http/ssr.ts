// Public pages made of public data, rendered per request (first paint; docs/decisions.md
// "Public forms on demand, public data in the HTML"): the teachers list and the contact page arrive with their
// content in the visitor's language, not a loading state. The React tree is the one the build-time
// prerender uses (dist/prerender/entry-prerender-*.js, built by scripts/vite-prerender.ts from
// src/entry-prerender.tsx); its data comes from this server's own public API, in process, which answers
// from the shared cache versioned by public_version. A page is kept per (path, locale, the ETags of
// its data): the same data gives the same HTML, so a render happens once per version, and the page's
// own ETag lets a browser revalidate with a 304. Without the bundle (a server run without a build)
// or when a read fails, the caller serves the build-time page instead. A teacher's page is not here:
// its route is for signed-in students (src/app/guards.ts), whose pages are per user.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Locale = 'ar' | 'en';
type State = { queries: unknown[] } & Record<string, unknown>;
interface Bundle {
  /** The paths of the routes that are rendered per request (their `ssr` mark in src/routes). */
  ssrPaths?: readonly string[];
  loadPageData: (pathname: string, locale: Locale, fetch: typeof globalThis.fetch) => Promise<State | null>;
  render: (url: string, locale: Locale, data?: State) => Promise<string>;
}

/** The shell of a page rendered per request (written by scripts/vite-prerender.ts under prerender/<locale>/ssr/). */
const templateOf = (pathname: string) => `${pathname.slice(1)}.html`;

const MAX_PAGES = 500;
const etagOf = (text: string) => `W/"${createHash('sha1').update(text).digest('base64url')}"`;

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface SsrPage {
  body: string;
  etag: string;
}

export function ssrPages(staticDir: string, api: (request: Request) => Response | Promise<Response>) {
  const bundleDir = path.resolve(staticDir, '../prerender');
  let bundle: Promise<Bundle | null> | null = null;
  const load = () =>
    (bundle ??= readdir(bundleDir)
      .then((files) => files.find((f) => /^entry-prerender.*\.js$/.test(f)))
      .then((file) => (file ? (import(pathToFileURL(path.join(bundleDir, file)).href) as Promise<Bundle>) : null))
      .catch(() => null));
  const pages = new Map<string, SsrPage>();
  // Lingui's active locale is process-wide: one render at a time, so an Arabic page never gets English.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  /** The page for this path and locale, or null when it is not rendered per request. */
  return async function page(pathname: string, locale: Locale): Promise<SsrPage | null> {
    const ssr = await load();
    // A bundle from before the routes named their pages (no `ssrPaths`) renders none.
    if (!ssr?.ssrPaths?.includes(pathname)) return null;
    const template = templateOf(pathname);
    const etags: string[] = [];
    const fetchInProcess: typeof globalThis.fetch = async (input, init) => {
      const response = await api(new Request(input, init));
      etags.push(response.headers.get('etag') ?? `none-${Math.random()}`);
      return response;
    };
    const data = await ssr.loadPageData(pathname, locale, fetchInProcess);
    if (!data) return null;
    const key = `${pathname}|${locale}|${etags.sort().join(',')}`;
    const known = pages.get(key);
    if (known) return known;
    let shell: string;
    try {
      shell = await readFile(path.join(staticDir, 'prerender', locale, 'ssr', template), 'utf8');
    } catch {
      return null;
    }
    const html = await serialized(() => ssr.render(pathname, locale, data));
    const body = shell
      .replace('<!--ssr-body-->', () => html)
      .replace(
        '<!--ssr-state-->',
        () => `<script type="application/json" id="noor-query-state">${scriptSafe(JSON.stringify(data))}</script>`,
      );
    const entry = { body, etag: etagOf(body) };
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, entry);
    return entry;
  };
}
