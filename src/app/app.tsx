// Providers around the router; while the start-up login check runs, a full-screen spinner instead.
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { DirectionProvider } from '@radix-ui/react-direction';
import { useSelector } from '../bindings/use-selector';
import { i18n } from '../i18n/i18n';
import { directionOf, isLocale } from '../i18n/locale';
import { Spinner } from '../ui/spinner';
import { LazyToaster } from '../ui/lazy-toaster';
import type { createAppRouter } from './router';
import type { RouterContext } from './router-context';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  auth: RouterContext['auth'];
  queryClient: QueryClient;
}

export function App({ router, auth, queryClient }: AppProps) {
  const checking = useSelector(auth, (s) => s.hasTag('state:loading'));
  return (
    <I18nProvider i18n={i18n}>
      <LocaleDirection>
        <QueryClientProvider client={queryClient}>
          {checking ? <Spinner fullScreen /> : <RouterProvider router={router} />}
          <LazyToaster />
        </QueryClientProvider>
      </LocaleDirection>
    </I18nProvider>
  );
}

function LocaleDirection({ children }: { children: React.ReactNode }) {
  // Re-renders on activation because I18nProvider re-renders its subtree when the locale changes.
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ar';
  return <DirectionProvider dir={directionOf(locale)}>{children}</DirectionProvider>;
}
