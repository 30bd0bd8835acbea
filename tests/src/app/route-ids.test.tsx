// @vitest-environment jsdom
// An id in the address is read at its route by the one parser (contract/ids.ts): a malformed one
// shows the localized not-found page and nothing asks the server about it (no screen gets an id 0); a
// good one reaches the screen as its number.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp } from '../pages/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubApi() {
  const fetch = vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return () => (fetch.mock.calls as unknown as Array<[RequestInfo | URL]>).map(([url]) => String(url));
}

describe('an id in the address', () => {
  it.each(['/teachers/abc', '/receipts/0', '/session-details/99999999999', '/children/007/progress', '/messages/-1'])(
    '%s shows the not-found page, and nothing reads that id',
    async (path) => {
      const urls = stubApi();
      await renderApp(path, { locale: 'en', signedIn: true });
      expect(await screen.findByTestId('not-found')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
      expect(urls().filter((url) => /\/v1\/(teachers|orders|requests|children|conversations)\//.test(url))).toEqual([]);
    },
  );

  it('shows the not-found page in Arabic too', async () => {
    stubApi();
    await renderApp('/receipts/abc', { locale: 'ar', signedIn: true });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('الصفحة غير موجودة');
  });

  it('a good one reaches the screen, which reads it', async () => {
    const urls = stubApi();
    await renderApp('/receipts/42', { locale: 'en', signedIn: true });
    expect(screen.queryByTestId('not-found')).toBeNull();
    await vi.waitFor(() => expect(urls()).toContain('/api/v1/orders/42/receipt'));
  });
});
