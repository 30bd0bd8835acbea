// Creates the typed router over the generated route tree; guards re-run whenever the auth actor
// signs someone in or out or its account record changes, and the auth flows navigate through it.
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen';
import { setAuthNavigator } from './auth';
import type { RouterContext } from './router-context';

type AuthSnapshot = ReturnType<RouterContext['auth']['getSnapshot']>;

/** Which top-level auth state we are in: inner steps (a countdown tick, a request) do not matter here. */
function phaseOf(snapshot: AuthSnapshot): string {
  const value: unknown = snapshot.value;
  return typeof value === 'string' ? value : Object.keys(value as object)[0] ?? '';
}

export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
  // A navigation asked for by the transition that also changed the session runs the guards of its
  // destination; invalidating the page being left as well would race it and could win.
  let navigationPending = false;
  // Navigate actions run while the actor is still mid-transition; waiting a microtask lets the
  // guards of the destination read the new snapshot.
  setAuthNavigator((href) => {
    navigationPending = true;
    queueMicrotask(() => {
      navigationPending = false;
      void router.navigate({ href });
    });
  });

  let lastPhase = phaseOf(context.auth.getSnapshot());
  let lastAccount = context.auth.getSnapshot().context.account;
  context.auth.subscribe((snapshot) => {
    const phase = phaseOf(snapshot);
    const account = snapshot.context.account;
    // The account object is replaced only when it really changes (sign-in, profile reload, sign-out).
    if (phase !== lastPhase || account !== lastAccount) {
      lastPhase = phase;
      lastAccount = account;
      if (!navigationPending) void router.invalidate();
    }
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
