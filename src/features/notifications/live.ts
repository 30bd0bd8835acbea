// Keeps the unread count live: listens on the user's private channel for `notification.created` and
// `notifications.read` (each carries the new count) and, since Pusher does not promise delivery,
// reads the count and the list again whenever the connection comes back. Loaded by the bell only
// after sign-in, so pusher-js (imported by connectRealtime on first use) never reaches the home chunk.
import type { QueryClient } from '@tanstack/react-query';
import { connectRealtime, type RealtimeConnection } from '../../realtime/client';
import { userChannel } from '../../realtime/names';
import { applyUnread, notificationsKeys, readUnread } from './notifications-api';

/** The event names of contract/notifications.ts, repeated here so this chunk needs no zod. */
export const NOTIFICATION_EVENTS = { created: 'notification.created', read: 'notifications.read' } as const;

export type Connect = () => Promise<RealtimeConnection>;

/** Subscribes; the result undoes it all and closes the connection (safe before it is up). */
export function watchNotifications(userId: number, queryClient: QueryClient, connect: Connect = connectRealtime): () => void {
  let stopped = false;
  let undo: Array<() => void> = [];
  const connection = connect();
  void connection
    .then((c) => {
      if (stopped) return;
      const channel = userChannel(userId);
      const onCount = (data: unknown) => applyUnread(queryClient, readUnread(data));
      const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
      undo = [
        // Whatever happened between the first read of the count and the subscription is read again.
        c.subscribe(channel, 'pusher:subscription_succeeded', refetch),
        c.subscribe(channel, NOTIFICATION_EVENTS.created, onCount),
        c.subscribe(channel, NOTIFICATION_EVENTS.read, onCount),
        c.onReconnect(refetch),
      ];
    })
    // No live badge then; the count is still read on focus and on each visit of the screen.
    .catch(() => undefined);
  return () => {
    stopped = true;
    for (const u of undo) u();
    undo = [];
    void connection.then((c) => c.disconnect()).catch(() => undefined);
  };
}
