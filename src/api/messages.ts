// Conversations and messages (contract/messages.ts) as server data: the list (with the unread total the
// header shows), a conversation's latest page of messages, writing, reporting and opening one from a
// session. The header's count is read without zod (a hand-written guard through the same reader: it
// loads on every signed-in page); the screens check answers against the contract, its schemas loaded
// beside the request.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type AnswerSchema, api, type ApiClient, readAnswer } from './client';
import { messageAnswer } from './message-answer';
import type { ChatMessage, Conversation, MessagePage } from '../../contract/messages';

// Each loader names the one schema it needs: zod loads beside the request, not with the page.
async function loadChatMessageResponseSchema() {
  const { chatMessageResponseSchema: schema } = await import('../../contract/messages');
  return schema;
}
async function loadConversationListSchema() {
  const { conversationListSchema: schema } = await import('../../contract/messages');
  return schema;
}
async function loadConversationResponseSchema() {
  const { conversationResponseSchema: schema } = await import('../../contract/messages');
  return schema;
}
async function loadMessagePageResponseSchema() {
  const { messagePageResponseSchema: schema } = await import('../../contract/messages');
  return schema;
}

export type { ChatMessage, Conversation, MessagePage };

export const messagesKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  list: ['messages', 'list'] as const,
  conversation: (id: number) => ['messages', 'conversation', id] as const,
};

/** `{ unread_total }` from an answer's meta or a realtime event; null when it is not that shape. */
export function readUnreadTotal(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const n = (value as { unread_total?: unknown }).unread_total;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** An answer whose `meta` may carry `{ unread_total }`: the total, or null (never a failure: a badge stays quiet). */
const unreadTotalAnswer: AnswerSchema<number | null> = {
  parse: (answer) => readUnreadTotal(typeof answer === 'object' && answer !== null ? (answer as { meta?: unknown }).meta : undefined),
};

/** The header's badge: the unread total over every conversation. */
export function unreadMessagesQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: messagesKeys.unread,
    queryFn: async ({ signal }) => (await readAnswer(client('v1/conversations', { signal }), unreadTotalAnswer)) ?? 0,
    staleTime: 30_000,
  });
}

/** A new total from the server: the badge shows it at once. */
export function applyUnreadTotal(queryClient: QueryClient, total: number | null): void {
  if (total === null) return;
  queryClient.setQueryData(messagesKeys.unread, total);
  void queryClient.cancelQueries({ queryKey: messagesKeys.unread, exact: true });
}

/** A message came or was read elsewhere: the list is read again, and the conversation `id` when known. */
export function refreshConversations(queryClient: QueryClient, id: number | null): void {
  void queryClient.invalidateQueries({ queryKey: messagesKeys.list });
  if (id !== null) void queryClient.invalidateQueries({ queryKey: messagesKeys.conversation(id) });
}

/** After a reconnection (events may have been missed): everything about messages is read again. */
export function refreshMessages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messagesKeys.all });
}

export function conversationsQuery(queryClient: QueryClient, client: ApiClient = api) {
  return queryOptions({
    queryKey: messagesKeys.list,
    queryFn: async ({ signal }): Promise<Conversation[]> => {
      const res = await readAnswer(client('v1/conversations', { signal }), loadConversationListSchema);
      applyUnreadTotal(queryClient, res.meta.unread_total);
      return res.data;
    },
    staleTime: 0,
  });
}

/** The latest page of a conversation (reading it marks it read on the server). */
export function conversationQuery(queryClient: QueryClient, id: number, client: ApiClient = api) {
  return queryOptions({
    queryKey: messagesKeys.conversation(id),
    queryFn: async ({ signal }): Promise<MessagePage> => {
      const res = await readAnswer(client(`v1/conversations/${id}/messages`, { signal }), loadMessagePageResponseSchema);
      applyUnreadTotal(queryClient, res.meta.unread_total);
      return res.data;
    },
    staleTime: 0,
  });
}

/** Older messages, before the id of the first one shown. */
export async function olderMessages(id: number, before: number, client: ApiClient = api): Promise<MessagePage> {
  const res = await readAnswer(client(`v1/conversations/${id}/messages`, { query: { before } }), loadMessagePageResponseSchema);
  return res.data;
}

export async function sendMessage(queryClient: QueryClient, id: number, body: string, client: ApiClient = api): Promise<ChatMessage> {
  const { data: sent } = await readAnswer(
    client(`v1/conversations/${id}/messages`, { method: 'POST', body: { body } }),
    loadChatMessageResponseSchema,
  );
  queryClient.setQueryData<MessagePage>(messagesKeys.conversation(id), (page) =>
    page && !page.messages.some((m) => m.id === sent.id) ? { ...page, messages: [...page.messages, sent] } : page,
  );
  void queryClient.invalidateQueries({ queryKey: messagesKeys.list });
  return sent;
}

export async function reportMessage(
  queryClient: QueryClient,
  id: number,
  messageId: number,
  reason: string,
  client: ApiClient = api,
): Promise<string> {
  const res = await readAnswer(
    client(`v1/conversations/${id}/messages/${messageId}/report`, { method: 'POST', body: { reason } }),
    messageAnswer,
  );
  queryClient.setQueryData<MessagePage>(messagesKeys.conversation(id), (page) =>
    page ? { ...page, messages: page.messages.map((m) => (m.id === messageId ? { ...m, reported: true } : m)) } : page,
  );
  return res.message;
}

/** Opens (or finds) the conversation with the other party of a session: a teacher id for a family, a family id for a teacher. */
export async function openConversation(
  other: { teacher_id: number } | { family_id: number },
  client: ApiClient = api,
): Promise<Conversation> {
  const res = await readAnswer(client('v1/conversations', { method: 'POST', body: other }), loadConversationResponseSchema);
  return res.data;
}
