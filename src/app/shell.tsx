// The application shell: skip link, header, the routed page, footer, toasts; keeps the tab title current.
import { Outlet, useMatches } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { appName, titles } from './titles';
import { Header } from './header';
import { Footer } from './footer';

export function useDocumentTitle(): void {
  const { _ } = useLingui();
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => m.staticData?.title)?.staticData.title ?? 'home';
  useEffect(() => {
    document.title = `${_(appName)} | ${_(titles[key])}`;
  }, [_, key]);
}

export function Shell() {
  useDocumentTitle();
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
