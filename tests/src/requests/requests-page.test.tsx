// @vitest-environment jsdom
// The requests screen as a teacher and a student use it: the filters as tabs that go to the address,
// the narrowing path parts sent to the server, status labels in words, the buttons the server's
// request machine allows (approve / reject / cancel with a confirm dialog saying the hours come back),
// a refused action toasted and the list read again, paging, the opened request, and live updates
// from the user's private channel (events and reconnects refetch without a reload).
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestFilter, RequestSummary } from '../../../contract/requests';
import { RequestsPage, type RequestsPageProps } from '../../../src/features/requests/requests-page';
import { fakeFetch, type Reply } from '../helpers';
import { arabicChild, childForTeacher, detail, fakeRealtime, page, renderScreen, summary } from './fixtures';

interface Server {
  /** The list's body (200). */
  list: () => unknown;
  detail?: (id: number) => Reply;
  action?: (id: number, action: string) => Reply;
}

function stub(server: Server) {
  const { fetch, calls } = fakeFetch((url, method) => {
    const u = new URL(url, 'http://localhost');
    const m = u.pathname.match(/\/v1\/requests\/(\d+)(?:\/(\w+))?$/);
    if (m && method === 'POST') return server.action?.(Number(m[1]), m[2] ?? '') ?? { status: 500, json: { message: 'no' } };
    if (m) return server.detail?.(Number(m[1])) ?? { status: 404, json: { message: 'Not found' } };
    if (u.pathname.endsWith('/v1/requests')) return { status: 200, json: server.list() };
    return { status: 200, json: { message: 'ok', data: [] } };
  });
  vi.stubGlobal('fetch', fetch);
  const lists = () => calls.filter((c) => new URL(c.url, 'http://localhost').pathname.endsWith('/v1/requests') && c.method === 'GET');
  return { calls, lists };
}

function renderPage(props: Partial<RequestsPageProps> = {}, locale: 'en' | 'ar' = 'en') {
  const realtime = fakeRealtime();
  const handlers = { onFilterChange: vi.fn(), onPageChange: vi.fn(), onShowAll: vi.fn() };
  const all: RequestsPageProps = {
    viewer: { id: 20, role: 'teacher' },
    filter: 'all',
    page: 1,
    connect: realtime.connect,
    ...handlers,
    ...props,
  };
  const rendered = renderScreen(() => <RequestsPage {...all} />, locale);
  return { ...rendered, ...handlers, realtime, user: userEvent.setup() };
}

const card = (id: number) => screen.findByTestId(`request-${id}`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequestsPage — a teacher', () => {
  it('lists incoming and offered requests with the status in words and approve/reject where the machine allows', async () => {
    stub({
      list: () =>
        page([
          summary({ id: 1, actions: ['approve', 'reject'], child: childForTeacher }),
          summary({ id: 2, status: 'approved', actions: [], child: childForTeacher }),
          summary({
            id: 3,
            broadcast: true,
            offered: true,
            actions: ['approve', 'reject'],
            student: { id: 11, first_name: 'Huda', last_name: 'Nasser' },
          }),
        ]),
    });
    renderPage();
    const first = within(await card(1));
    expect(first.getByText('Pending')).toBeTruthy();
    // The learner is the child, by first name and phase; the family account's own name is not shown.
    expect(first.getByTestId('request-1-child').textContent).toBe('Maryam · Grade 2');
    expect(first.queryByText('Sara Ali')).toBeNull();
    expect(first.getByText('2 hours')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Approve — request 1' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Reject — request 1' }).className).toContain('button-danger');
    const second = within(await card(2));
    expect(second.getByText('Approved')).toBeTruthy();
    expect(second.queryByRole('button')).toBeNull();
    const offered = within(await card(3));
    expect(offered.getByText(/Offered to you and other teachers of the same level/)).toBeTruthy();
    expect(first.getByRole('link', { name: /Session details/ }).getAttribute('href')).toBe('/session-details/1');
  });

  it('a broadcast another teacher took reads as taken, not approved, with no Join (en and ar)', async () => {
    // Inside the session's window: the winner would see Join; the teacher who lost it must not.
    const taken = summary({
      id: 6,
      status: 'approved',
      broadcast: true,
      offered: true,
      taken_by_other: true,
      actions: [],
      join_channel: null,
      starts_at: '2030-05-05T08:55:00.000Z',
      ends_at: '2030-05-05T09:55:00.000Z',
      child: { ...childForTeacher, id: 0, first_name: '' },
    });
    stub({ list: () => page([taken, summary({ id: 7, status: 'approved', actions: ['join'], join_channel: 'session-mine' })]) });
    renderPage();
    const lost = within(await card(6));
    expect((await card(6)).dataset.taken).toBe('true');
    expect(lost.getByText('Taken by another teacher', { selector: '.request-status' })).toBeTruthy();
    expect(lost.queryByText('Approved')).toBeNull();
    expect(lost.getByTestId('request-6-taken').textContent).toBe(
      'Another teacher accepted this request first. It is not one of your sessions.',
    );
    expect(lost.queryByText(/Offered to you and other teachers/)).toBeNull();
    expect(lost.queryByRole('link', { name: /^Join/ })).toBeNull();
    expect(lost.queryByRole('button')).toBeNull();
    // The teacher's own session next to it keeps its status and its Join.
    const mine = within(await card(7));
    expect(mine.getByText('Approved')).toBeTruthy();
    expect(mine.getByRole('link', { name: /^Join/ })).toBeTruthy();
    cleanup();

    stub({ list: () => page([taken]) });
    renderPage({}, 'ar');
    const arabic = within(await card(6));
    expect(arabic.getByText('أخذه معلم آخر', { selector: '.request-status' })).toBeTruthy();
    expect(arabic.getByTestId('request-6-taken').textContent).toBe('قبِل معلم آخر هذا الطلب أولًا. ليس من حصصك.');
    expect(arabic.queryByRole('link', { name: /انضم/ })).toBeNull();
  });

  it('a session whose window is open offers Join on its card, with the time it ends', async () => {
    stub({
      list: () =>
        page([
          summary({ id: 4, status: 'approved', actions: ['join'], join_channel: 'session-abc', ends_at: '2030-05-05T10:00:00.000Z' }),
          summary({ id: 5, status: 'approved', actions: [], join_channel: null }),
        ]),
    });
    renderPage();
    const open = within(await card(4));
    const join = open.getByRole('link', { name: /^Join/ });
    expect(join.getAttribute('href')).toBe('/session/session-abc');
    const ends = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date('2030-05-05T10:00:00.000Z'));
    // Clocks are kept on one line with no-break spaces.
    expect(join.textContent?.replace(/\s/g, ' ')).toContain(`until ${ends.replace(/\s/g, ' ')}`);
    expect(within(await card(5)).queryByRole('link', { name: /^Join/ })).toBeNull();
  });

  it('approving posts to the server, confirms, and reads the list again', async () => {
    let approved = false;
    const { lists } = stub({
      list: () => page([summary({ id: 1, status: approved ? 'approved' : 'pending', actions: approved ? [] : ['approve', 'reject'] })]),
      action: (id, action) => {
        approved = true;
        return { status: 200, json: { message: 'ok', data: detail({ id, status: action === 'approve' ? 'approved' : 'rejected' }) } };
      },
    });
    const { user } = renderPage();
    await user.click(within(await card(1)).getByRole('button', { name: 'Approve — request 1' }));
    await waitFor(() => expect(within(screen.getByTestId('request-1')).getByText('Approved')).toBeTruthy());
    expect(lists().length).toBeGreaterThanOrEqual(2);
  });

  it('reject asks first, with an optional reason that goes to the server; "keep" sends nothing', async () => {
    let rejected = false;
    const { calls } = stub({
      list: () => page([summary({ id: 1, status: rejected ? 'rejected' : 'pending', actions: rejected ? [] : ['approve', 'reject'] })]),
      action: (id) => {
        rejected = true;
        return { status: 200, json: { message: 'ok', data: detail({ id, status: 'rejected', reject_reason: 'Travelling that week.' }) } };
      },
    });
    const { user } = renderPage();
    const posts = () => calls.filter((c) => c.method === 'POST');
    await user.click(within(await card(1)).getByRole('button', { name: 'Reject — request 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the request' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);

    await user.click(within(await card(1)).getByRole('button', { name: 'Reject — request 1' }));
    const again = await screen.findByRole('dialog', { name: 'Reject this request?' });
    await user.type(within(again).getByRole('textbox', { name: 'A reason for the student (optional)' }), 'Travelling that week.');
    await user.click(within(again).getByRole('button', { name: 'Yes, reject it' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.url).toMatch(/\/v1\/requests\/1\/reject$/);
    expect(posts()[0]?.body).toEqual({ reason: 'Travelling that week.' });
    await waitFor(() => expect(within(screen.getByTestId('request-1')).getByText('Rejected')).toBeTruthy());
  });

  it('a refused approval (another teacher was faster) goes to the error catalogue and the list is read again', async () => {
    let taken = false;
    const { lists } = stub({
      list: () => page([summary({ id: 1, status: taken ? 'approved' : 'pending', actions: taken ? [] : ['approve', 'reject'] })]),
      action: () => {
        taken = true;
        return { status: 409, json: { message: 'Another teacher has already approved this request.', code: 'request_not_allowed' } };
      },
    });
    const { user, onError } = renderPage();
    await user.click(within(await card(1)).getByRole('button', { name: 'Approve — request 1' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect((onError.mock.calls[0]?.[0] as { status: number }).status).toBe(409);
    await waitFor(() => expect(within(screen.getByTestId('request-1')).queryByRole('button', { name: /Approve/ })).toBeNull());
    expect(lists().length).toBeGreaterThanOrEqual(2);
  });

  it('a new offer arriving on the private channel, and a reconnect, refresh the list without a reload', async () => {
    let rows: RequestSummary[] = [];
    const { lists } = stub({ list: () => page(rows) });
    const { realtime } = renderPage();
    expect(await screen.findByText('There are no requests yet.')).toBeTruthy();
    await waitFor(() =>
      expect(realtime.subscriptions()).toEqual([
        'private-user-20|pusher:subscription_succeeded',
        'private-user-20|request.updated',
        'private-user-20|request.offered',
      ]),
    );
    rows = [summary({ id: 9, offered: true, broadcast: true, actions: ['approve', 'reject'] })];
    act(() => realtime.fire('private-user-20', 'request.offered', { id: 9 }));
    expect(await card(9)).toBeTruthy();
    const before = lists().length;
    act(() => realtime.reconnect());
    await waitFor(() => expect(lists().length).toBe(before + 1));
  });

  it('leaving the screen unsubscribes and closes the connection', async () => {
    stub({ list: () => page([]) });
    const { realtime, unmount } = renderPage();
    await waitFor(() => expect(realtime.subscriptions().length).toBe(3));
    unmount();
    expect(realtime.subscriptions()).toEqual([]);
    await waitFor(() => expect(realtime.disconnect).toHaveBeenCalled());
  });

  it('narrowed to one student: the server is asked for that student, and "show all" leaves the narrowing', async () => {
    const { lists } = stub({ list: () => page([summary({ id: 1 })]) });
    const { user, onShowAll } = renderPage({ studentId: 10 });
    await card(1);
    const query = new URL(lists()[0]?.url ?? '', 'http://localhost').searchParams;
    expect(query.get('student_id')).toBe('10');
    expect(query.get('teacher_id')).toBeNull();
    expect(screen.getByText(/Showing your requests with one student/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all requests' }));
    expect(onShowAll).toHaveBeenCalled();
  });
});

describe('RequestsPage — a student', () => {
  it('cancel asks first, says the hours come back, and only then posts', async () => {
    const { calls } = stub({
      list: () => page([summary({ id: 4, actions: ['cancel'] })]),
      detail: (id) => ({ status: 200, json: { message: 'ok', data: detail({ id, actions: ['cancel'] }) } }),
      action: (id) => ({ status: 200, json: { message: 'ok', data: detail({ id, status: 'canceled' }) } }),
    });
    const { user } = renderPage({ viewer: { id: 10, role: 'student' } });
    const item = within(await card(4));
    expect(item.getByText('Omar Haddad')).toBeTruthy();
    expect(item.queryByRole('button', { name: /Approve/ })).toBeNull();

    // Destructive, so quieter than the primary action: outlined in the error colour, never gold-filled.
    const cancel = item.getByRole('button', { name: 'Cancel request — request 4' });
    expect(cancel.className).toContain('button-danger');
    expect(cancel.className).not.toMatch(/button-(primary|secondary)\b/);
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    expect(within(dialog).getByText('The 2 hours of this session will be returned to your balance.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the request' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(item.getByRole('button', { name: 'Cancel request — request 4' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/v1/requests/4/cancel'))).toBe(true));
  });

  it('names a woman teacher «المعلمة» and a man «المعلم» on the card (ar)', async () => {
    const teacher = (gender: 'female' | 'male', id: number) => ({ id: 20 + id, first_name: 'هدى', last_name: 'الكعبي', gender });
    stub({ list: () => page([summary({ id: 1, teacher: teacher('female', 1) }), summary({ id: 2, teacher: teacher('male', 2) })]) });
    renderPage({ viewer: { id: 10, role: 'student' } }, 'ar');
    expect(within(await card(1)).getByText('المعلمة')).toBeTruthy();
    expect(within(await card(2)).getByText('المعلم')).toBeTruthy();
    expect(within(await card(2)).queryByText('المعلمة')).toBeNull();
  });

  it('narrowed to one teacher: the server is asked for that teacher', async () => {
    const { lists } = stub({ list: () => page([summary({ id: 1 })]) });
    renderPage({ viewer: { id: 10, role: 'student' }, teacherId: 20 });
    await card(1);
    const query = new URL(lists()[0]?.url ?? '', 'http://localhost').searchParams;
    expect(query.get('teacher_id')).toBe('20');
    expect(screen.getByText(/Showing your requests with one teacher/)).toBeTruthy();
  });

  it('a request paid with the free trial says the free trial comes back', async () => {
    stub({
      list: () => page([summary({ id: 5, duration_hours: 1, actions: ['cancel'] })]),
      detail: (id) => ({
        status: 200,
        json: { message: 'ok', data: detail({ id, duration_hours: 1, paid_with: 'free_trial', actions: ['cancel'] }) },
      }),
    });
    const { user } = renderPage({ viewer: { id: 10, role: 'student' } });
    await user.click(within(await card(5)).getByRole('button', { name: /Cancel request/ }));
    expect(await within(await screen.findByRole('dialog')).findByText('Your free trial session will be available again.')).toBeTruthy();
  });

  it('filters are tabs: the chosen one is selected, another goes to the address, and the server gets the filter', async () => {
    const { lists } = stub({ list: () => page([]) });
    const { user, onFilterChange } = renderPage({ viewer: { id: 10, role: 'student' }, filter: 'upcoming' });
    expect(await screen.findByText('No upcoming sessions.')).toBeTruthy();
    expect(new URL(lists()[0]?.url ?? '', 'http://localhost').searchParams.get('filter')).toBe('upcoming');
    const tabs = screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]);
    expect(tabs).toEqual([
      ['All', 'false'],
      ['New', 'false'],
      ['Current', 'false'],
      ['Upcoming', 'true'],
      ['Finished', 'false'],
      ['Canceled', 'false'],
    ]);
    await user.click(screen.getByRole('tab', { name: 'Finished' }));
    expect(onFilterChange).toHaveBeenLastCalledWith('finished' satisfies RequestFilter);
    screen.getByRole('tab', { name: 'Upcoming' }).focus();
    await user.keyboard('{Home}');
    expect(onFilterChange).toHaveBeenLastCalledWith('all');
  });

  it('pages: where we are, and the next page goes to the address', async () => {
    stub({ list: () => page([summary({ id: 1 })], { total: 45, per_page: 20, page: 2 }) });
    const { user, onPageChange } = renderPage({ viewer: { id: 10, role: 'student' }, page: 2 });
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('a request id in the address opens that request at the top, marked as the current one', async () => {
    stub({
      list: () => page([summary({ id: 1 }), summary({ id: 7, status: 'finished' })]),
      detail: (id) => ({ status: 200, json: { message: 'ok', data: detail({ id, status: 'finished' }) } }),
    });
    renderPage({ viewer: { id: 10, role: 'student' }, requestId: 7 });
    const opened = await screen.findByRole('region', { name: 'The request you opened' });
    const article = await within(opened).findByRole('article');
    expect(article.getAttribute('aria-current')).toBe('true');
    expect(within(article).getByText('Finished')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(article));
  });

  it('a rejected request offers the student another teacher of the same subject', async () => {
    stub({ list: () => page([summary({ id: 1, status: 'rejected' })]) });
    renderPage({ viewer: { id: 10, role: 'student' } });
    const link = within(await card(1)).getByRole('link', { name: 'Book another teacher' });
    expect(link.getAttribute('href')).toMatch(/^\/teachers\?subject=\d+$/);
  });

  it('in Arabic: tabs and status labels', async () => {
    stub({ list: () => page([summary({ id: 1, status: 'rejected' })]) });
    renderPage({ viewer: { id: 10, role: 'student' } }, 'ar');
    expect(within(await card(1)).getByText('مرفوض')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'الكل' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'القادمة' })).toBeTruthy();
  });
});

describe('RequestCard — the child the lesson is for', () => {
  const forChild = (card: HTMLElement) => {
    const value = within(card).getByTestId(`${card.dataset.testid}-child`);
    return { term: value.previousElementSibling?.textContent, value: value.textContent };
  };

  it("a family reads its child's first and last name beside the teacher (en)", async () => {
    stub({ list: () => page([summary({ id: 1 })]) });
    renderPage({ viewer: { id: 10, role: 'student' } });
    const c = await card(1);
    expect(forChild(c)).toEqual({ term: 'For', value: 'Maryam Ali' });
    expect(within(c).getByText('Omar Haddad')).toBeTruthy();
  });

  it('a family reads it in Arabic', async () => {
    stub({ list: () => page([summary({ id: 1, child: arabicChild })]) });
    renderPage({ viewer: { id: 10, role: 'student' } }, 'ar');
    expect(forChild(await card(1))).toEqual({ term: 'للطفل', value: 'مريم الكواري' });
  });

  it('a teacher reads the first name and the phase (en and ar)', async () => {
    stub({ list: () => page([summary({ id: 1, child: childForTeacher })]) });
    renderPage();
    expect(forChild(await card(1))).toEqual({ term: 'For', value: 'Maryam · Grade 2' });
    cleanup();
    stub({ list: () => page([summary({ id: 1, child: { ...arabicChild, last_name: null } })]) });
    renderPage({}, 'ar');
    expect(forChild(await card(1))).toEqual({ term: 'للطفل', value: 'مريم · الصف الثاني' });
  });
});
