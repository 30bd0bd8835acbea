// Header: brand, main navigation, language switch, theme toggle and the account area. Mobile first:
// below the desktop breakpoint the navigation and account links fold behind a menu button.
import { Link, useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { selectAccount, selectIsBusy, selectIsLoggedIn } from '../../machines/auth.machine';
import { activateLocale } from '../i18n/i18n';
import { appName } from './titles';
import { useDarkMode } from './theme';
import { Button } from '../ui/button';
import { BrandMark } from '../domain/brand-mark';
import { Icon } from '../domain/icon';

// The bell (issue 8) loads only after sign-in: anonymous visitors never download it or its realtime code.
const NotificationBell = lazy(() => import('../features/notifications/bell'));

// A student's remaining hours (issue 4): loaded only for a signed-in student, never for visitors.
const HeaderBalance = lazy(() => import('../features/profile/header-balance'));

export function Header() {
  const { _, i18n } = useLingui();
  const { t } = useMacroLingui();
  const [dark, setDark] = useDarkMode();
  const { auth } = useRouteContext({ from: '__root__' });
  const loggedIn = useSelector(auth, selectIsLoggedIn);
  const busy = useSelector(auth, selectIsBusy);
  const accountId = useSelector(auth, (snapshot) => selectAccount(snapshot)?.id);
  const isStudent = useSelector(auth, (s) => selectAccount(s)?.is_teacher === false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const other = i18n.locale === 'ar' ? 'en' : 'ar';
  const otherName = other === 'en' ? 'English' : 'العربية';

  // Following a link in the folded menu closes it, so the new page is not hidden behind the menu.
  const closeOnLink = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  };
  const closeOnEscape = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <header className="site-header" onKeyDown={closeOnEscape}>
      <div className="container header-row">
        <Link to="/" className="brand">
          <BrandMark />
          <span>{_(appName)}</span>
        </Link>
        <div className="header-tools">
          {loggedIn ? (
            <Suspense fallback={null}>
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
            ref={toggleRef}
            variant="ghost"
            className="button-icon menu-toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t`Menu`}
            onClick={() => setOpen(!open)}
            data-testid="menu-toggle"
          >
            <Icon name={open ? 'close' : 'menu'} />
          </Button>
        </div>
        <div id={menuId} className="site-menu" data-open={open} onClick={closeOnLink}>
          <nav aria-label={t`Main`} className="main-nav">
            <Link to="/" activeOptions={{ exact: true }}><Trans>Home</Trans></Link>
            <Link to="/teachers"><Trans>Teachers</Trans></Link>
            <Link to="/about-us"><Trans>About us</Trans></Link>
            <Link to="/contact-us"><Trans>Contact us</Trans></Link>
          </nav>
          <div className="account-area" data-testid="account-area">
            {loggedIn ? (
              <>
                {isStudent ? (
                  <Suspense fallback={null}>
                    <HeaderBalance />
                  </Suspense>
                ) : null}
                <Link to="/profile" className="account-link"><Trans>Profile</Trans></Link>
                <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}} className="account-link">
                  <Trans>Requests</Trans>
                </Link>
                <Button variant="ghost" disabled={busy} onClick={() => auth.send({ type: 'auth.logout' })}>
                  <Trans>Sign out</Trans>
                </Button>
              </>
            ) : (
              <>
                <Link to="/sign-in" className="button button-ghost"><Trans>Sign in</Trans></Link>
                <Link to="/sign-up" className="button button-primary"><Trans>Sign up</Trans></Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
