// The signed-in account menu in the header: one button ("My account") that opens the account's
// pages and sign-out. It lists only the pages the guards let this account open (a teacher in review
// sees their review page, not links that would bounce back to it). On phones the header's overflow
// menu shows the same list open, without the button (theme.css).
import { Link, useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../bindings/use-selector';
import { selectIsBusy } from '../../machines/auth/selectors';
import { Button } from '../ui/button';
import { Icon } from '../domain/icon';
import type { AuthGuardState } from './guards';
import { canOpen } from './header-links';
import { useDisclosure } from './use-disclosure';

export function AccountMenu({ state }: { state: AuthGuardState }) {
  const { t } = useLingui();
  const { auth } = useRouteContext({ from: '__root__' });
  const busy = useSelector(auth, selectIsBusy);
  const { open, toggle, panelId, buttonRef, rootRef, closeOnLink } = useDisclosure();
  const can = (routeId: string) => canOpen(state, routeId);

  return (
    <div className="account-menu" ref={rootRef} data-open={open}>
      <Button
        ref={buttonRef}
        variant="ghost"
        className="account-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        data-testid="account-menu-button"
      >
        <Icon name="user" />
        <span className="account-menu-label">
          <Trans>My account</Trans>
        </span>
        <Icon name="chevron" className="account-menu-chevron" />
      </Button>
      <ul className="account-menu-panel" id={panelId} data-open={open} onClick={closeOnLink} aria-label={t`My account`}>
        {can('/in-review') ? (
          <li>
            <Link to="/in-review" className="account-link">
              <Trans>Account review</Trans>
            </Link>
          </li>
        ) : null}
        {can('/_teacher-terms/trams-teacher') ? (
          <li>
            <Link to="/trams-teacher" className="account-link">
              <Trans>Teacher terms</Trans>
            </Link>
          </li>
        ) : null}
        {can('/profile') ? (
          <li>
            <Link to="/profile" className="account-link">
              <Trans>Profile</Trans>
            </Link>
          </li>
        ) : null}
        {can('/requests/{-$studentId}/{-$teacherId}/{-$requestId}') ? (
          <li>
            <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}} className="account-link">
              <Trans>Requests</Trans>
            </Link>
          </li>
        ) : null}
        {can('/calendar') ? (
          <li>
            <Link to="/calendar" className="account-link">
              <Trans>Calendar</Trans>
            </Link>
          </li>
        ) : null}
        {can('/earnings') ? (
          <li>
            <Link to="/earnings" className="account-link">
              <Trans>Earnings</Trans>
            </Link>
          </li>
        ) : null}
        {can('/packages') ? (
          <li>
            <Link to="/packages" className="account-link">
              <Trans>Packages</Trans>
            </Link>
          </li>
        ) : null}
        {can('/messages/') ? (
          <li>
            <Link to="/messages" className="account-link">
              <Trans>Messages</Trans>
            </Link>
          </li>
        ) : null}
        {can('/notifications') ? (
          <li>
            <Link to="/notifications" className="account-link">
              <Trans>Notifications</Trans>
            </Link>
          </li>
        ) : null}
        <li>
          <Button variant="ghost" className="account-link sign-out" disabled={busy} onClick={() => auth.send({ type: 'auth.logout' })}>
            <Trans>Sign out</Trans>
          </Button>
        </li>
      </ul>
    </div>
  );
}
