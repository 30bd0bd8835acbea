// @vitest-environment jsdom
// The header's Messages link: the unread total in its accessible name and badge, updated live from the
// user's private channel (a new message, or a conversation read in another tab) without a reload.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessagesLink } from '../../../src/features/messages/messages-link';
import type { RealtimeConnection } from '../../../src/realtime/client';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

cleanUpAfterEach();

function fakeConnection() {
  const handlers = new Map<string, (data: unknown) => void>();
  const connection: RealtimeConnection = {
    subscribe: <T,>(channel: string, event: string, handler: (data: T) => void) => {
      handlers.set(`${channel} ${event}`, handler as (data: unknown) => void);
      return () => handlers.delete(`${channel} ${event}`);
    },
    onReconnect: () => () => undefined,
    onSubscriptionError: () => () => undefined,
    socketId: () => 'sock',
    disconnect: vi.fn(),
  };
  return {
    connect: () => Promise.resolve(connection),
    emit: (channel: string, event: string, data: unknown) => handlers.get(`${channel} ${event}`)?.(data),
    subscribed: () => [...handlers.keys()],
  };
}

const list = (total: number): Reply => ({ status: 200, json: { message: 'ok', data: [], meta: { unread_total: total } } });

describe('MessagesLink', () => {
  it('shows the unread total in its name and badge and links to the conversations', async () => {
    renderRouted({ component: () => <MessagesLink userId={undefined} />, route: () => list(3) });
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(screen.getByTestId('messages-badge').textContent).toBe('3');
  });

  it('has no badge at zero, and an Arabic name for an Arabic viewer', async () => {
    renderRouted({ component: () => <MessagesLink userId={undefined} />, locale: 'ar', route: () => list(0) });
    expect(await screen.findByRole('link', { name: 'الرسائل، لا يوجد جديد' })).toBeTruthy();
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });

  it('goes up live on message.created and down on messages.read', async () => {
    const live = fakeConnection();
    renderRouted({ component: () => <MessagesLink userId={7} connect={live.connect} />, route: () => list(1) });
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    await waitFor(() =>
      expect(live.subscribed()).toEqual(expect.arrayContaining(['private-user-7 message.created', 'private-user-7 messages.read'])),
    );
    live.emit('private-user-7', 'message.created', { conversation_id: 4, message_id: 90, unread_total: 2 });
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeTruthy();
    expect(screen.getByTestId('messages-badge').textContent).toBe('2');
    live.emit('private-user-7', 'messages.read', { conversation_id: 4, unread_total: 0 });
    expect(await screen.findByRole('link', { name: 'Messages, none unread' })).toBeTruthy();
    // A malformed event changes nothing.
    live.emit('private-user-7', 'message.created', { unread_total: -1 });
    expect(screen.getByRole('link', { name: 'Messages, none unread' })).toBeTruthy();
  });
});
