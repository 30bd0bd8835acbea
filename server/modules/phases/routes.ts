// GET /api/v1/phases: the school phases (kindergarten to secondary 3), in school order.
import { Hono } from 'hono';
import type { Phase } from '../../../contract/reference';
import type { AppEnv } from '../../http/context';
import { publicReference } from '../reference/public-reference';
import { withName } from '../localized';
import { listPhases } from './queries';

export function phasesRoutes() {
  return new Hono<AppEnv>().get('/phases', (c) =>
    publicReference(c, 'phases', async () => {
      const locale = c.get('locale');
      const data: Phase[] = (await listPhases(c.get('db'))).map((row) => withName(row, locale));
      return data;
    }),
  );
}
