// Brotli or gzip for text responses, negotiated from Accept-Encoding, with node:zlib.
// (Hono's own compress middleware relies on CompressionStream, which has no brotli.)
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
// Not 206 (ranges address the raw bytes), 204/304 (no body) or redirects.
const COMPRESSED_STATUSES = new Set([200, 201, 400, 404, 500]);
// Below this, headers and CPU cost more than the bytes saved.
export const MIN_BYTES = 1024;

/** The best encoding the client accepts; br wins ties, q=0 refuses. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qp ? Number(qp.slice(2)) || 0 : 1);
  }
  const score = (enc: Encoding) => q.get(enc) ?? q.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((e) => score(e) > 0).sort((a, b) => score(b) - score(a))[0];
  return best ?? null;
}

/** `fast` for a body sent once; `best` for one compressed once and sent many times. */
export function compress(body: Buffer, encoding: Encoding, effort: 'fast' | 'best' = 'fast'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gz(body, { level: effort === 'best' ? 9 : 6 });
}

const SHARED_LIMIT = 100;
const shared = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * The bytes of a page many visitors get alike (a pre-rendered or server-rendered public page; `key`
 * names its exact body, e.g. by its ETag), compressed once per encoding at the best setting: brotli 11
 * puts /teachers at 11.7 KB instead of 13.1 KB, well inside a phone's first round trip (TCP's first
 * window, ~14.6 KB with the headers), for ~90 ms once, in zlib's threads, not the server's.
 */
export function encodeShared(key: string, raw: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const k = `${key}\n${encoding}`;
  let out = shared.get(k);
  if (!out) {
    out = compress(Buffer.from(raw), encoding, 'best').then((b) => new Uint8Array(b));
    out.catch(() => shared.delete(k));
    if (shared.size >= SHARED_LIMIT) shared.delete(shared.keys().next().value!);
    shared.set(k, out);
  }
  return out;
}

// Hashed assets never change, so each is compressed once per encoding. Bounded so a flood of distinct
// URLs cannot grow memory without limit.
const CACHE_LIMIT = 200;
const cache = new Map<string, Buffer>();

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (!COMPRESSIBLE.test(type)) return;
    // Whatever we send, a cache must keep the variants apart.
    res.headers.append('Vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    if (
      !encoding ||
      c.req.method === 'HEAD' ||
      !COMPRESSED_STATUSES.has(res.status) ||
      res.headers.has('content-encoding') ||
      /no-transform/i.test(res.headers.get('cache-control') ?? '')
    ) {
      return;
    }
    // Copied before the body is read: under @hono/node-server, reading it rebuilds the response from
    // its original init, and one built with a plain-object init (a handler's own `new Response`) loses
    // the header changes made since (the Vary above, the API's Cache-Control). An empty body takes the
    // small-body path below.
    const headers = new Headers(res.headers);
    const immutable = /immutable/i.test(headers.get('cache-control') ?? '');
    const cacheKey = immutable ? `${c.req.path}\n${headers.get('etag') ?? ''}\n${encoding}` : null;
    let out = cacheKey ? cache.get(cacheKey) : undefined;
    if (!out) {
      const raw = Buffer.from(await res.arrayBuffer());
      if (raw.length < MIN_BYTES) {
        c.res = undefined;
        c.res = new Response(new Uint8Array(raw), { status: res.status, headers });
        return;
      }
      out = await compress(raw, encoding);
      if (cacheKey) {
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
        cache.set(cacheKey, out);
      }
    }
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(out.length));
    // Context#res merges the old response's headers into a new one; clear it to replace them wholesale.
    c.res = undefined;
    c.res = new Response(new Uint8Array(out), { status: res.status, headers });
  };
}
