// GET /api/v1/settings: app name, contact details, free-trial availability and social links.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { publicReference } from '../reference/public-reference';
import { listSettings } from './queries';
import { flattenSettings } from './service';

export function settingsRoutes() {
  return new Hono<AppEnv>().get('/settings', async (c) => {
    return publicReference(c, 'settings', async () => flattenSettings(await listSettings(c.get('db')), c.get('locale')));
  });
}
