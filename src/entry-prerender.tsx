// Server-side rendering of the public pages (docs/decisions.md "First paint and page weight"): renders one
// route in one locale to HTML as an anonymous visitor sees it. At build time (scripts/vite-prerender.ts)
// without data — the shell, header, footer and the page's static text; lists show their loading state.
// Per request (server/http/ssr.ts) the pages made of public data — the teachers list and the contact
// details — first load their queries through the server's own API
// (`loadPageData`), then render with them (`render`), and the HTML carries the same data for the
// browser's query cache so hydration finds the same tree. main.tsx hydrates over the result.
import { renderToString } from 'react-dom/server';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { authMachine, type StoredSession } from '../machines/auth.machine';
import { createApiClient, type ApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { phasesQuery, settingsQuery, subjectsQuery } from './api/reference';
import { teachersQuery } from './api/teachers';
import { activateLocale } from './i18n/i18n';
import type { Locale } from './i18n/locale';
import { routeTree } from './route-tree.gen';
import { App } from './app/app';

export type { DehydratedState };

type Load = (queryClient: QueryClient, client: ApiClient, locale: Locale) => Promise<unknown>[];

/** The public data each page rendered per request shows; the same query options the screens use. */
function loadsOf(pathname: string): Load | null {
  if (pathname === '/teachers') {
    return (qc, client, locale) => [
      qc.fetchQuery(teachersQuery({}, locale, client)),
      qc.fetchQuery(subjectsQuery(locale, client)),
      qc.fetchQuery(phasesQuery(locale, client)),
    ];
  }
  if (pathname === '/contact-us') return (qc, client, locale) => [qc.fetchQuery(settingsQuery(locale, client))];
  return null;
}

/**
 * Loads the data of a page rendered per request through `fetch` (the server's own API, in process),
 * as an anonymous visitor in `locale`. Null when the page has no such data or a read failed: the
 * caller then serves the page without it.
 */
export async function loadPageData(pathname: string, locale: Locale, fetch: typeof globalThis.fetch): Promise<DehydratedState | null> {
  const loads = loadsOf(pathname);
  if (!loads) return null;
  const client = createApiClient({ baseURL: 'http://ssr.invalid/api/', fetch, locale: () => locale, token: () => null });
  const queryClient = createQueryClient({ onError: () => {}, onMutationSuccess: () => {} });
  try {
    await Promise.all(loads(queryClient, client, locale));
    return dehydrate(queryClient);
  } catch {
    return null;
  } finally {
    queryClient.clear();
  }
}

export async function render(url: string, locale: Locale, data?: DehydratedState): Promise<string> {
  await activateLocale(locale);
  // The anonymous visitor: no stored session, so the start-up check ends in `anonymous` at once.
  const auth = createActor(
    authMachine.provide({ actors: { checkLogin: fromPromise<StoredSession>(async () => ({ account: null, token: null })) } }),
  ).start();
  await waitFor(auth, (s) => !s.hasTag('state:loading'));
  const queryClient = createQueryClient({ onError: () => {}, onMutationSuccess: () => {} });
  if (data) hydrate(queryClient, data);
  // The browser build of the router keeps a reference to itself on `self` (its devtools hook); lent
  // for the constructor only, so nothing else in the build process takes Node for a browser.
  const global = globalThis as { self?: unknown };
  const lent = global.self === undefined;
  if (lent) global.self = globalThis;
  const router = createRouter({
    routeTree,
    context: { auth, queryClient },
    history: createMemoryHistory({ initialEntries: [url] }),
    // Rendered the way the browser's first render is, so hydration finds the same tree.
    isServer: false,
    origin: 'http://localhost',
  });
  if (lent) delete global.self;
  // Resolves the match and loads the route's lazy component, so the render below is complete.
  await router.load();
  const html = renderToString(<App router={router} auth={auth} queryClient={queryClient} />);
  auth.stop();
  queryClient.clear();
  return html;
}
