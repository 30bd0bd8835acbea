// Shared test helpers for client code: an English/Arabic i18n, a recording fetch stub, and a render
// wrapper with the providers the app gives every screen.
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { messages as arMessages } from '../../locales/ar/messages.po';
import { messages as enMessages } from '../../locales/en/messages.po';

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
