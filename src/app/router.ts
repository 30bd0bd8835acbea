// Creates the typed router over the generated route tree; it follows the auth actor (guards re-run
// when the session changes, and the machine's destinations are navigated to): auth-navigation.ts.
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen';
import { ErrorPage } from '../features/pages/error-page';
import { followAuth } from './auth-navigation';
import type { RouterContext } from './router-context';

export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // A render or loader failure shows the localized error screen, never the router's English default.
    defaultErrorComponent: ErrorPage,
    scrollRestoration: true,
  });
  followAuth(context.auth, router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
