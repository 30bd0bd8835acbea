// Header: brand, main navigation, language switch, theme toggle and the account area, one line tall
// from 1024 px in both languages. Below that the navigation and the account's pages fold behind the
// menu button (the overflow menu); signed in, the account's pages sit behind one "My account" menu.
// Links come from the guards, so nobody is offered a page that would send them elsewhere.
import { Link, useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { useSelector } from '../bindings/use-selector';
import { lazy, Suspense } from 'react';
import { activateLocale } from '../i18n/i18n';
import { appName } from './titles';
import { useDarkMode } from './theme';
import { Button } from '../ui/button';
import { BrandMark } from '../domain/brand-mark';
import { Icon } from '../domain/icon';
import { sameViewer, selectViewer } from '../domain/viewer';
import { canOpen } from './header-links';
import { AccountMenu } from './account-menu';
import { useDisclosure } from './use-disclosure';

// The bell loads only after sign-in: anonymous visitors never download it or its realtime code.
const NotificationBell = lazy(() => import('../features/notifications/bell').then((m) => ({ default: m.NotificationBell })));

// Messages (the link and its unread count) load only after sign-in, like the bell.
const MessagesLink = lazy(() => import('../features/messages/messages-link').then((m) => ({ default: m.MessagesLink })));

// A student's remaining hours: loaded only for a signed-in student, never for visitors.
const HeaderBalance = lazy(() => import('../features/profile/header-balance').then((m) => ({ default: m.HeaderBalance })));

export function Header() {
  const { _, i18n } = useLingui();
  const { t } = useMacroLingui();
  const [dark, setDark] = useDarkMode();
  const { auth } = useRouteContext({ from: '__root__' });
  // Compared by who is looking only, so the header re-renders when access changes, not on every event.
  const state = useSelector(auth, selectViewer, sameViewer);
  const accountId = state.kind === 'family' || state.kind === 'teacher' ? (state.id ?? undefined) : undefined;
  const loggedIn = state.kind !== 'guest' && state.kind !== 'checking';
  const { open, toggle, panelId, buttonRef, rootRef, closeOnLink } = useDisclosure();
  const other = i18n.locale === 'ar' ? 'en' : 'ar';
  const otherName = other === 'en' ? 'English' : 'العربية';
  const can = (routeId: string) => canOpen(state, routeId);
  const nav = [
    can('/') ? (
      <Link key="home" to="/" activeOptions={{ exact: true }}>
        <Trans>Home</Trans>
      </Link>
    ) : null,
    can('/teachers/') ? (
      <Link key="teachers" to="/teachers">
        <Trans>Teachers</Trans>
      </Link>
    ) : null,
    can('/about-us') ? (
      <Link key="about" to="/about-us">
        <Trans>About us</Trans>
      </Link>
    ) : null,
    can('/contact-us') ? (
      <Link key="contact" to="/contact-us">
        <Trans>Contact us</Trans>
      </Link>
    ) : null,
  ].filter(Boolean);

  return (
    <header className="site-header" data-testid="site-header">
      <div className="container header-row" ref={rootRef}>
        <Link to="/" className="brand">
          <BrandMark />
          <span>{_(appName)}</span>
        </Link>
        <div className="header-tools">
          {loggedIn ? (
            <Suspense fallback={null}>
              {can('/messages/') ? <MessagesLink userId={accountId} /> : null}
              <NotificationBell userId={accountId} />
            </Suspense>
          ) : null}
          <Button
            variant="ghost"
            className="button-small"
            lang={other}
            onClick={() => void activateLocale(other)}
            data-testid="locale-switch"
          >
            {otherName}
          </Button>
          <Button
            variant="ghost"
            className="button-icon"
            aria-pressed={dark}
            aria-label={t`Dark mode`}
            title={t`Dark mode`}
            onClick={() => setDark(!dark)}
            data-testid="theme-toggle"
          >
            <Icon name={dark ? 'sun' : 'moon'} />
          </Button>
          <Button
            variant="ghost"
            className="button-icon menu-toggle"
            aria-label={t`Menu`}
            ref={buttonRef}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={toggle}
            data-testid="menu-toggle"
          >
            <Icon name={open ? 'close' : 'menu'} />
          </Button>
        </div>
        <div className="site-menu" id={panelId} data-open={open} onClick={closeOnLink}>
          {nav.length > 0 ? (
            <nav aria-label={t`Main`} className="main-nav">
              {nav}
            </nav>
          ) : null}
          {loggedIn ? (
            <div className="account-area" data-testid="account-area">
              {state.kind === 'family' ? (
                <Suspense fallback={null}>
                  <HeaderBalance />
                </Suspense>
              ) : null}
              <AccountMenu state={state} />
            </div>
          ) : null}
        </div>
        {/* A guest's two ways in stay in sight on a phone too, outside the folded menu. */}
        {loggedIn ? null : (
          <div className="account-area guest-area" data-testid="account-area">
            <Link to="/sign-in" className="button button-ghost">
              <Trans>Sign in</Trans>
            </Link>
            <Link to="/sign-up" className="button button-primary">
              <Trans>Sign up</Trans>
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
