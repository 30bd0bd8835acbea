// Server-side rendering of the public pages (docs/decisions.md "First paint and page weight"): renders one
// route in one locale to HTML as an anonymous visitor sees it. At build time (scripts/vite-prerender.ts)
// without data — the shell, header, footer and the page's static text; lists show their loading state.
// Per request (server/http/ssr.ts) the pages made of public data — the routes marked `ssr` (today the
// teachers list and the contact details) — first run their route's own loader through the server's own
// API (`loadPageData`), then render with what it read (`render`), and the HTML carries the same data for
// the browser's query cache so hydration finds the same tree. main.tsx hydrates over the result. No table
// here names a page or its data: the routes say both.
import { renderToString } from 'react-dom/server';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { authMachine, type StoredSession } from '../machines/auth.machine';
import { createApiClient, type ApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { activateLocale } from './i18n/i18n';
import type { Locale } from './i18n/locale';
import { routeTree } from './route-tree.gen';
import { createAppRouter } from './app/router';
import type { RouterContext } from './app/router-context';
import { App } from './app/app';

export type { DehydratedState };

/**
 * The browser build of the router keeps a reference to itself on `self` (its devtools hook): lent for its
 * constructor only, so nothing else in the build process takes Node for a browser.
 */
function withSelf<T>(make: () => T): T {
  const global = globalThis as { self?: unknown };
  const lent = global.self === undefined;
  if (lent) global.self = globalThis;
  try {
    return make();
  } finally {
    if (lent) delete global.self;
  }
}

/** The paths of the routes marked `staticData: { ssr: true }` (guardedPage's `ssr`), without a trailing slash. */
function ssrRoutePaths(): string[] {
  // A router resolves every route's full path; this one only lists them.
  const { routesById } = withSelf(() =>
    createRouter({ routeTree, history: createMemoryHistory(), context: {} as RouterContext, isServer: false, origin: 'http://localhost' }),
  );
  return Object.values(routesById as unknown as Record<string, AnyRoute>)
    .filter((route) => route.options.staticData?.ssr)
    .map((route) => route.fullPath.replace(/(.)\/$/, '$1'));
}

/** The pages the server renders per request with their data: read by server/http/ssr.ts and scripts/vite-prerender.ts. */
export const ssrPaths: readonly string[] = ssrRoutePaths();

/**
 * The app's router at `url` as an anonymous visitor sees it, its loaders reading through `api` (null: read
 * nothing) into `queryClient`, once it has resolved the match, run the guards and loaders and loaded the
 * route's lazy component. The same router the browser makes (src/app/router.ts), so the guards, loaders
 * and Suspense boundaries are the browser's.
 */
async function loadRouter(url: string, locale: Locale, queryClient: QueryClient, api: ApiClient | null) {
  // The anonymous visitor: no stored session, so the start-up check ends in `anonymous` at once.
  const auth = createActor(
    authMachine.provide({ actors: { checkLogin: fromPromise<StoredSession>(async () => ({ account: null, token: null })) } }),
  ).start();
  await waitFor(auth, (s) => !s.hasTag('state:loading'));
  const router = withSelf(() =>
    createAppRouter(
      { auth, queryClient, api, locale: () => locale },
      // Rendered the way the browser's first render is, so hydration finds the same tree.
      { history: createMemoryHistory({ initialEntries: [url] }), isServer: false, origin: 'http://localhost' },
    ),
  );
  await router.load();
  return { router, auth };
}

/**
 * Loads the data of a page rendered per request by running its route's loader through `fetch` (the
 * server's own API, in process), as an anonymous visitor in `locale`. Null when the page is not rendered
 * per request or a read failed: the caller then serves the build-time page instead.
 */
export async function loadPageData(pathname: string, locale: Locale, fetch: typeof globalThis.fetch): Promise<DehydratedState | null> {
  if (!ssrPaths.includes(pathname)) return null;
  const client = createApiClient({ baseURL: 'http://ssr.invalid/api/', fetch, locale: () => locale, token: () => null });
  const queryClient = createQueryClient({ onError: () => {}, onMutationSuccess: () => {} });
  try {
    const { auth } = await loadRouter(pathname, locale, queryClient, client);
    auth.stop();
    const queries = queryClient.getQueryCache().getAll();
    return queries.length > 0 && queries.every((q) => q.state.status === 'success') ? dehydrate(queryClient) : null;
  } catch {
    return null;
  } finally {
    queryClient.clear();
  }
}

/** The page at `url` in `locale`: with `data`, the queries loadPageData read; without, at build time, reading nothing. */
export async function render(url: string, locale: Locale, data?: DehydratedState): Promise<string> {
  await activateLocale(locale);
  const queryClient = createQueryClient({ onError: () => {}, onMutationSuccess: () => {} });
  if (data) hydrate(queryClient, data);
  const { router, auth } = await loadRouter(url, locale, queryClient, null);
  const html = renderToString(<App router={router} auth={auth} queryClient={queryClient} />);
  auth.stop();
  queryClient.clear();
  return html;
}
