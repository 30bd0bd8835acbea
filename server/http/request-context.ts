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
    // Set before the handler, the id makes Hono build every answer of this context (c.json, c.body,
    // notFound, onError) around one Headers object. Without it, a one-header c.json passes its headers as
    // a plain object, and @hono/node-server's lightweight Response (the global Response once a server
    // listens) keeps in-place changes in a copy of its own: the first read of the body rebuilds the
    // response from the plain object, dropping every header the middleware below added.
    c.header('X-Request-Id', id);
    try {
      await next();
    } finally {
      // Again on the answer: a handler's own `new Response` does not carry the context's headers.
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
