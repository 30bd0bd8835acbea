// GET /api/health: is the process up and does the database answer? For load balancers and the e2e launcher.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { tr } from '../../i18n';

export function healthRoutes() {
  return new Hono<AppEnv>().get('/health', async (c) => {
    const db = c.get('db');
    const started = performance.now();
    try {
      await db.query('SELECT 1');
    } catch (err) {
      c.get('log').error('health check: database unreachable', { id: c.get('requestId'), err: String(err) });
      return c.json({ message: tr('server_error', c.get('locale')), data: { status: 'error', db: 'down' } }, 503);
    }
    return c.json({
      message: tr('health_ok', c.get('locale')),
      data: { status: 'ok', db: 'ok', driver: db.driver, db_ms: Math.round(performance.now() - started) },
    });
  });
}
