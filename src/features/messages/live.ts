// Keeps messages live: on the user's private channel, `message.created` (a message for the user, or one
// they wrote in another tab) and `messages.read` (they read a conversation elsewhere) carry the new
// unread total for the header, and the list and that conversation are read again — an open conversation
// then shows the message and the server marks it read. Pusher does not promise delivery, so everything
// is read again after each reconnect.
import type { QueryClient } from '@tanstack/react-query';
import { connectRealtime } from '../../realtime/client';
import { watchUserChannel, type Connect } from '../../realtime/watch';
import { applyUnreadTotal, readUnreadTotal, refreshConversations, refreshMessages } from '../../api/messages';

/** The event names of contract/messages.ts, repeated here so this chunk needs no zod. */
export const MESSAGE_EVENTS = { created: 'message.created', read: 'messages.read' } as const;

function conversationOf(data: unknown): number | null {
  const id = typeof data === 'object' && data !== null ? (data as { conversation_id?: unknown }).conversation_id : undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** Subscribes; the result undoes it all and releases the shared connection. */
export function watchMessages(userId: number, queryClient: QueryClient, connect: Connect = connectRealtime): () => void {
  const onCreated = (data: unknown) => {
    applyUnreadTotal(queryClient, readUnreadTotal(data));
    refreshConversations(queryClient, conversationOf(data));
  };
  const onRead = (data: unknown) => {
    applyUnreadTotal(queryClient, readUnreadTotal(data));
    refreshConversations(queryClient, null);
  };
  const resync = () => void refreshMessages(queryClient);
  return watchUserChannel(userId, { [MESSAGE_EVENTS.created]: onCreated, [MESSAGE_EVENTS.read]: onRead }, resync, connect);
}
