// @vitest-environment jsdom
// The requests route in the real app: the optional path parts narrow the list the server is asked for
// (a number narrows; `all` is a placeholder), the request id opens that request, and the filter and
// page come from the search. Guards are covered by tests/src/app (login required).
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../helpers';
import { renderApp } from '../pages/render-app';
import { detail, page, summary } from './fixtures';

function stub() {
  const { fetch, calls } = fakeFetch((url) => {
    const u = new URL(url, 'http://localhost');
    if (/\/v1\/requests\/\d+$/.test(u.pathname)) return { status: 200, json: { message: 'ok', data: detail({ id: Number(u.pathname.split('/').pop()) }) } };
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
});
