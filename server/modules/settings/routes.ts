// GET /api/v1/settings: app name, contact details, free-trial availability and social links.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/respond';
import { listSettings } from './queries';
import { flattenSettings } from './service';

export function settingsRoutes() {
  return new Hono<AppEnv>().get('/settings', async (c) => {
    return ok(c, flattenSettings(await listSettings(c.get('db')), c.get('locale')));
  });
}
