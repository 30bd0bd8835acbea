// Server data of the notifications: the unread count (the bell), the paged list (the screen) and the
// two calls that mark read. The count is read without zod (a hand-written guard through the same
// reader): the bell is in the header of every page and must not pull the full zod build into the entry
// chunk; the screen's list is checked against the contract, its schema loaded beside the request.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { type AnswerSchema, api, type ApiClient, readAnswer } from './client';

/** The list's schema, loaded beside the request: zod stays out of the bell's chunk. */
async function loadNotificationPageSchema() {
  const { notificationPageSchema: schema } = await import('../../contract/notifications');
  return schema;
}

export const notificationsKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

/** `{ unread_count }` from an answer or a realtime event; null when it is not that shape. */
export function readUnread(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const n = (value as { unread_count?: unknown }).unread_count;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** An answer whose data may carry `{ unread_count }`: the count, or null (never a failure: a bell stays quiet). */
const unreadAnswer: AnswerSchema<number | null> = {
  parse: (answer) => readUnread(typeof answer === 'object' && answer !== null ? (answer as { data?: unknown }).data : undefined),
};

/** Notifications arrived or were read elsewhere (an event, a reconnection): count and list are read again. */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
}

export function unreadCountQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: notificationsKeys.unread,
    queryFn: async ({ signal }) => (await readAnswer(client('v1/notifications/unread-count', { signal }), unreadAnswer)) ?? 0,
    staleTime: 30_000,
  });
}

export function notificationsListQuery(client: ApiClient = api) {
  return infiniteQueryOptions({
    queryKey: notificationsKeys.list,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      readAnswer(client('v1/notifications', { signal, query: { page: pageParam } }), loadNotificationPageSchema),
    getNextPageParam: (last) => (last.meta.page * last.meta.per_page < last.meta.total ? last.meta.page + 1 : undefined),
    staleTime: 0,
  });
}

/** A new count from the server (an answer or an event): the bell shows it at once, the list reloads. */
export function applyUnread(queryClient: QueryClient, count: number | null, { refetchList = true } = {}): void {
  if (count !== null) {
    queryClient.setQueryData(notificationsKeys.unread, count);
    // A read of the count already on its way started before this news and would overwrite it with an
    // older number; cancelled, the query keeps the count just set (setQueryData is what it reverts to).
    void queryClient.cancelQueries({ queryKey: notificationsKeys.unread, exact: true });
  }
  if (refetchList) void queryClient.invalidateQueries({ queryKey: notificationsKeys.list });
}

export async function markNotificationRead(id: number, client: ApiClient = api): Promise<number | null> {
  return readAnswer(client(`v1/notifications/${id}/read`, { method: 'POST' }), unreadAnswer);
}

export async function markAllNotificationsRead(client: ApiClient = api): Promise<number | null> {
  return readAnswer(client('v1/notifications/read-all', { method: 'POST' }), unreadAnswer);
}
