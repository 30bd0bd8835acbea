// The notifications screen: newest first, paged ("load more"), each item with an icon, its
// sentence in the viewer's language, the child a lesson notification is about, a relative time and a
// link to what it is about; opening one marks it read; "mark all read" clears the badge.
import './notifications.css';
import { Link } from '@tanstack/react-router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AppNotification, NotificationType } from '../../../contract/notifications';
import { ForChild } from '../../domain/child-label';
import { BookAnotherTeacher } from '../../domain/request-actions';
import { formatDateTime } from '../../domain/time';
import type { LessonSide } from '../../domain/viewer';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import {
  applyUnread,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsListQuery,
  unreadCountQuery,
} from '../../api/notifications';
import { notificationSentence, relativeTime } from './texts';

const ICONS: Record<'request' | 'reminder' | 'payment' | 'account' | 'message', string> = {
  request: 'M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 10h18M8 3v4M16 3v4',
  reminder: 'M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM12 8v4l3 2M4 4l2.5 2M20 4l-2.5 2',
  payment: 'M3 6h18v12H3zM3 10h18M7 15h4',
  account: 'M12 3l8 3v6c0 4.6-3.4 8.3-8 9-4.6-.7-8-4.4-8-9V6zM8.5 12l2.5 2.5 4.5-4.5',
  message: 'M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM7 9.5h10M7 12.5h6',
};

function iconOf(type: NotificationType): keyof typeof ICONS {
  if (type.startsWith('session_reminder_')) return 'reminder';
  if (type.startsWith('request_')) return 'request';
  if (type.startsWith('payment_')) return 'payment';
  if (type === 'message_received') return 'message';
  return 'account';
}

function ItemLink({ n, onOpen, children }: { n: AppNotification; onOpen: () => void; children: React.ReactNode }) {
  const common = { className: 'notification-link', onClick: onOpen, 'data-testid': `notification-link-${n.id}` };
  switch (n.link.kind) {
    case 'request':
      return n.link.id !== null ? (
        <Link to="/session-details/$requestId" params={{ requestId: String(n.link.id) }} {...common}>
          {children}
        </Link>
      ) : (
        <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}} {...common}>
          {children}
        </Link>
      );
    case 'requests':
      return (
        <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}} {...common}>
          {children}
        </Link>
      );
    case 'packages':
      return (
        <Link to="/packages" {...common}>
          {children}
        </Link>
      );
    case 'profile':
      return (
        <Link to="/profile" {...common}>
          {children}
        </Link>
      );
    case 'conversation':
      return n.link.id !== null ? (
        <Link to="/messages/$conversationId" params={{ conversationId: String(n.link.id) }} {...common}>
          {children}
        </Link>
      ) : (
        <Link to="/messages" {...common}>
          {children}
        </Link>
      );
  }
}

export interface NotificationsPageProps {
  /** Which side of lessons the reader is on: how the child a notification is about is named. */
  side: LessonSide;
  now?: () => number;
}

export function NotificationsPage({ side, now = Date.now }: NotificationsPageProps) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(notificationsListQuery());
  const unread = useQuery(unreadCountQuery());
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const unreadCount = unread.data ?? list.data?.pages[0]?.meta.unread_count ?? 0;

  // Callbacks on the hook (not on mutate) still run after the link has left this screen.
  const markOne = useMutation({
    mutationFn: (id: number) => markNotificationRead(id),
    onSuccess: (count) => applyUnread(queryClient, count),
  });
  const markAll = useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onSuccess: (count) => applyUnread(queryClient, count),
  });

  const open = (n: AppNotification) => {
    if (n.read_at === null) markOne.mutate(n.id);
  };

  return (
    <section className="page container notifications-page" aria-labelledby="notifications-title">
      <div className="notifications-head">
        <h1 id="notifications-title">
          <Trans>Notifications</Trans>
        </h1>
        <Button
          variant="ghost"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="mark-all-read"
        >
          <Trans>Mark all as read</Trans>
        </Button>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="muted">
          <Trans>Your notifications could not be loaded. Please try again later.</Trans>
        </p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="notifications-empty">
          <Trans>You have no notifications yet.</Trans>
        </p>
      ) : (
        <ul className="notification-list" aria-label={t`Notifications, newest first`}>
          {items.map((n) => {
            const isUnread = n.read_at === null;
            return (
              <li
                key={n.id}
                className={isUnread ? 'notification-item notification-unread' : 'notification-item'}
                data-testid={`notification-${n.id}`}
                data-unread={isUnread}
              >
                <ItemLink n={n} onOpen={() => open(n)}>
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
                    className="icon notification-icon"
                  >
                    <path d={ICONS[iconOf(n.type)]} />
                  </svg>
                  <span className="notification-body">
                    {isUnread ? (
                      <span className="visually-hidden">
                        <Trans>Unread:</Trans>{' '}
                      </span>
                    ) : null}
                    <span className="notification-text">{notificationSentence(i18n, n)}</span>
                    {n.params.child ? (
                      <ForChild child={n.params.child} side={side} as="line" testId={`notification-${n.id}-child`} />
                    ) : null}
                    <time
                      className="notification-time muted small"
                      dateTime={n.created_at}
                      title={formatDateTime(n.created_at, i18n.locale)}
                    >
                      {relativeTime(n.created_at, i18n.locale, now())}
                    </time>
                  </span>
                </ItemLink>
                {n.type === 'request_canceled' && n.params.subject_id !== undefined && side === 'student' ? (
                  <div className="notification-action">
                    <BookAnotherTeacher subjectId={n.params.subject_id} />
                  </div>
                ) : null}
                {n.type === 'request_rescheduled' && n.params.proposal === 'proposed' && n.link.id !== null ? (
                  // A proposal waits for this reader's answer: say where to give it.
                  <div className="notification-action">
                    <Link
                      to="/session-details/$requestId"
                      params={{ requestId: String(n.link.id) }}
                      className="button button-primary"
                      onClick={() => open(n)}
                      data-testid={`notification-${n.id}-answer`}
                    >
                      <Trans>Accept or decline</Trans>
                    </Link>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button variant="ghost" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} data-testid="load-more">
          <Trans>Load more</Trans>
        </Button>
      ) : null}
    </section>
  );
}
