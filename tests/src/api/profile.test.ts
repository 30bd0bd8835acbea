// @vitest-environment jsdom
// Opening an owner-only document: the file endpoint wants the bearer token, so the bytes are fetched
// with it and shown from a blob URL in a tab opened inside the click; a refused file closes that tab.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDocument } from '../../../src/api/profile';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'ng-token=; max-age=0; path=/';
});

function fakeTab() {
  return { location: { href: '' }, close: vi.fn() };
}

describe('openDocument', () => {
  it('fetches the file with the bearer token and shows it in the new tab', async () => {
    document.cookie = 'ng-token=tok123; path=/';
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc') }));
    const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'image/png' } }));
    await openDocument('/api/v1/files/abc', fetch as unknown as typeof globalThis.fetch);
    expect(fetch).toHaveBeenCalledWith('/api/v1/files/abc', { headers: { Authorization: 'Bearer tok123' } });
    expect(tab.location.href).toBe('blob:doc');
  });

  it('closes the tab and rejects when the server refuses the file', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const fetch = vi.fn(async () => new Response('{}', { status: 403 }));
    await expect(openDocument('/api/v1/files/abc', fetch as unknown as typeof globalThis.fetch)).rejects.toThrow('file 403');
    expect(tab.close).toHaveBeenCalled();
  });
});
