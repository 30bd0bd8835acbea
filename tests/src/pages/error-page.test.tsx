// @vitest-environment jsdom
// The screen a failed route shows: localized (never the router's English "Something went wrong!"),
// with the server's request id when the failure came from a call, a retry that renders the route
// again, and the way home. The app's router uses it for every route.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import { ofetch } from 'ofetch';
import { QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import { authMachine } from '../../../machines/auth.machine';
import { toApiError } from '../../../src/api/api-error';
import { ErrorPage, requestIdOf } from '../../../src/features/pages/error-page';
import { createAppRouter } from '../../../src/app/router';
import { makeI18n } from '../helpers';
import { Spinner } from '../../../src/ui/spinner';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A failed call as the app's client sees it: ofetch against a fetch that answers 500 with a request id. */
async function failedCall(): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response('{"message":"x"}', { status: 500, headers: { 'content-type': 'application/json', 'x-request-id': 'req-42' } }),
    ),
  );
  return ofetch('/api/v1/anything').catch(toApiError);
}

/** Renders a route that throws `error()` until the returned `heal` is called. */
function renderFailing(locale: 'ar' | 'en', error: () => unknown) {
  // A flag, not a count: React renders a throwing component again before it gives up.
  let broken = true;
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => {
      if (broken) throw error();
      return <h1>Recovered</h1>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: ErrorPage,
  });
  render(
    <I18nProvider i18n={makeI18n(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return {
    heal: () => {
      broken = false;
    },
  };
}

describe('the error screen', () => {
  it('reads the request id of a failed call, through a cause chain', async () => {
    const apiError = await failedCall();
    expect(requestIdOf(apiError)).toBe('req-42');
    expect(requestIdOf(new Error('wrapped', { cause: apiError }))).toBe('req-42');
    expect(requestIdOf(new Error('plain'))).toBeNull();
  });

  it('is Arabic in Arabic, names the request id and offers home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const apiError = await failedCall();
    renderFailing('ar', () => apiError);
    expect(await screen.findByRole('heading', { level: 1, name: 'حدث خطأ ما' })).toBeTruthy();
    expect(screen.getByTestId('error-request-id').textContent).toContain('req-42');
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' }).getAttribute('href')).toBe('/');
    expect(document.body.textContent).not.toContain('Something went wrong!');
  });

  it('in English, without a request id for a client error, and Try again renders the route again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { heal } = renderFailing('en', () => new TypeError('boom'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByTestId('error-request-id')).toBeNull();
    heal();
    await act(() => userEvent.setup().click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });

  it('is the app router’s screen for every route', () => {
    const router = createAppRouter({ auth: createActor(authMachine), queryClient: new QueryClient(), locale: () => 'en' });
    expect(router.options.defaultErrorComponent).toBe(ErrorPage);
    // A load over a second shows the localized spinner, not nothing.
    expect(router.options.defaultPendingComponent).toBe(Spinner);
  });
});
