// The console's frame: its own server cache (a 401 ends the staff session and returns to the console's
// sign-in; it never touches a family's session), the header with the navigation the signed-in role may
// use, the language switch and sign-out, and the routed page. Without a staff session every console
// address shows the sign-in.
import { useState } from 'react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { createQueryClient } from '../../api/query-client';
import { presentError } from '../../api/present-error';
import { activateLocale } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { signOut } from './admin-api';
import { mayUse } from './roles';
import { clearStaffSession, useStaffSession } from './staff-session';
import { roleTexts } from './texts';
import './console.css';

const SIGN_IN = '/admin/sign-in';

export function ConsoleLayout() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [queryClient] = useState(() =>
    createQueryClient({
      onError: (error) =>
        presentError(error, {
          i18n,
          showToast: (t) => toast.show(t),
          onSessionExpired: () => {
            clearStaffSession();
            void navigate({ to: SIGN_IN, replace: true });
          },
        }),
    }),
  );
  const session = useStaffSession();
  // The matched screen, not the address: while the router moves there, the old screen is still the match.
  const onSignIn = useMatches({ select: (matches) => matches.some((m) => m.routeId === SIGN_IN) });

  if (!session && !onSignIn) return <Navigate to={SIGN_IN} replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="console">
        <a className="skip-link" href="#console-main">
          <Trans>Skip to content</Trans>
        </a>
        <ConsoleHeader />
        <main id="console-main" className="console-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </QueryClientProvider>
  );
}

function ConsoleHeader() {
  const { t, i18n } = useLingui();
  const session = useStaffSession();
  const navigate = useNavigate();
  const other = i18n.locale === 'ar' ? 'en' : 'ar';
  const leave = useMutation({
    mutationFn: () => signOut(),
    // Signed out here whatever the server says: the session may already be over.
    onSettled: () => {
      clearStaffSession();
      void navigate({ to: SIGN_IN, replace: true });
    },
    meta: { silent: true },
  });
  const role = session?.staff.role;
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
              <Link to="/admin/support">
                <Trans>Support</Trans>
              </Link>
            ) : null}
            {mayUse(role, 'promoCodes') ? (
              <Link to="/admin/promo-codes">
                <Trans>Promo codes</Trans>
              </Link>
            ) : null}
            {mayUse(role, 'audit') ? (
              <Link to="/admin/audit">
                <Trans>Audit log</Trans>
              </Link>
            ) : null}
            {mayUse(role, 'staff') ? (
              <Link to="/admin/staff">
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
          <Button variant="ghost" className="button-small" lang={other} onClick={() => void activateLocale(other)}>
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
