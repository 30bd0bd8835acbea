// Public pages rendered per request with their data (server/http/ssr.ts): the page is the
// prerender bundle's render of the data the server's own API gives, inside the build's shell; the
// same data (the API's ETags) reuses the page, new data renders again; without data or a bundle the
// caller falls back to the build-time page.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssrPages } from '../../server/http/ssr';

let dir: string;
let staticDir: string;

// A stand-in for dist/prerender/entry-prerender-*.js: counts renders, shows what the API said.
const BUNDLE = `
export const ssrPaths = ["/teachers"];
export async function loadPageData(pathname, locale, fetch) {
  const res = await fetch('http://ssr.invalid/api/v1/teachers', { headers: { 'Accept-Language': locale } });
  if (!res.ok) return null;
  return { queries: [{ queryKey: ['teachers', locale], state: { data: await res.json() } }] };
}
export async function render(url, locale, data) {
  globalThis.__ssrRenders = (globalThis.__ssrRenders ?? 0) + 1;
  return '<main>' + locale + ':' + data.queries[0].state.data.name + '</main>';
}
`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'noor-ssr-'));
  staticDir = path.join(dir, 'client');
  await fs.mkdir(path.join(staticDir, 'prerender/en/ssr'), { recursive: true });
  await fs.mkdir(path.join(dir, 'prerender'));
  await fs.writeFile(path.join(dir, 'prerender/entry-prerender-test.js'), BUNDLE);
  await fs.writeFile(
    path.join(staticDir, 'prerender/en/ssr/teachers.html'),
    '<html><body><div id="root" data-prerendered="en"><!--ssr-body--></div><!--ssr-state--></body></html>',
  );
});

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const renders = () => (globalThis as { __ssrRenders?: number }).__ssrRenders ?? 0;

function api(reply: { name: string; etag: string; status?: number }) {
  return (request: Request) => {
    expect(request.headers.get('accept-language')).toBe('en');
    return new Response(JSON.stringify({ name: reply.name }), { status: reply.status ?? 200, headers: { ETag: reply.etag } });
  };
}

describe('ssrPages', () => {
  it('renders the page with its data in the shell, the data escaped for a <script>', async () => {
    const page = ssrPages(staticDir, api({ name: 'Layla </script><b>', etag: 'W/"v1"' }));
    const result = await page('/teachers', 'en');
    expect(result?.body).toContain('<div id="root" data-prerendered="en"><main>en:Layla </script><b></main></div>');
    const state = /<script type="application\/json" id="noor-query-state">(.*?)<\/script>/.exec(result!.body)?.[1];
    expect(state).not.toContain('<');
    expect(JSON.parse(state!)).toEqual({ queries: [{ queryKey: ['teachers', 'en'], state: { data: { name: 'Layla </script><b>' } } }] });
    expect(result?.etag).toMatch(/^W\/".+"$/);
  });

  it('renders once per version of the data', async () => {
    const reply = { name: 'Omar', etag: 'W/"a"' };
    const page = ssrPages(staticDir, api(reply));
    const before = renders();
    const first = await page('/teachers', 'en');
    expect(await page('/teachers', 'en')).toEqual(first);
    expect(renders() - before).toBe(1);
    reply.name = 'Omar Saleh';
    reply.etag = 'W/"b"';
    const next = await page('/teachers', 'en');
    expect(renders() - before).toBe(2);
    expect(next?.body).toContain('Omar Saleh');
    expect(next?.etag).not.toBe(first?.etag);
  });

  it('leaves other paths, failed reads and a missing bundle to the build-time page', async () => {
    expect(await ssrPages(staticDir, api({ name: 'x', etag: 'W/"x"' }))('/about-us', 'en')).toBeNull();
    expect(await ssrPages(staticDir, api({ name: 'x', etag: 'W/"x"', status: 503 }))('/teachers', 'en')).toBeNull();
    expect(await ssrPages(path.join(dir, 'nowhere', 'client'), api({ name: 'x', etag: 'W/"x"' }))('/teachers', 'en')).toBeNull();
  });

  it('renders nothing from a bundle that does not name its pages (one built before the routes did)', async () => {
    const old = path.join(dir, 'old');
    await fs.mkdir(path.join(old, 'client/prerender/en/ssr'), { recursive: true });
    await fs.mkdir(path.join(old, 'prerender'));
    await fs.writeFile(path.join(old, 'prerender/entry-prerender-old.js'), BUNDLE.replace(/^export const ssrPaths.*$/m, ''));
    await fs.copyFile(path.join(staticDir, 'prerender/en/ssr/teachers.html'), path.join(old, 'client/prerender/en/ssr/teachers.html'));
    expect(await ssrPages(path.join(old, 'client'), api({ name: 'x', etag: 'W/"x"' }))('/teachers', 'en')).toBeNull();
  });
});
