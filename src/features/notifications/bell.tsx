// The bell in the header for a signed-in user: a link to the notifications screen whose accessible
// name carries the unread count ("Notifications, 3 unread"), kept live over the user's private channel.
import './bell.css';
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { RealtimeConnection } from '../../realtime/client';
import { unreadCountQuery } from '../../api/notifications';

export interface NotificationBellProps {
  /** The signed-in user; without an id (an old stored session) the count is still shown, not live. */
  userId: number | undefined;
  /** Tests hand in a fake connection. */
  connect?: () => Promise<RealtimeConnection>;
}

export function NotificationBell({ userId, connect }: NotificationBellProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQuery());
  const count = unread.data ?? 0;

  useEffect(() => {
    if (userId === undefined) return;
    let undo: (() => void) | undefined;
    let cancelled = false;
    // The realtime wiring (and, through it, pusher-js) is its own chunk.
    void Promise.all([import('./live'), import('./urgent-alert')]).then(([{ watchNotifications }, { watchUrgentOffers }]) => {
      if (cancelled) return;
      const undoCount = watchNotifications(userId, queryClient, connect);
      // A teacher is alerted to a new urgent request wherever they are in the app.
      const undoUrgent = watchUrgentOffers(userId, i18n, connect);
      undo = () => {
        undoCount();
        undoUrgent();
      };
    });
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [userId, queryClient, connect, i18n]);

  const label = count === 0 ? t`Notifications, none unread` : t`Notifications, ${count} unread`;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <Link
      to="/notifications"
      className="button button-ghost button-icon notification-bell"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="icon"
      >
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />
      </svg>
      {count > 0 ? (
        <span className="notification-badge" aria-hidden="true" data-testid="notification-badge">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
