// First paint: the built pages carry their start-up script inline, and the CSP the server
// sends allows exactly the inline scripts of the HTML it serves — prerendered, rendered per request or
// the plain app page — by their sha256, never by 'unsafe-inline'.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, writeInlineHashes } from '../../server/http/inline-hashes';
import { testApp } from './helpers';

const BOOT = "(function () { document.documentElement.lang = 'ar'; })();";
const PAGE_SCRIPT = 'window.prerendered = true;';
const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

// A stand-in for dist/prerender/entry-prerender-*.js: the list page with what the real API answered.
const BUNDLE = `
export const ssrPaths = ["/teachers"];
export async function loadPageData(pathname, locale, fetch) {
  const res = await fetch('http://ssr.invalid/api/v1/teachers?page=1&per_page=12', { headers: { 'Accept-Language': locale } });
  return res.ok ? { queries: [{ queryKey: ['teachers'], state: { data: await res.json() } }] } : null;
}
export async function render() { return '<main><h1>Our teachers</h1></main>'; }
`;

let dir: string;
let app: Awaited<ReturnType<typeof testApp>>['app'];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'noor-csp-'));
  const client = path.join(dir, 'client');
  const head = `<script>${BOOT}</script><style>body{color:red}</style><script type="module" crossorigin src="/assets/index.js"></script>`;
  await fs.mkdir(path.join(client, 'prerender/ar'), { recursive: true });
  await fs.mkdir(path.join(client, 'prerender/en/ssr'), { recursive: true });
  await fs.mkdir(path.join(dir, 'prerender'));
  await fs.writeFile(path.join(client, 'index.html'), `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`);
  await fs.writeFile(
    path.join(client, 'prerender/ar/index.html'),
    `<!doctype html><html><head>${head}</head><body><div id="root" data-prerendered="ar"><main>نور</main></div><script>${PAGE_SCRIPT}</script></body></html>`,
  );
  await fs.writeFile(
    path.join(client, 'prerender/en/ssr/teachers.html'),
    `<!doctype html><html><head>${head}</head><body><div id="root" data-prerendered="en"><!--ssr-body--></div><!--ssr-state--></body></html>`,
  );
  await fs.writeFile(path.join(dir, 'prerender/entry-prerender-test.js'), BUNDLE);
  await writeInlineHashes(client);
  ({ app } = await testApp({ staticDir: client }));
});

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, not external scripts or data blocks', () => {
    const html = `<script>${BOOT}</script><script src="/a.js"></script><script type="module">${PAGE_SCRIPT}</script><script type="application/json" id="s">{"a":1}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(BOOT), sha256(PAGE_SCRIPT)]);
  });
});

describe('the CSP of each served page', () => {
  const pages: [string, Record<string, string>, string][] = [
    ['/', {}, 'the prerendered home page'],
    ['/teachers', { Cookie: 'ng-locale=en' }, 'the list rendered per request with its data'],
    ['/profile', {}, 'the plain app page'],
  ];
  for (const [url, headers, what] of pages) {
    it(`allows every inline script of ${what} by its hash, and nothing inline besides`, async () => {
      const res = await app.request(url, { headers: { Accept: 'text/html', ...headers } });
      expect(res.status).toBe(200);
      const html = await res.text();
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = directive(csp, 'script-src');
      expect(scriptSrc).not.toContain('unsafe-inline');
      const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline).toContain(BOOT);
      for (const code of inline) expect(scriptSrc, `hash of ${code}`).toContain(sha256(code));
      // Styles: 'unsafe-inline' (style attributes, Radix's run-time <style>) must stay in force, so no hash there.
      expect(html).toContain('<style>');
      expect(directive(csp, 'style-src')).toMatch(/'unsafe-inline'/);
      expect(directive(csp, 'style-src')).not.toMatch(/sha256-|nonce-/);
    });
  }

  it('renders /teachers with the data in a JSON block, which is not run and needs no hash', async () => {
    const res = await app.request('/teachers', { headers: { Accept: 'text/html', Cookie: 'ng-locale=en' } });
    const html = await res.text();
    expect(html).toContain('<h1>Our teachers</h1>');
    expect(html).toMatch(/<script type="application\/json" id="noor-query-state">/);
    expect(directive(res.headers.get('content-security-policy') ?? '', 'script-src').match(/sha256-/g)).toHaveLength(2);
  });
});
