// Keeps the requests screens live: while one is mounted for a signed-in user, it listens on that
// user's private channel for `request.updated` / `request.offered` and has TanStack Query read the
// requests (and the balance a refund changes) again, so a page updates without a reload. Pusher does
// not promise delivery, so a reconnect refetches too, and so does the subscription's success (an
// event published before it was in place is otherwise lost). pusher-js is loaded only when the first such
// screen mounts; the connection is the app's shared one (./watch).
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { REQUEST_EVENTS } from '../../contract/request-values';
import { refreshAfterRequestChange } from '../api/requests';
import { connectRealtime } from './client';
import { watchUserChannel, type Connect } from './watch';

export type { Connect };

/**
 * Subscribes `userId`'s channel and refreshes the request caches on every request event and on
 * reconnect. Returns a function that undoes it all (safe to call before the connection is up).
 */
export function watchRequestUpdates(userId: number, queryClient: QueryClient, connect: Connect = connectRealtime): () => void {
  const refresh = () => void refreshAfterRequestChange(queryClient);
  return watchUserChannel(userId, { [REQUEST_EVENTS.updated]: refresh, [REQUEST_EVENTS.offered]: refresh }, refresh, connect);
}

/** The React face of watchRequestUpdates; does nothing until the user's id is known. */
export function useRequestUpdates(userId: number | null | undefined, connect?: Connect): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return watchRequestUpdates(userId, queryClient, connect);
  }, [userId, queryClient, connect]);
}
