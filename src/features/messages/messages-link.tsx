// "Messages" in the header for a signed-in family or teacher: a link to the conversations whose
// accessible name carries the unread count ("Messages, 2 unread"), kept live over the private channel.
import './messages.css';
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { Connect } from '../../realtime/watch';
import { unreadMessagesQuery } from '../../api/messages';

export interface MessagesLinkProps {
  /** The signed-in user; without an id the count is shown, not live. */
  userId: number | undefined;
  /** Tests hand in a fake connection. */
  connect?: Connect;
}

export function MessagesLink({ userId, connect }: MessagesLinkProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const unread = useQuery(unreadMessagesQuery());
  const count = unread.data ?? 0;

  useEffect(() => {
    if (userId === undefined) return;
    let undo: (() => void) | undefined;
    let cancelled = false;
    void import('./live').then(({ watchMessages }) => {
      if (!cancelled) undo = watchMessages(userId, queryClient, connect);
    });
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [userId, queryClient, connect]);

  const label = count === 0 ? t`Messages, none unread` : t`Messages, ${count} unread`;
  return (
    <Link
      to="/messages"
      className="button button-ghost button-icon messages-link"
      aria-label={label}
      title={label}
      data-testid="messages-link"
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
        <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM7 9.5h10M7 12.5h6" />
      </svg>
      {count > 0 ? (
        <span className="messages-badge" aria-hidden="true" data-testid="messages-badge">
          {count > 99 ? '99+' : String(count)}
        </span>
      ) : null}
    </Link>
  );
}
