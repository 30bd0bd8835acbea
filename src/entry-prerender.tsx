// Build-time rendering of the public pages (issue 13, docs/decisions.md "First paint"): renders one
// route in one locale to HTML, as an anonymous visitor sees it before any data arrives — the shell,
// header, footer and the page's static text; lists show their loading state. scripts/prerender.mjs
// calls it for every public route × locale; main.tsx hydrates over the result.
import { renderToString } from 'react-dom/server';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { authMachine, type StoredSession } from '../machines/auth.machine';
import { createQueryClient } from './api/query-client';
import { activateLocale } from './i18n/i18n';
import type { Locale } from './i18n/locale';
import { routeTree } from './route-tree.gen';
import { App } from './app/app';

export async function render(url: string, locale: Locale): Promise<string> {
  await activateLocale(locale);
  // The anonymous visitor: no stored session, so the start-up check ends in `anonymous` at once.
  const auth = createActor(
    authMachine.provide({ actors: { checkLogin: fromPromise<StoredSession>(async () => ({ account: null, token: null })) } }),
  ).start();
  await waitFor(auth, (s) => !s.hasTag('state:loading'));
  const queryClient = createQueryClient({ onError: () => {}, onMutationSuccess: () => {} });
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
