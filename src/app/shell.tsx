// The application shell: skip link, header, the routed page, footer, toasts; keeps the tab title current.
import { Outlet, useMatches, useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { appName, titles } from './titles';
import { Header } from './header';
import { Footer } from './footer';
import { useTeacherStatusChannel } from '../features/teacher/use-teacher-status-channel';

export function useDocumentTitle(): void {
  const { _ } = useLingui();
  const matches = useMatches();
  // A path no route knows renders the root's not-found page: that page has its own title, not home's.
  const notFound = matches.some((m) => m.status === 'notFound' || m._notFound === true);
  const key = notFound ? 'notFound' : ([...matches].reverse().find((m) => m.staticData?.title)?.staticData.title ?? 'home');
  useEffect(() => {
    document.title = `${_(appName)} | ${_(titles[key])}`;
  }, [_, key]);
}

export function Shell() {
  useDocumentTitle();
  // A signed-in teacher hears review decisions live; nobody else loads the realtime code.
  useTeacherStatusChannel(useRouteContext({ from: '__root__' }).auth);
  // The operators' console brings its own header, navigation and landmarks (src/features/admin).
  const inConsole = useMatches({ select: (matches) => matches.some((m) => m.routeId === '/admin' || m.routeId.startsWith('/admin_/')) });
  if (inConsole) return <Outlet />;
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
