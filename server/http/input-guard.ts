// The last lines of defence behind the contract schemas: a request whose path or query
// carries a NUL byte is refused before any handler runs (some handlers read a path parameter straight
// into SQL, and PostgreSQL answers "invalid byte sequence 0x00" with a 500), and a database error
// that can only come from a bad input value is a 400, never a 500.
import type { MiddlewareHandler } from 'hono';
import { trValidation } from '../i18n';
import type { AppEnv } from './context';
import { ValidationFailure } from './errors';

// %00 and a raw NUL; an encoded form (%2500) decodes to the text "%00", which is harmless.
const hasNulInUrl = (url: string) => url.includes('\u0000') || /%00/.test(url);

/** Refuses a NUL byte anywhere in the path or query string with a 400. */
export function refuseNulInUrl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (hasNulInUrl(c.req.url)) throw new ValidationFailure({ _: [trValidation('invalid', c.get('locale'))] });
    await next();
  };
}

/** The path of the first string (value or key) holding a NUL, or null; nested input is walked. */
export function nulPath(input: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof input === 'string') return input.includes('\u0000') ? path : null;
  if (depth > 32 || input === null || typeof input !== 'object') return null;
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulPath(value, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL error classes a well-formed request can still reach with a value the schemas let
 * through: 22xxx (data exception: bad encoding 22021, bad text representation 22P02, bad date/time
 * 22007/22008, out of range 22003, string too long 22001 …) and 54000 (program limit: a value too
 * big to index or compare). Each is the caller's input, so it is a 400.
 */
export function isInvalidInputDbError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|54000|54001)$/.test(code);
}
