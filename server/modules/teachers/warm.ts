// The shared public cache filled at start-up: the default teachers list in both locales,
// the first answer every visitor of /teachers (and its pre-rendered HTML) asks for. Without it the
// first visitors after a deploy wait for the uncached queries together, on a JIT still cold.
import type { Locale } from '../../i18n';
import { errorFields, type Logger } from '../../logger';

const LOCALES: readonly Locale[] = ['ar', 'en'];

/** What the warm-up asks for, per locale (the list with the client's default filter). */
export const WARM_PATHS = ['/api/v1/teachers'] as const;

interface Requester {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** Fills the cache through the app itself, so the entries are exactly what a visitor's GET makes. */
export async function warmPublicReads(app: Requester, log: Logger): Promise<void> {
  for (const path of WARM_PATHS) {
    for (const locale of LOCALES) {
      try {
        const res = await app.request(path, { headers: { 'Accept-Language': locale, 'X-Request-Id': 'warm-up' } });
        await res.arrayBuffer();
        if (!res.ok) log.warn('public cache warm-up answered an error', { path, locale, status: res.status });
      } catch (err) {
        // Serving stays possible: the first visitor fills the entry instead.
        log.warn('public cache warm-up failed', { path, locale, ...errorFields(err) });
      }
    }
  }
}
