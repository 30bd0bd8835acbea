// Health for load balancers and orchestrators:
//   GET /api/health/live   the process answers (restart it if not); stays 200 while draining
//   GET /api/health/ready  send traffic here? 503 while shutting down or when the database does not
//                          answer within the readiness timeout (on its own connection, so a starved
//                          request pool cannot make the probe hang), or while LISTEN is down (this
//                          instance would miss other instances' events and serve stale reads)
//   GET /api/health        kept for the e2e launcher and existing monitors: readiness with details.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { tr } from '../../i18n';

export interface HealthOptions {
  /** True once a shutdown began: readiness fails so the balancer stops sending new requests. */
  draining?: () => boolean;
  /** False while notifications from other instances cannot arrive (LISTEN reconnecting). */
  notificationsUp?: () => boolean;
  /** How long the database may take to answer the readiness check. */
  readyTimeoutMs?: number;
}

export function healthRoutes({ draining = () => false, notificationsUp = () => true, readyTimeoutMs = 2000 }: HealthOptions = {}) {
  async function ready(c: Context<AppEnv>) {
    const db = c.get('db');
    if (draining()) {
      return c.json({ message: tr('server_error', c.get('locale')), data: { status: 'draining', db: 'unknown' } }, 503);
    }
    const started = performance.now();
    try {
      if (db.ping) await db.ping(readyTimeoutMs);
      else await db.query('SELECT 1');
    } catch (err) {
      c.get('log').error('health check: database unreachable', { id: c.get('requestId'), err: String(err) });
      return c.json({ message: tr('server_error', c.get('locale')), data: { status: 'error', db: 'down' } }, 503);
    }
    if (!notificationsUp()) {
      return c.json({ message: tr('server_error', c.get('locale')), data: { status: 'error', db: 'ok', listen: 'down' } }, 503);
    }
    return c.json({
      message: tr('health_ok', c.get('locale')),
      data: { status: 'ok', db: 'ok', driver: db.driver, db_ms: Math.round(performance.now() - started) },
    });
  }
  return new Hono<AppEnv>()
    .get('/health', ready)
    .get('/health/ready', ready)
    .get('/health/live', (c) => c.json({ message: tr('health_ok', c.get('locale')), data: { status: draining() ? 'draining' : 'ok' } }));
}
