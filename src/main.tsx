// Bootstrap: load the catalog of the stored locale before the first render, create the root actors,
// the server cache and the router, then render the app (or hydrate the pre-rendered page: app/mount.ts).
import { StrictMode } from 'react';
import { hydrate } from '@tanstack/react-query';
import '@fontsource/cairo/arabic-400.css';
import '@fontsource/cairo/arabic-700.css';
import '@fontsource/cairo/latin-400.css';
import '@fontsource/cairo/latin-700.css';
import './ui/styles.css';
import { activateLocale, i18n } from './i18n/i18n';
import { readStoredLocale, type Locale } from './i18n/locale';
import { authLoaded, createLazyAuth } from './app/lazy-auth';
import { selectIsLoggedIn } from '../machines/auth/selectors';
import { watchActor, watchThisTab } from './bindings/watch';
import { createAppRouter } from './app/router';
import { App } from './app/app';
import { mount } from './app/mount';
import { createErrorHandler } from './app/error-handling';
import { createQueryClient } from './api/query-client';
import { toast } from './ui/toast-store';

async function boot() {
  const locale = readStoredLocale();
  await activateLocale(locale);
  // Failed queries/mutations go through the error catalogue (toasts; a 401 ends the session). The
  // handler reads auth and router lazily: no query can fail before both exist a few lines below.
  const queryClient = createQueryClient({
    onError: createErrorHandler({ auth: () => auth, navigateToLogin: () => void router.navigate({ to: '/login' }) }),
    onMutationSuccess: () => toast.clearErrors(),
  });
  // A page the server rendered with its public data carries that data (server/http/ssr.ts): the
  // queries start from it, so hydration finds the tree of the HTML and nothing is fetched twice.
  const state = document.getElementById('noor-query-state')?.textContent;
  if (state) hydrate(queryClient, JSON.parse(state));
  // XState and the auth statechart load when first needed: never on a guest's first visit (app/lazy-auth.ts).
  const auth = createLazyAuth((actor) => watchActor('auth', actor));
  // A tab the flows studio watches (the model walk watches every tab it drives) follows the
  // real machine from its start-up check on, so the studio sees a guest's first states too.
  if (watchThisTab()) void authLoaded(auth);
  // The routes' loaders key their queries with the language the screens read in now.
  const router = createAppRouter({ auth, queryClient, locale: () => i18n.locale as Locale });
  await mount(
    <StrictMode>
      <App router={router} auth={auth} queryClient={queryClient} />
    </StrictMode>,
    { root: document.getElementById('root')!, locale, auth, router },
  );
  // Reference lists (spec §7) load once someone is signed in, since their screens use them; an anonymous
  // first visit loads them only with the screen that needs them (sign-up, contact, the teachers
  // filter), so neither the lists nor zod are in its first download (docs/decisions.md).
  const prefetchWhenSignedIn = () => {
    if (!selectIsLoggedIn(auth.getSnapshot())) return false;
    void import('./features/reference/use-reference').then(({ prefetchReferenceLists }) => prefetchReferenceLists(queryClient, locale));
    return true;
  };
  if (!prefetchWhenSignedIn()) {
    const subscription = auth.subscribe(() => {
      if (prefetchWhenSignedIn()) subscription.unsubscribe();
    });
  }
}

void boot();
