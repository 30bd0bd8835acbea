// @vitest-environment jsdom
// Routes own their data (src/api/client.ts): a route's loader fills the query cache under the keys its
// screen reads, in the viewer's language, once the guard has let the viewer in; a guest's visit to a
// private page reads nothing; a failed read does not fail the route; the build-time render reads nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type StoredSession } from '../../../machines/auth.machine';
import { createApiClient } from '../../../src/api/client';
import { createQueryClient } from '../../../src/api/query-client';
import { settingsQuery } from '../../../src/api/reference';
import { teachersQuery } from '../../../src/api/teachers';
import { createAppRouter } from '../../../src/app/router';
import { balanceQuery, ordersQuery, packagesQuery } from '../../../src/api/packages';
import { student } from '../../machines/auth-fakes';
import { fakeFetch, SETTINGS, type Reply } from '../helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = SETTINGS;
const balance = { hours_remaining: 3, minutes_remaining: 180, expires_at: null, free_trial_available: false };

async function visitor(signedIn: boolean) {
  const auth = createActor(
    authMachine.provide({
      actors: {
        checkLogin: fromPromise<StoredSession>(async () =>
          signedIn ? { account: student, token: student.token } : { account: null, token: null },
        ),
      },
      actions: { clearSession: () => {}, storeSession: () => {}, storeReturn: () => {}, navigate: () => {} },
    }),
  ).start();
  await waitFor(auth, (s) => !s.hasTag('state:loading'));
  return auth;
}

/** The app's router at `path`, its loaders answered by `reply`; nothing rendered. */
async function loadAt(
  path: string,
  {
    signedIn = false,
    locale = 'en' as 'ar' | 'en',
    reply,
    noApi = false,
    hold,
  }: { signedIn?: boolean; locale?: 'ar' | 'en'; reply: (url: string) => Reply; noApi?: boolean; hold?: (url: string) => boolean },
) {
  const faked = fakeFetch((url) => reply(url));
  const calls = faked.calls;
  // A held request never answers (a slow network).
  const fetch: typeof faked.fetch = (input, init) =>
    hold?.(String(input instanceof Request ? input.url : input)) ? new Promise<Response>(() => undefined) : faked.fetch(input, init);
  const api = noApi ? null : createApiClient({ baseURL: 'http://test.invalid/api/', fetch, locale: () => locale, token: () => null });
  const queryClient = createQueryClient({ onError: vi.fn() });
  const auth = await visitor(signedIn);
  const router = createAppRouter(
    { auth, queryClient, api, locale: () => locale },
    { history: createMemoryHistory({ initialEntries: [path] }), isServer: false, origin: 'http://localhost' },
  );
  await router.load();
  return { router, queryClient, calls };
}

describe('route loaders', () => {
  it("fill the cache under the screen's own keys, in the viewer's language", async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { queryClient, calls } = await loadAt('/contact-us', {
        locale,
        reply: (url) =>
          url.endsWith('/v1/settings') ? { status: 200, json: { message: 'ok', data: settings } } : { status: 404, json: {} },
      });
      expect(queryClient.getQueryData(settingsQuery(locale).queryKey)).toEqual(settings);
      expect(calls.map((c) => [new URL(c.url).pathname, c.headers.get('accept-language')])).toEqual([['/api/v1/settings', locale]]);
    }
  });

  it("read a signed-in family's private page, and nothing for a guest the guard sends home", async () => {
    const reply = (url: string): Reply => {
      if (url.endsWith('/v1/balance')) return { status: 200, json: { message: 'ok', data: balance } };
      if (url.endsWith('/v1/packages') || url.endsWith('/v1/orders')) return { status: 200, json: { message: 'ok', data: [] } };
      return { status: 404, json: { message: 'not found' } };
    };
    const family = await loadAt('/packages', { signedIn: true, reply });
    expect(family.router.state.location.pathname).toBe('/packages');
    expect(family.queryClient.getQueryData(balanceQuery().queryKey)).toEqual(balance);
    expect(family.queryClient.getQueryData(packagesQuery('en').queryKey)).toEqual([]);
    expect(family.queryClient.getQueryData(ordersQuery('en').queryKey)).toEqual([]);

    const guest = await loadAt('/packages', { reply });
    expect(guest.router.state.location.pathname).toBe('/');
    expect(guest.calls).toEqual([]);
  });

  it('leave a failed read to the screen: the route loads, the query keeps its error', async () => {
    const { router, queryClient } = await loadAt('/contact-us', { reply: () => ({ status: 503, json: { message: 'down' } }) });
    expect(router.state.status).toBe('idle');
    expect(router.state.matches.at(-1)?.status).toBe('success');
    expect(queryClient.getQueryState(settingsQuery('en').queryKey)?.status).toBe('error');
  });

  it("read a guest's sign-up the countries its phone field offers", async () => {
    const countries = [{ id: 1, name: 'Qatar', code: 'QA', dial_code: '+974' }];
    const { calls } = await loadAt('/sign-up', {
      reply: (url) =>
        url.endsWith('/v1/countries') ? { status: 200, json: { message: 'ok', data: countries } } : { status: 404, json: {} },
    });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/v1/countries']);
  });

  it('wait for their reads on arrival, not when only the address changes: a filter answers at once', async () => {
    const { router, queryClient } = await loadAt('/teachers', {
      reply: () => ({ status: 404, json: { message: 'not found' } }),
      hold: (url) => url.includes('/v1/teachers?') && url.includes('available'),
    });
    // The list's new answer never comes; the navigation still ends, and the new list is being read.
    await router.navigate({ to: '/teachers', search: { available: true } });
    expect(router.state.location.search).toEqual({ available: true });
    expect(queryClient.getQueryState(teachersQuery({ available: true }, 'en').queryKey)?.fetchStatus).toBe('fetching');
  });

  it('read nothing in the build-time render, which has no API', async () => {
    const { queryClient, calls } = await loadAt('/contact-us', { noApi: true, reply: () => ({ status: 200, json: {} }) });
    expect(calls).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("fill a family's requests list under the key its screen reads, with the request the address names", async () => {
    const list = { message: 'ok', data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };
    const { queryClient, calls } = await loadAt('/requests/-/-/77?filter=upcoming', {
      signedIn: true,
      reply: (url) => (url.includes('/v1/requests/77') ? { status: 404, json: { message: 'not found' } } : { status: 200, json: list }),
    });
    const paths = calls.map((c) => new URL(c.url).pathname + new URL(c.url).search);
    expect(paths).toContain('/api/v1/requests?filter=upcoming&page=1');
    expect(paths).toContain('/api/v1/requests/77');
    // The screen's own key (requests-page.tsx): an exact match, so the screen does not read it again.
    expect(
      queryClient.getQueryState([
        'requests',
        'list',
        'en',
        { filter: 'upcoming', page: 1, studentId: undefined, teacherId: undefined, childId: undefined },
      ])?.status,
    ).toBeDefined();
  });
});
