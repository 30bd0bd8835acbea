// Serves the built SPA: files from STATIC_DIR, hashed /assets/* cached for a year, and index.html for
// any other page a browser navigates to (history routing), so deep links like /about-us work.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { encodeShared, MIN_BYTES, negotiateEncoding } from './compression';
import { localeFromCookie, prerenderedFile, wantsRenderedPage } from './prerendered';
import { ssrPages } from './ssr';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.wasm': 'application/wasm',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files (index.html, boot.js, favicon) are revalidated on every use so a deploy shows at once.
export const REVALIDATE = 'no-cache';

async function fileAt(root: string, urlPath: string): Promise<{ file: string; size: number; mtimeMs: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // Dotfiles are build bookkeeping (.build-env.json names the build's environment), never the site:
  // no segment may start with a dot, apart from /.well-known/.
  const segments = path.posix.normalize('/' + decoded).split('/');
  if (segments.some((s, i) => s.startsWith('.') && !(i === 1 && s === '.well-known'))) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  // normalize already removes "..", this is the belt to its braces.
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    const s = await stat(file);
    return s.isFile() ? { file, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

async function send(c: Context, found: { file: string; size: number; mtimeMs: number }, cacheControl: string): Promise<Response> {
  const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
  // A Headers instance (not a plain object) so later middleware's changes survive @hono/node-server's
  // lazy Response, which rebuilds itself from the original init.
  const headers = new Headers({
    'Content-Type': MIME[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
  });
  const inm = c.req.header('if-none-match');
  if (inm && inm.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  if (c.req.method === 'HEAD') {
    headers.set('Content-Length', String(found.size));
    return new Response(null, { status: 200, headers });
  }
  if (headers.get('Content-Type') === MIME['.html']) return sharedPage(c, `${found.file}\n${etag}`, await readFile(found.file), headers);
  return new Response(await readFile(found.file), { status: 200, headers });
}

/** A page that is the same for every visitor, compressed once at the best setting (compression.ts). */
async function sharedPage(c: Context, key: string, body: Uint8Array, headers: Headers): Promise<Response> {
  const encoding = body.length >= MIN_BYTES ? negotiateEncoding(c.req.header('accept-encoding')) : null;
  if (!encoding) return new Response(new Uint8Array(body), { status: 200, headers });
  const bytes = await encodeShared(key, body, encoding);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(bytes.length));
  return new Response(bytes, { status: 200, headers });
}

function acceptsHtml(c: Context): boolean {
  // Only an explicit text/html: a missing script or image (Accept: */*) must stay a 404, not HTML.
  return (c.req.header('accept') ?? '').toLowerCase().includes('text/html');
}

/**
 * `api` answers the server's own API in process; given it, the pages made of public data are rendered
 * per request with that data (./ssr.ts), else they are served as prerendered at build time.
 */
export function staticFiles(staticDir: string, api?: (request: Request) => Response | Promise<Response>): MiddlewareHandler {
  const root = path.resolve(staticDir);
  const ssr = api ? ssrPages(root, api) : null;
  return async (c, next) => {
    const p = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || p === '/api' || p.startsWith('/api/')) return next();
    const isAsset = p.startsWith('/assets/');
    const found = p.endsWith('/') ? null : await fileAt(root, p);
    if (found) return send(c, found, isAsset ? IMMUTABLE : REVALIDATE);
    if (!isAsset && (p === '/' || acceptsHtml(c))) {
      // A public page comes with its content already rendered, in the visitor's language.
      const cookie = c.req.header('cookie');
      const acceptLanguage = c.req.header('accept-language');
      const rendered =
        ssr && wantsRenderedPage(new URL(c.req.url).search, cookie) ? await ssr(p, localeFromCookie(cookie, acceptLanguage)) : null;
      if (rendered) {
        const headers = new Headers({
          'Content-Type': MIME['.html']!,
          'Cache-Control': REVALIDATE,
          ETag: rendered.etag,
          Vary: 'Cookie, Accept-Language',
        });
        const inm = c.req.header('if-none-match');
        if (inm && inm.split(',').some((tag) => tag.trim() === rendered.etag)) return new Response(null, { status: 304, headers });
        if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
        return sharedPage(c, `ssr\n${rendered.etag}`, new TextEncoder().encode(rendered.body), headers);
      }
      const page = prerenderedFile(p, new URL(c.req.url).search, cookie, acceptLanguage);
      const prerendered = page ? await fileAt(root, page) : null;
      if (prerendered) {
        const res = await send(c, prerendered, REVALIDATE);
        res.headers.set('Vary', 'Cookie, Accept-Language');
        return res;
      }
      const index = await fileAt(root, '/index.html');
      if (index) return send(c, index, REVALIDATE);
    }
    return next();
  };
}
