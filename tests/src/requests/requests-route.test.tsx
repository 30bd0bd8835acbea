// @vitest-environment jsdom
// The requests route in the real app: the optional path parts narrow the list the server is asked for
// (a number narrows; `all` is a placeholder), the request id opens that request, and the filter and
// page come from the search. Guards are covered by tests/src/app (login required).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../helpers';
import { renderApp } from '../pages/render-app';
import { detail, page, summary } from './fixtures';

const child = (id: number, first_name: string, archived = false) => ({
  id,
  first_name,
  last_name: 'الكواري',
  gender: 'female',
  phase: { id: 2, name: 'الصف الثاني' },
  birth_date: null,
  archived,
  lessons_taken: 0,
  hours_used: 0,
});

function stub(children: unknown[] = []) {
  const { fetch, calls } = fakeFetch((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname.endsWith('/v1/children')) return { status: 200, json: { message: 'ok', data: children } };
    if (/\/v1\/requests\/\d+$/.test(u.pathname))
      return { status: 200, json: { message: 'ok', data: detail({ id: Number(u.pathname.split('/').pop()) }) } };
    if (u.pathname.endsWith('/v1/requests')) return { status: 200, json: page([summary({ id: 1 })]) };
    return { status: 200, json: { message: 'ok', data: [] } };
  });
  vi.stubGlobal('fetch', fetch);
  const listQuery = () => {
    const call = calls.find((c) => new URL(c.url, 'http://localhost').pathname.endsWith('/v1/requests'));
    return call ? Object.fromEntries(new URL(call.url, 'http://localhost').searchParams) : null;
  };
  return { calls, listQuery };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/requests/{studentId?}/{teacherId?}/{requestId?}', () => {
  it.each([
    ['/requests', { filter: 'all', page: '1' }],
    ['/requests/12', { filter: 'all', page: '1', student_id: '12' }],
    ['/requests/all/7?filter=upcoming', { filter: 'upcoming', page: '1', teacher_id: '7' }],
    ['/requests/all/all?filter=finished&page=3', { filter: 'finished', page: '3' }],
    ['/requests?filter=bogus&page=-2', { filter: 'all', page: '1' }],
    ['/requests?child=8&filter=upcoming', { filter: 'upcoming', page: '1', child_id: '8' }],
    ['/requests?child=abc', { filter: 'all', page: '1' }],
  ])('%s asks the server for %j', async (path, expected) => {
    const { listQuery } = stub();
    await renderApp(path, { locale: 'en', signedIn: true });
    await waitFor(() => expect(listQuery()).toEqual(expected));
  });

  it('a request id opens that request above the list', async () => {
    const { calls } = stub();
    await renderApp('/requests/all/all/40', { locale: 'en', signedIn: true });
    expect(await screen.findByTestId('request-40')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/v1/requests/40'))).toBe(true);
  });

  it('a family with two active children filters by child: a labelled list whose choice goes to the address and the server', async () => {
    const { calls } = stub([child(7, 'مريم'), child(8, 'علي'), child(9, 'سلمى', true)]);
    const { router } = await renderApp('/requests?filter=upcoming&page=2', { locale: 'ar', signedIn: true });
    const select = await screen.findByRole('combobox', { name: 'الطفل' });
    // Active children only (an archived one is not offered), after "all children".
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['كل الأطفال', 'مريم الكواري', 'علي الكواري']);
    const user = userEvent.setup();
    expect(select.tabIndex).toBe(0);
    await user.selectOptions(select, '8');
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'upcoming', child: 8 }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/v1/requests?') && new URL(c.url, 'http://x').searchParams.get('child_id') === '8')).toBe(
        true,
      ),
    );
    // Another status keeps the child; "all children" leaves the filter.
    await user.click(screen.getByRole('tab', { name: 'المنتهية' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'finished', child: 8 }));
    await user.selectOptions(select, '');
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'finished' }));
  });

  it('a family with one active child sees no filter by child', async () => {
    stub([child(7, 'مريم'), child(9, 'سلمى', true)]);
    await renderApp('/requests', { locale: 'ar', signedIn: true });
    expect(await screen.findByTestId('request-1')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'الطفل' })).toBeNull();
  });
});
