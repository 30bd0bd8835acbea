// Keeps the requests screens live: while one is mounted for a signed-in user, it listens on that
// user's private channel for `request.updated` / `request.offered` and has TanStack Query read the
// requests (and the balance a refund changes) again, so a page updates without a reload. Pusher does
// not promise delivery, so a reconnect refetches too, and so does the subscription's success (an
// event published before it was in place is otherwise lost). pusher-js is loaded only when the first such
// screen mounts; the one connection is shared and closed when the last screen leaves.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { REQUEST_EVENTS } from '../../contract/request-values';
import { refreshAfterRequestChange } from '../api/requests';
import { connectRealtime, type RealtimeConnection } from './client';
import { userChannel } from './names';

export type Connect = () => Promise<RealtimeConnection>;

let shared: { connect: Connect; connection: Promise<RealtimeConnection>; users: number } | null = null;

function acquire(connect: Connect): Promise<RealtimeConnection> {
  if (!shared || shared.connect !== connect) {
    shared = { connect, connection: connect(), users: 0 };
    // A failed connection is forgotten so the next screen tries again.
    const attempt = shared;
    attempt.connection.catch(() => {
      if (shared === attempt) shared = null;
    });
  }
  shared.users++;
  return shared.connection;
}

function release(connection: Promise<RealtimeConnection>): void {
  if (!shared || shared.connection !== connection) return;
  if (--shared.users > 0) return;
  shared = null;
  void connection.then((c) => c.disconnect()).catch(() => undefined);
}

/**
 * Subscribes `userId`'s channel and refreshes the request caches on every request event and on
 * reconnect. Returns a function that undoes it all (safe to call before the connection is up).
 */
export function watchRequestUpdates(userId: number, queryClient: QueryClient, connect: Connect = connectRealtime): () => void {
  const connection = acquire(connect);
  const refresh = () => void refreshAfterRequestChange(queryClient);
  let undo: Array<() => void> = [];
  let stopped = false;
  void connection
    .then((c) => {
      if (stopped) return;
      const channel = userChannel(userId);
      undo = [
        // Whatever changed between the screen's first read and the subscription is read again.
        c.subscribe(channel, 'pusher:subscription_succeeded', refresh),
        c.subscribe(channel, REQUEST_EVENTS.updated, refresh),
        c.subscribe(channel, REQUEST_EVENTS.offered, refresh),
        c.onReconnect(refresh),
      ];
    })
    // No live updates then; the screens still work by reloading.
    .catch(() => undefined);
  return () => {
    stopped = true;
    for (const u of undo) u();
    undo = [];
    release(connection);
  };
}

/** The React face of watchRequestUpdates; does nothing until the user's id is known. */
export function useRequestUpdates(userId: number | null | undefined, connect?: Connect): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return watchRequestUpdates(userId, queryClient, connect);
  }, [userId, queryClient, connect]);
}
