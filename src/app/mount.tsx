// Puts the app on the page. A public page the server sent pre-rendered (scripts/vite-prerender.ts,
// `data-prerendered` on #root) is hydrated when the visitor sees exactly what was rendered — the same
// language, nobody signed in — after the login check and the route's code and messages are in, so
// the first client render equals the HTML (no flash, no layout shift). Otherwise a normal render
// replaces the HTML.
import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { selectIsLoggedIn } from '../../machines/auth/selectors';
import { authChecked } from './lazy-auth';
import type { createAppRouter } from './router';
import type { RouterContext } from './router-context';

interface Mount {
  root: HTMLElement;
  locale: string;
  auth: RouterContext['auth'];
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Marks #root `data-mounted` once React has committed (hydrated or rendered): a pre-rendered page looks
 * ready before its buttons work, so the e2e helpers wait for this mark. Renders nothing, so the tree
 * still equals the built HTML.
 */
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

export async function mount(content: ReactNode, { root, locale, auth, router }: Mount): Promise<void> {
  const app = (
    <>
      {content}
      <Mounted onMounted={() => root.setAttribute('data-mounted', '')} />
    </>
  );
  if (root.dataset.prerendered === locale) {
    await authChecked(auth);
    if (!selectIsLoggedIn(auth.getSnapshot())) {
      await router.load();
      // A guard may have sent the visitor elsewhere; only the page that was rendered can be hydrated.
      if (router.state.location.pathname === location.pathname) {
        // As a transition, hydration yields to the browser every few milliseconds instead of one long
        // task (Lighthouse's blocking time on /teachers was the entry's hydration).
        startTransition(() => void hydrateRoot(root, app));
        return;
      }
    }
  }
  delete root.dataset.prerendered;
  createRoot(root).render(app);
}
