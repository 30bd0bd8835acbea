// The console's frame around every screen, the sign-in included: skip link, the header with the
// navigation the signed-in role may use, the language switch and sign-out, and the page. The frame
// never imports the router's hooks: the route files hand it `goTo` (see console-layout.tsx for why).
import { useCallback, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { activateLocale } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { refreshConsole, signOut } from './admin-api';
import { consoleMeta, useConsoleErrors } from './console-errors';
import { mayUse } from './roles';
import { clearStaffSession, useStaffSession } from './staff-session';
import { roleTexts } from './texts';
import './console.css';

/** Where the console sends its user by itself. */
export type ConsoleTarget = '/admin' | '/admin/sign-in';

export function ConsoleFrame({ goTo, children }: { goTo: (to: ConsoleTarget) => void; children: ReactNode }) {
  const { i18n } = useLingui();
  const expired = useCallback(() => {
    clearStaffSession();
    goTo('/admin/sign-in');
  }, [goTo]);
  useConsoleErrors(i18n, expired);
  return (
    <div className="console">
      <a className="skip-link" href="#console-main">
        <Trans>Skip to content</Trans>
      </a>
      <ConsoleHeader onSignedOut={expired} />
      <main id="console-main" className="console-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function ConsoleHeader({ onSignedOut }: { onSignedOut: () => void }) {
  const { t, i18n } = useLingui();
  const session = useStaffSession();
  const other = i18n.locale === 'ar' ? 'en' : 'ar';
  const leave = useMutation({
    mutationFn: () => signOut(),
    // Signed out here whatever the server says: the session may already be over.
    onSettled: onSignedOut,
    meta: { ...consoleMeta(), console: false },
  });
  const role = session?.staff.role;
  const queryClient = useQueryClient();
  // The admin API names subjects, phases and packages in the caller's language: read them again in the new one.
  const switchTo = async (locale: typeof other) => {
    await activateLocale(locale);
    await refreshConsole.all(queryClient);
  };
  return (
    <header className="console-header">
      <div className="console-header-row">
        <Link to="/admin" className="console-brand">
          <Trans>Noor · Operators' console</Trans>
        </Link>
        {role ? (
          <nav className="console-nav" aria-label={t`Console`}>
            <Link to="/admin" activeOptions={{ exact: true, includeSearch: false }}>
              <Trans>Review queue</Trans>
            </Link>
            {mayUse(role, 'support') ? (
              <Link to="/admin/$section" params={{ section: 'support' }}>
                <Trans>Support</Trans>
              </Link>
            ) : null}
            {mayUse(role, 'support') ? (
              <Link to="/admin/$section" params={{ section: 'reported-messages' }}>
                <Trans>Reported messages</Trans>
              </Link>
            ) : null}
            {mayUse(role, 'promoCodes') ? (
              <Link to="/admin/$section" params={{ section: 'promo-codes' }}>
                <Trans>Promo codes</Trans>
              </Link>
            ) : null}
            {mayUse(role, 'audit') ? (
              <Link to="/admin/$section" params={{ section: 'audit' }}>
                <Trans>Audit log</Trans>
              </Link>
            ) : null}
            {mayUse(role, 'staff') ? (
              <Link to="/admin/$section" params={{ section: 'staff' }}>
                <Trans>Staff</Trans>
              </Link>
            ) : null}
          </nav>
        ) : null}
        <div className="console-tools">
          {session ? (
            <span className="console-who">
              {session.staff.name} · {i18n._(roleTexts[session.staff.role])}
            </span>
          ) : null}
          <Button variant="ghost" className="button-small" lang={other} onClick={() => void switchTo(other)}>
            {other === 'en' ? 'English' : 'العربية'}
          </Button>
          {session ? (
            <Button variant="ghost" className="button-small" disabled={leave.isPending} onClick={() => leave.mutate()}>
              <Trans>Sign out</Trans>
            </Button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
