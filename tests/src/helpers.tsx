// Shared test helpers for client code: an English/Arabic i18n, a recording fetch stub, and a render
// wrapper with the providers the app gives every screen.
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRootRoute,
  type AnyRoute,
} from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '../../src/api/query-client';
import { messages as arMessages } from '../../locales/ar/messages.po';
import { messages as enMessages } from '../../locales/en/messages.po';

/** The contact settings the API answers (GET v1/settings), as several screen tests stub them. */
export const SETTINGS = {
  app_name: 'Noor',
  app_name_ar: 'نور',
  app_name_en: 'Noor',
  contact_email: 'hello@noor.example',
  contact_phone: '+974 4000 0000',
  whatsapp: '',
  address: 'Doha, Qatar',
  address_ar: 'الدوحة، قطر',
  address_en: 'Doha, Qatar',
  free_trial_enabled: true,
  students_count: 10000,
  social_links: {},
};

/** The app's query client (its refetch rule after a route's loader), without retries or the app's toasts. */
export function appQueryClient() {
  const queryClient = createQueryClient({ onError: () => {} });
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

export function makeI18n(locale: 'en' | 'ar' = 'en'): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: locale === 'en' ? enMessages : arMessages });
  return i18n;
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export type Reply = { status: number; json?: unknown; text?: string } | Error;

/**
 * A fetch that records each request and answers from `route(url, method)`. An Error reply makes the
 * fetch reject, as a real one does when no response arrives.
 */
export function fakeFetch(route: (url: string, method: string) => Reply) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof body === 'string' && headers.get('content-type')?.includes('json')) body = JSON.parse(body);
    calls.push({ url, method, headers, body });
    const reply = route(url, method);
    if (reply instanceof Error) throw reply;
    if (reply.json !== undefined) {
      return new Response(JSON.stringify(reply.json), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(reply.text ?? null, { status: reply.status, headers: { 'content-type': 'text/html' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export function renderWithProviders(ui: ReactElement, { i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** After each test of the file: unmount what it rendered and give back the real fetch. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export interface RenderRoutedOptions {
  /** What the root route shows (a screen under test). */
  component?: () => ReactElement;
  /** Child routes under the root, for screens that link or navigate elsewhere. */
  children?: (root: AnyRootRoute) => AnyRoute[];
  locale?: 'en' | 'ar';
  /** Answers the API: every fetch goes through it and is recorded in `calls`. Without it the test stubs fetch itself. */
  route?: (url: string, method: string) => Reply;
  path?: string;
  /** History entries before `path` (a visit that came from another page). */
  before?: string[];
}

/**
 * Renders a screen the way the app does — i18n, the app's query client (its error presenter is the
 * recorded `onError`), a memory router — with the API answered by `route`.
 */
export function renderRouted({ component, children, locale = 'en', route, path = '/', before = [] }: RenderRoutedOptions) {
  const fake = route ? fakeFetch(route) : null;
  if (fake) vi.stubGlobal('fetch', fake.fetch);
  const onError = vi.fn();
  const queryClient = createQueryClient({ onError });
  const root = createRootRoute(component ? { component } : {});
  const routeTree = children ? root.addChildren(children(root)) : root;
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [...before, path] }) });
  const { unmount } = render(
    <I18nProvider i18n={makeI18n(locale)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { calls: fake?.calls ?? [], router, queryClient, onError, unmount, user: userEvent.setup() };
}
