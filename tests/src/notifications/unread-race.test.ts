// A count pushed over the channel (or returned by "mark read") is newer than a read of the count that
// was already on its way: the older answer must not overwrite it. The e2e bell test once stayed at
// "1 unread" because the re-read on subscribing landed after the pushed "2".
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { applyUnread, notificationsKeys, unreadCountQuery } from '../../../src/api/notifications';

function slowCount() {
  let answer: (count: number) => void = () => undefined;
  const client = (() =>
    new Promise<unknown>((resolve) => {
      answer = (n) => resolve({ message: 'ok', data: { unread_count: n } });
    })) as ApiClient;
  return { client, answer: (n: number) => answer(n) };
}

describe('applyUnread against a read already in flight', () => {
  it('keeps the pushed count when the older read answers afterwards', async () => {
    const queryClient = new QueryClient();
    const server = slowCount();
    const read = queryClient.fetchQuery(unreadCountQuery(server.client)).catch(() => undefined);
    applyUnread(queryClient, 2, { refetchList: false });
    server.answer(1);
    await read;
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(notificationsKeys.unread)).toBe(2);
    expect(queryClient.getQueryState(notificationsKeys.unread)?.fetchStatus).toBe('idle');
  });

  it('without a push, the read answers as usual', async () => {
    const queryClient = new QueryClient();
    const server = slowCount();
    const read = queryClient.fetchQuery(unreadCountQuery(server.client));
    server.answer(4);
    expect(await read).toBe(4);
    expect(queryClient.getQueryData(notificationsKeys.unread)).toBe(4);
  });
});
