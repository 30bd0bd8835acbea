// @vitest-environment jsdom
// The header bell: the unread count in its accessible name and badge, updated live from the user's
// private channel (no reload), and read again when the realtime connection comes back.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../../../src/features/notifications/bell';
import type { RealtimeConnection } from '../../../src/realtime/client';
import { renderWithRouter } from './render';
import { toast } from '../../../src/ui/toast-store';

function fakeConnection() {
  const handlers = new Map<string, (data: unknown) => void>();
  const reconnects = new Set<() => void>();
  const connection: RealtimeConnection = {
    subscribe: <T,>(channel: string, event: string, handler: (data: T) => void) => {
      handlers.set(`${channel} ${event}`, handler as (data: unknown) => void);
      return () => handlers.delete(`${channel} ${event}`);
    },
    onReconnect: (h) => {
      reconnects.add(h);
      return () => reconnects.delete(h);
    },
    onSubscriptionError: () => () => undefined,
    socketId: () => 'sock',
    disconnect: vi.fn(),
  };
  return {
    connect: () => Promise.resolve(connection),
    connection,
    emit: (channel: string, event: string, data: unknown) => handlers.get(`${channel} ${event}`)?.(data),
    reconnect: () => reconnects.forEach((h) => h()),
    subscribed: () => [...handlers.keys()],
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('shows the unread count from the server in its accessible name and badge, and links to the screen', async () => {
    renderWithRouter(() => <NotificationBell userId={undefined} />, {
      route: () => ({ status: 200, json: { message: 'ok', data: { unread_count: 3 } } }),
    });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
  });

  it('says none unread and shows no badge at zero; Arabic name for an Arabic viewer', async () => {
    renderWithRouter(() => <NotificationBell userId={undefined} />, {
      locale: 'ar',
      route: () => ({ status: 200, json: { message: 'ok', data: { unread_count: 0 } } }),
    });
    expect(await screen.findByRole('link', { name: 'الإشعارات، لا يوجد جديد' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('goes up live on notification.created, down on notifications.read, and refetches on reconnect', async () => {
    const live = fakeConnection();
    let served = 1;
    const { calls } = renderWithRouter(() => <NotificationBell userId={12} connect={live.connect} />, {
      route: () => ({ status: 200, json: { message: 'ok', data: { unread_count: served } } }),
    });
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    await waitFor(() =>
      expect([...live.subscribed()].sort()).toEqual(
        [
          'private-user-12 pusher:subscription_succeeded',
          'private-user-12 notification.created',
          'private-user-12 notifications.read',
          'private-user-12 request.offered',
        ].sort(),
      ),
    );
    // Once subscribed, the count is read again (an event may have been missed before).
    const first = calls.filter((c) => c.url.includes('unread-count')).length;
    served = 1;
    live.emit('private-user-12', 'pusher:subscription_succeeded', {});
    await waitFor(() => expect(calls.filter((c) => c.url.includes('unread-count')).length).toBe(first + 1));

    live.emit('private-user-12', 'notification.created', { unread_count: 2 });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy();
    live.emit('private-user-12', 'notifications.read', { unread_count: 0 });
    expect(await screen.findByRole('link', { name: 'Notifications, none unread' })).toBeTruthy();
    // Something malformed changes nothing.
    live.emit('private-user-12', 'notification.created', { unread_count: 'many' });
    expect(screen.getByRole('link', { name: 'Notifications, none unread' })).toBeTruthy();

    // Events were missed while the connection was down: the count is read again.
    const before = calls.filter((c) => c.url.includes('unread-count')).length;
    served = 5;
    live.reconnect();
    expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('unread-count')).length).toBe(before + 1);
  });

  it('leaves the channel and closes its connection when unmounted (sign out)', async () => {
    const live = fakeConnection();
    renderWithRouter(() => <NotificationBell userId={12} connect={live.connect} />, {
      route: () => ({ status: 200, json: { message: 'ok', data: { unread_count: 0 } } }),
    });
    await waitFor(() => expect(live.subscribed()).toHaveLength(4));
    cleanup();
    await waitFor(() => expect(live.connection.disconnect).toHaveBeenCalled());
    expect(live.subscribed()).toEqual([]);
  });
});

describe('urgent request alert', () => {
  it('shows a lasting toast for a new urgent offer still waiting, and nothing for a scheduled one', async () => {
    toast.clear();
    const live = fakeConnection();
    renderWithRouter(() => <NotificationBell userId={12} connect={live.connect} />, {
      route: (url) =>
        url.includes('requests/5')
          ? {
              status: 200,
              json: {
                message: 'ok',
                data: {
                  id: 5,
                  type: 'urgent',
                  status: 'pending',
                  subject: { name: 'Mathematics' },
                  child: { id: 8, first_name: 'مريم', last_name: null, phase: { id: 2, name: 'Grade 2' } },
                },
              },
            }
          : url.includes('requests/6')
            ? { status: 200, json: { message: 'ok', data: { id: 6, type: 'schedule', status: 'pending', subject: { name: 'Physics' } } } }
            : { status: 200, json: { message: 'ok', data: { unread_count: 0 } } },
    });
    await waitFor(() => expect(live.subscribed()).toContain('private-user-12 request.offered'));
    live.emit('private-user-12', 'request.offered', { id: 6 });
    live.emit('private-user-12', 'request.offered', { id: 5 });
    await waitFor(() => expect(toast.getSnapshot().map((m) => m.summary)).toEqual(['New urgent request']));
    const [alert] = toast.getSnapshot();
    // The teacher learns who the lesson is for: the child's first name and school phase.
    expect(alert?.detail).toBe('Mathematics: مريم (Grade 2) needs a session now. Open your requests to answer it.');
    expect(alert?.life).toBe(Infinity);
    toast.clear();
  });
});
