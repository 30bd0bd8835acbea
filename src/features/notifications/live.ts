// Keeps the unread count live: listens on the user's private channel for `notification.created` and
// `notifications.read` (each carries the new count) and, since Pusher does not promise delivery,
// reads the count and the list again whenever the connection comes back. Loaded by the bell only
// after sign-in, so pusher-js (imported by connectRealtime on first use) never reaches the home chunk.
import type { QueryClient } from '@tanstack/react-query';
import { connectRealtime } from '../../realtime/client';
import { watchUserChannel, type Connect } from '../../realtime/watch';
import { applyUnread, readUnread, refreshNotifications } from '../../api/notifications';

/** The event names of contract/notifications.ts, repeated here so this chunk needs no zod. */
export const NOTIFICATION_EVENTS = { created: 'notification.created', read: 'notifications.read' } as const;

export type { Connect };

/** Subscribes; the result undoes it all and releases the shared connection (safe before it is up). */
export function watchNotifications(userId: number, queryClient: QueryClient, connect: Connect = connectRealtime): () => void {
  const onCount = (data: unknown) => applyUnread(queryClient, readUnread(data));
  const refetch = () => void refreshNotifications(queryClient);
  // Without a connection there is no live badge; the count is still read on focus and on each visit.
  return watchUserChannel(userId, { [NOTIFICATION_EVENTS.created]: onCount, [NOTIFICATION_EVENTS.read]: onCount }, refetch, connect);
}
