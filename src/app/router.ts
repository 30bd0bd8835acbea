// Creates the typed router over the generated route tree; it follows the auth actor (guards re-run
// when the session changes, and the machine's destinations are navigated to): auth-navigation.ts.
// The browser and the server render (src/entry-prerender.tsx) build it here alike, so both run the
// same guards and loaders and render the same Suspense boundaries.
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen';
import { ErrorPage } from '../features/pages/error-page';
import { Spinner } from '../ui/spinner';
import { followAuth } from './auth-navigation';
import type { RouterContext } from './router-context';

/** The server render's differences: its address, and that it renders as the browser's first render does. */
export interface ServerRender {
  history: RouterHistory;
  isServer: false;
  origin: string;
}

export function createAppRouter(context: RouterContext, server?: ServerRender) {
  const router = createRouter({
    routeTree,
    context,
    ...server,
    // Code and data (the routes' loaders) are read when a link is pointed at or focused.
    defaultPreload: 'intent',
    // A load that ends within the router's pendingMs (1 s) shows nothing in between; a slower one shows
    // the spinner for at least its pendingMinMs (0.5 s), so it never flickers.
    defaultPendingComponent: Spinner,
    // A render or loader failure shows the localized error screen, never the router's English default.
    defaultErrorComponent: ErrorPage,
    // The browser's alone: it reads and writes the window's scroll positions.
    scrollRestoration: !server,
  });
  followAuth(context.auth, router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
