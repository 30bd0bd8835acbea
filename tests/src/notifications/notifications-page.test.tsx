// @vitest-environment jsdom
// The notifications screen: newest first with an icon, a sentence rendered from type + params in the
// viewer's language, a relative time and a link to what it is about; unread items stand out; opening
// one marks it read; "load more" fetches the next page; "mark all read" clears the count.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../contract/notifications';
import { NotificationsPage } from '../../../src/features/notifications/notifications-page';
import { relativeTime } from '../../../src/features/notifications/texts';
import { notification, renderWithRouter } from './render';

const NOW = new Date('2030-03-09T10:00:00.000Z').getTime();

function page(
  items: AppNotification[],
  { page = 1, total = items.length, unread = items.filter((n) => n.read_at === null).length, perPage = 20 } = {},
) {
  return { status: 200, json: { message: 'ok', data: items, meta: { page, per_page: perPage, total, unread_count: unread } } };
}

const first = [
  notification(3),
  notification(2, {
    type: 'payment_completed',
    params: { order_id: 7, hours: 4, package_name_ar: 'باقة البداية', package_name_en: 'Starter' },
    link: { kind: 'packages', id: null },
    created_at: '2030-03-08T10:00:00.000Z',
  }),
  notification(1, {
    type: 'teacher_rejected',
    params: { reason: 'Blurry certificate' },
    link: { kind: 'profile', id: null },
    read_at: '2030-03-01T00:00:00.000Z',
    created_at: '2030-02-20T10:00:00.000Z',
  }),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server(
  over: (url: string, method: string) => ReturnType<typeof page> | { status: number; json: unknown } | undefined = () => undefined,
) {
  return (url: string, method: string) => {
    const custom = over(url, method);
    if (custom) return custom;
    if (url.includes('/v1/notifications/unread-count')) return { status: 200, json: { message: 'ok', data: { unread_count: 2 } } };
    if (url.includes('/v1/notifications?page=1')) return page(first, { total: 3 });
    return { status: 200, json: { message: 'ok', data: {} } };
  };
}

describe('NotificationsPage', () => {
  it('lists newest first with each sentence, relative time, unread styling and its link', async () => {
    renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, { route: server() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.dataset.testid)).toEqual(['notification-3', 'notification-2', 'notification-1']);

    const approved = within(items[0]!);
    expect(approved.getByText(/\u2068أحمد الكواري\u2069 accepted your Mathematics session on/)).toBeTruthy();
    expect(approved.getByText('5 minutes ago')).toBeTruthy();
    expect(items[0]!.dataset.unread).toBe('true');
    expect(approved.getByRole('link').getAttribute('href')).toBe('/session-details/43');
    expect(approved.getByText(/Unread/)).toBeTruthy();

    expect(within(items[1]!).getByText('Payment received: 4 hours of Starter added to your balance.')).toBeTruthy();
    expect(within(items[1]!).getByText('yesterday')).toBeTruthy();
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/packages');

    expect(within(items[2]!).getByText('Your teacher application was not accepted. Reason: Blurry certificate')).toBeTruthy();
    expect(items[2]!.dataset.unread).toBe('false');
    expect(within(items[2]!).queryByText(/Unread/)).toBeNull();
    expect(within(items[2]!).getByRole('link').getAttribute('href')).toBe('/profile');
  });

  it('renders the sentence and the relative time in Arabic for an Arabic viewer', async () => {
    renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, { locale: 'ar', route: server() });
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText(/تم قبول حصة الرياضيات .* مع أحمد الكواري/)).toBeTruthy();
    expect(within(items[0]!).getByText(relativeTime('2030-03-09T09:55:00.000Z', 'ar', NOW))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'الإشعارات' })).toBeTruthy();
  });

  it('opening an unread notification marks it read and follows its link', async () => {
    const { calls, user, router } = renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, {
      route: server((url, method) =>
        method === 'POST' && url.endsWith('/v1/notifications/3/read')
          ? {
              status: 200,
              json: { message: 'ok', data: { notification: { ...first[0], read_at: '2030-03-09T10:00:00.000Z' }, unread_count: 1 } },
            }
          : undefined,
      ),
    });
    await user.click(await screen.findByTestId('notification-link-3'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/v1/notifications/3/read'))).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/session-details/43'));
  });

  it('opening one already read does not mark it again', async () => {
    const { calls, user } = renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, { route: server() });
    await user.click(await screen.findByTestId('notification-link-1'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('"load more" fetches the next page and appends it, then disappears', async () => {
    const older = [
      notification(0, {
        type: 'request_expired',
        params: { request_id: 9, subject_en: 'Science', starts_at: '2030-01-01T08:00:00.000Z' },
        link: { kind: 'request', id: 9 },
      }),
    ];
    const { user } = renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, {
      route: server((url) =>
        url.includes('page=1')
          ? page(first, { total: 4, perPage: 3 })
          : url.includes('page=2')
            ? page(older, { page: 2, total: 4, perPage: 3 })
            : undefined,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    expect(screen.getByText(/Your Science session request for .* expired without an answer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('"mark all as read" posts once and clears the unread styling', async () => {
    let all = false;
    const { calls, user } = renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, {
      route: server((url, method) => {
        if (method === 'POST' && url.endsWith('/v1/notifications/read-all')) {
          all = true;
          return { status: 200, json: { message: 'ok', data: { unread_count: 0 } } };
        }
        if (url.includes('page=1') && all)
          return page(
            first.map((n) => ({ ...n, read_at: n.read_at ?? '2030-03-09T10:00:00.000Z' })),
            { unread: 0 },
          );
        if (url.includes('unread-count') && all) return { status: 200, json: { message: 'ok', data: { unread_count: 0 } } };
        return undefined;
      }),
    });
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(screen.getAllByRole('listitem').every((li) => li.dataset.unread === 'false')).toBe(true));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      '/api/v1/notifications/read-all',
    ]);
  });

  it('names the child a lesson notification is about: full name for the family, first name and phase for a teacher', async () => {
    const child = { id: 7, first_name: 'مريم', last_name: 'الكواري', phase: { id: 2, name: 'الصف الثاني' } };
    const withChild = (c: typeof child | (Omit<typeof child, 'last_name'> & { last_name: null })) =>
      server((url) =>
        url.includes('page=1') ? page([notification(3, { params: { ...notification(3).params, child: c } }), first[1]!]) : undefined,
      );
    renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, { locale: 'ar', route: withChild(child) });
    expect((await screen.findByTestId('notification-3-child')).textContent).toBe('للطفل: مريم الكواري');
    // A payment is about no child.
    expect(screen.queryByTestId('notification-2-child')).toBeNull();
    cleanup();

    renderWithRouter(() => <NotificationsPage side="teacher" now={() => NOW} />, { route: withChild({ ...child, last_name: null }) });
    expect((await screen.findByTestId('notification-3-child')).textContent).toBe('For: مريم · الصف الثاني');
  });

  it('a proposal to move a session offers "Accept or decline", which opens the session details; its answers do not', async () => {
    const step = (id: number, proposal: 'proposed' | 'accepted') =>
      notification(id, {
        type: 'request_rescheduled',
        params: { ...notification(id).params, proposal, proposed_starts_at: '2030-03-12T14:00:00.000Z' },
      });
    const { calls, user, router } = renderWithRouter(() => <NotificationsPage side="teacher" now={() => NOW} />, {
      route: server((url, method) =>
        url.includes('page=1')
          ? page([step(5, 'proposed'), step(4, 'accepted')])
          : method === 'POST' && url.endsWith('/v1/notifications/5/read')
            ? { status: 200, json: { message: 'ok', data: { notification: step(5, 'proposed'), unread_count: 1 } } }
            : undefined,
      ),
    });
    const answer = await screen.findByRole('link', { name: 'Accept or decline' });
    expect(screen.getByTestId('notification-5').textContent).toContain('proposes a new time for the Mathematics session');
    expect(screen.queryByTestId('notification-4-answer')).toBeNull();
    expect(screen.getByTestId('notification-4').textContent).toContain('accepted the new time of the Mathematics session');
    await user.click(answer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/session-details/45'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/v1/notifications/5/read'))).toBe(true);
  });

  it('says so when there is nothing yet', async () => {
    renderWithRouter(() => <NotificationsPage side="student" now={() => NOW} />, {
      route: server((url) =>
        url.includes('page=1')
          ? page([])
          : url.includes('unread-count')
            ? { status: 200, json: { message: 'ok', data: { unread_count: 0 } } }
            : undefined,
      ),
    });
    expect(await screen.findByTestId('notifications-empty')).toBeTruthy();
  });
});
