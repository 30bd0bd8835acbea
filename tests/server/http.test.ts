// The server over a real socket, as a browser meets it: the built SPA with history fallback, caching,
// compression, security headers on every response, request ids and logs, and unexpected errors.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db';
import { compression } from '../../server/http/compression';
import { createLogger } from '../../server/logger';
import { createServer, type RunningServer } from '../../server/main';
import { asServedByNode, databaseUrl, fakeClientBuild, freshDb, type TestDb } from './helpers';

/** fetch() decompresses silently; this raw GET shows the bytes and headers as sent. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let build: Awaited<ReturnType<typeof fakeClientBuild>>;
let server: RunningServer;
let schemaDb: TestDb | undefined;

beforeAll(async () => {
  build = await fakeClientBuild();
  // On PostgreSQL the server gets its own schema; on PGlite its own in-memory database.
  schemaDb = databaseUrl ? await freshDb() : undefined;
  server = await createServer({
    port: 0,
    staticDir: build.dir,
    logLevel: 'silent',
    ...(databaseUrl ? { databaseUrl, databaseSchema: schemaDb?.schema } : { dataDir: 'memory://' }),
  });
});
afterAll(async () => {
  await server?.close();
  await schemaDb?.close();
  await build?.remove();
});

describe('createServer', () => {
  it('listens on a free port, migrated and seeded', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/api/v1/phases`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(13);
  });
});

describe('single-page app', () => {
  it('serves index.html for a deep link a browser navigates to, never cached', async () => {
    const res = await fetch(`${server.url}/about-us`, { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
    const root = await fetch(`${server.url}/`);
    expect(await root.text()).toContain('<div id="root">');
  });

  it('keeps /api paths as JSON 404s even for a browser', async () => {
    const res = await fetch(`${server.url}/api/x`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toHaveProperty('message');
  });

  it('does not answer a missing script or asset with HTML', async () => {
    expect((await fetch(`${server.url}/assets/missing-123.js`, { headers: { Accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${server.url}/missing.js`, { headers: { Accept: '*/*' } })).status).toBe(404);
  });

  it('caches hashed assets for a year, revalidates unhashed files, and answers 304 to a matching ETag', async () => {
    const asset = await fetch(`${server.url}${build.assetPath}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toBe(build.assetBody);
    const boot = await fetch(`${server.url}/boot.js`);
    expect(boot.headers.get('cache-control')).toBe('no-cache');
    const etag = boot.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/boot.js`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('never serves the build’s dotfiles (.build-env.json), but does serve /.well-known/', async () => {
    for (const p of ['/.build-env.json', '/%2ebuild-env.json', '/assets/../.build-env.json', '/.well-known/../.build-env.json']) {
      const res = await rawGet(`${server.url}${p}`);
      expect(res.body.toString(), p).not.toContain('VITE_API_BASE_URL');
    }
    const wellKnown = await rawGet(`${server.url}/.well-known/security.txt`);
    expect(wellKnown.status).toBe(200);
    expect(wellKnown.body.toString()).toContain('Contact:');
  });

  it('never serves files outside the static folder', async () => {
    for (const p of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const res = await rawGet(`${server.url}${p}`);
      expect(res.body.toString()).not.toContain('root:');
    }
  });
});

describe('compression', () => {
  it('sends brotli when accepted, gzip otherwise, identity when neither', async () => {
    const br = await rawGet(`${server.url}${build.assetPath}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(build.assetBody));
    expect(brotliDecompressSync(br.body).toString()).toBe(build.assetBody);

    const gz = await rawGet(`${server.url}${build.assetPath}`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(build.assetBody);

    const refusedBr = await rawGet(`${server.url}${build.assetPath}`, { 'Accept-Encoding': 'br;q=0, gzip;q=0.5' });
    expect(refusedBr.headers['content-encoding']).toBe('gzip');

    const plain = await rawGet(`${server.url}${build.assetPath}`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(build.assetBody);
  });

  it('sends a page, the same for every visitor, compressed once at the best setting', async () => {
    const html = `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<p class="card">معلم ${i} — teacher ${i * 7}</p>`).join('')}</body></html>`;
    await writeFile(path.join(build.dir, 'page.html'), html);
    const quality = (q: number) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }).length;
    const first = await rawGet(`${server.url}/page.html`, { 'Accept-Encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(html);
    expect(first.body.length).toBe(quality(11));
    expect(first.body.length).toBeLessThan(quality(5));
    expect(first.headers.vary).toBe('Accept-Encoding');
    const again = await rawGet(`${server.url}/page.html`, { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(again.body).toString()).toBe(html);
  });

  it('keeps the headers the middleware adds on an answer too small to compress', async () => {
    for (const url of ['/api/nope', '/api/v1/requests/1']) {
      const res = await rawGet(`${server.url}${url}`, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers.vary, url).toBe('Accept-Language, Accept-Encoding');
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('keeps the headers set since a handler built its own response, as a served response', async () => {
    const undo = asServedByNode();
    try {
      const app = new Hono();
      app.use(compression());
      app.use(async (c, next) => {
        await next();
        c.res.headers.set('Cache-Control', 'no-store');
      });
      app.get('/small', () => new Response('{"a":1}', { headers: { 'Content-Type': 'application/json' } }));
      app.get('/big', () => new Response(JSON.stringify({ a: 'نور '.repeat(400) }), { headers: { 'Content-Type': 'application/json' } }));
      for (const url of ['/small', '/big']) {
        const res = await app.request(url, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(res.headers.get('cache-control'), url).toBe('no-store');
        expect(res.headers.get('vary'), url).toBe('Accept-Encoding');
        expect(res.headers.get('content-encoding'), url).toBe(url === '/big' ? 'gzip' : null);
      }
    } finally {
      undo();
    }
  });

  it('compresses JSON API answers too', async () => {
    const res = await rawGet(`${server.url}/api/v1/countries`, { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.body).toString()) as { data: { code: string }[] };
    expect(body.data[0]?.code).toBe('QA');
  });
});

describe('security headers', () => {
  const expectSecure = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBeTruthy();
    expect(headers.get('permissions-policy')).toMatch(/camera=\(self\).*microphone=\(self\)/);
  };

  it('are on pages, assets, API answers, and errors alike', async () => {
    expectSecure((await fetch(`${server.url}/about-us`, { headers: { Accept: 'text/html' } })).headers);
    expectSecure((await fetch(`${server.url}${build.assetPath}`)).headers);
    expectSecure((await fetch(`${server.url}/api/v1/settings`)).headers);
    expectSecure((await fetch(`${server.url}/api/nope`)).headers);
    expectSecure((await fetch(`${server.url}/api/v1/contact`, { method: 'POST', body: '{' })).headers);
  });
});

describe('request ids, logs and unexpected errors', () => {
  // A database that fails every query, to force the 500 path.
  const brokenDb: Db = {
    driver: 'pglite',
    query: () => Promise.reject(new Error('connection reset by peer')),
    one: () => Promise.reject(new Error('connection reset by peer')),
    exec: () => Promise.reject(new Error('connection reset by peer')),
    transaction: () => Promise.reject(new Error('connection reset by peer')),
    close: () => Promise.resolve(),
  };

  it('logs one JSON line per request with time, id, method, path, status and duration', async () => {
    const lines: string[] = [];
    const app = createApp({ db: brokenDb, log: createLogger('info', (l) => lines.push(l)) });
    const res = await app.request('/api/nothing-here', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ id: 'abc-123', method: 'GET', path: '/api/nothing-here', status: 404 });
    expect(typeof entry.ms).toBe('number');
    expect(new Date(entry.time as string).toString()).not.toBe('Invalid Date');
  });

  it('answers an unexpected failure with a localized JSON 500 and logs it with the request id', async () => {
    const lines: string[] = [];
    const app = createApp({ db: brokenDb, log: createLogger('info', (l) => lines.push(l)) });
    const res = await app.request('/api/v1/phases', { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; request_id: string };
    expect(body.message).toBe('Something went wrong on our side, please try again later');
    expect(JSON.stringify(body)).not.toContain('connection reset');
    const errorLine = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 'error');
    expect(errorLine).toMatchObject({ id: body.request_id, path: '/api/v1/phases' });
    expect(JSON.stringify(errorLine)).toContain('connection reset by peer');
    const ar = await app.request('/api/v1/phases');
    expect(((await ar.json()) as { message: string }).message).toBe('حدث خطأ غير متوقع في الخادم، يرجى المحاولة لاحقاً');
  });

  it('reports a database outage on the health endpoint as 503', async () => {
    const app = createApp({ db: brokenDb, log: createLogger('silent') });
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { data: { db: string } }).data.db).toBe('down');
  });

  it('is silent with LOG_LEVEL=silent', async () => {
    const lines: string[] = [];
    const app = createApp({ db: brokenDb, log: createLogger('silent', (l) => lines.push(l)) });
    await app.request('/api/v1/phases');
    expect(lines).toEqual([]);
  });
});
