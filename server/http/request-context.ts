// Per-request set-up and the access log: a request id, the caller's locale, and one JSON line per request.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db';
import { pickLocale } from '../i18n';
import type { Logger } from '../logger';
import type { AppEnv } from './context';

// A proxy's id is kept so logs can be joined across hops; anything odd is replaced.
const SAFE_REQUEST_ID = /^[\w.-]{1,100}$/;

export function requestContext(db: Db, log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('db', db);
    c.set('log', log);
    c.set('requestId', id);
    c.set('locale', pickLocale(c.req.header('accept-language')));
    try {
      await next();
    } finally {
      c.res.headers.set('X-Request-Id', id);
      log.info('request', {
        id,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}
