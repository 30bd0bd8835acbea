// The shared cache of public reads: the teachers list and search, a teacher's card, the
// reference lists. Every answer is the same for every visitor of a locale, so it is rendered once per
// (public version, key) and reused by every instance's visitors; a write that changes what they show
// bumps public_version (database triggers, migration 0030), which retires every entry at once.
// Per-user data never goes through here: only routes without a signed-in user call it.
//
// A hit costs no query: the version is kept in memory (public-version.ts). Everything a hit sends is
// made once, when the entry is filled: the body, its ETag, and its brotli/gzip bytes (per encoding,
// on first demand), so a hit is a map lookup and a copy of bytes.
// Each answer carries a weak ETag and `Cache-Control: public, no-cache`: a browser or proxy may keep
// it but asks again each time, and a matching If-None-Match gets a 304.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { compress, MIN_BYTES, negotiateEncoding, type Encoding } from '../../http/compression';
import type { AppEnv } from '../../http/context';
import type { Db } from '../../db';
import { errorFields } from '../../logger';
import { publicVersion } from './public-version';

interface Entry {
  body: string;
  /** The body's UTF-8 bytes, encoded once: a hit sends them as they are. */
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  encoded: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>;
  /** Hits so far: only an answer asked for again is filled ahead (see `ahead`). */
  hits: number;
}

/** What comes after an answer keyed by time (the next minute's): its key and how to make it. */
export interface Ahead {
  key: string;
  produce: () => Promise<object | null>;
}

export interface PublicJsonOptions {
  /** Adds what must not be cached (e.g. a teacher's busy times) before the ETag is taken. */
  fresh?: (cached: object) => Promise<object>;
  /**
   * Given near the end of a time-keyed answer's life: a hit then fills the next key in the
   * background, so the turn finds it ready instead of every request of that moment waiting for the
   * queries (on PGlite they hold the only thread).
   */
  ahead?: Ahead | undefined;
}

/** Entries kept per database handle; the oldest goes first (Map keeps insertion order). */
const MAX_ENTRIES = 1000;
// Per database: version numbers only mean something within one database.
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Per database: hits; misses (requests that found no entry and waited for one); fills (every run of
 * `produce` started, the ones made ahead included) and how many of them finished. The bench prints
 * misses and fills per run.
 */
export interface PublicCacheStats {
  hits: number;
  misses: number;
  fills: number;
  filled: number;
}
const stats = new WeakMap<Db, PublicCacheStats>();

export function publicCacheStats(db: Db): PublicCacheStats {
  let s = stats.get(db);
  if (!s) stats.set(db, (s = { hits: 0, misses: 0, fills: 0, filled: 0 }));
  return s;
}

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

function remember(entries: Map<string, Entry>, key: string, entry: Entry): void {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, entry);
}

// Fills under way, per database and key: the requests that miss together (a burst right after a write
// retired the entries) share one `produce` instead of each running the same queries.
const filling = new WeakMap<Db, Map<string, Promise<Entry | null>>>();

function fill(db: Db, entries: Map<string, Entry>, key: string, produce: () => Promise<object | null>): Promise<Entry | null> {
  let pending = filling.get(db);
  if (!pending) filling.set(db, (pending = new Map()));
  let fill = pending.get(key);
  if (!fill) {
    publicCacheStats(db).fills++;
    fill = produce()
      .then((value) => {
        if (value === null) return null;
        const body = JSON.stringify(value);
        const entry: Entry = { body, bytes: new TextEncoder().encode(body), etag: etagOf(body), encoded: {}, hits: 0 };
        remember(entries, key, entry);
        return entry;
      })
      .finally(() => {
        pending.delete(key);
        publicCacheStats(db).filled++;
      });
    pending.set(key, fill);
  }
  return fill;
}

/**
 * Answers a public GET from the cache, or renders it with `produce` (a JSON-able value) and keeps it.
 * `key` names the answer within a version (route, locale and every input that changes the body).
 */
export async function publicJson(
  c: Context<AppEnv>,
  key: string,
  produce: () => Promise<object | null>,
  { fresh, ahead }: PublicJsonOptions = {},
): Promise<Response | null> {
  const db = c.get('db');
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  const version = publicVersion(db);
  const prefix = `${typeof version === 'string' ? version : await version}|${c.get('locale')}|`;
  const cached = entries.get(prefix + key);
  if (cached) {
    publicCacheStats(db).hits++;
    if (cached.hits++ > 0 && ahead && !entries.has(prefix + ahead.key)) fillAhead(c, entries, prefix + ahead.key, ahead.produce);
  }
  if (!cached) publicCacheStats(db).misses++;
  const entry = cached ?? (await fill(db, entries, prefix + key, produce));
  if (!entry) return null;
  let { body, etag } = entry;
  if (fresh) {
    body = JSON.stringify(await fresh(JSON.parse(entry.body) as object));
    etag = etagOf(body);
  }
  const headers = { ETag: etag, 'Cache-Control': 'public, no-cache', Vary: 'Accept-Language' };
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  const json = { ...headers, 'Content-Type': 'application/json; charset=UTF-8' };
  // A fresh part makes every body different: the compression middleware handles those.
  const encoding = !fresh && body.length >= MIN_BYTES ? negotiateEncoding(c.req.header('accept-encoding')) : null;
  if (!encoding) return c.body(fresh ? body : entry.bytes, 200, json);
  const bytes = await (entry.encoded[encoding] ??= compress(Buffer.from(entry.bytes), encoding).then((b) => new Uint8Array(b)));
  return c.body(bytes, 200, { ...json, 'Content-Encoding': encoding, 'Content-Length': String(bytes.length) });
}

/** The next answer, filled off the request's path; a failure only means the turn misses as before. */
function fillAhead(c: Context<AppEnv>, entries: Map<string, Entry>, fullKey: string, produce: () => Promise<object | null>): void {
  fill(c.get('db'), entries, fullKey, produce).catch((err: unknown) => {
    c.get('log').warn('public cache: filling ahead failed', { key: fullKey, ...errorFields(err) });
  });
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((t) => bare(t) === bare(etag));
}
