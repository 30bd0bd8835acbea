// The lesson-report routes (contract/reports.ts) under a request: GET for its readers, PUT for its teacher.
import { Hono, type Context } from 'hono';
import { reportInputSchema } from '../../../contract/reports';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/respond';
import { idFrom, jsonBody } from '../../http/validate';
import { requireCaller } from '../auth/caller';
import type { Publisher } from '../../realtime/publisher';
import type { AuthMiddleware } from '../auth/middleware';
import { getReport, saveReport } from './service';

function requestId(c: Context<AppEnv>): number {
  return idFrom(c, 'id', 'request_not_found');
}

export function reportsRoutes({ auth, publisher, now }: { auth: AuthMiddleware; publisher: Publisher | undefined; now: () => Date }) {
  return new Hono<AppEnv>()
    .get('/requests/:id/report', auth.requireUser, async (c) => {
      const caller = requireCaller(c);
      return ok(c, await getReport(c.get('db'), requestId(c), caller, c.get('locale'), now()));
    })
    .put('/requests/:id/report', auth.requireUser, async (c) => {
      const caller = requireCaller(c);
      const id = requestId(c);
      const body = await jsonBody(c, reportInputSchema);
      return ok(c, await saveReport(c.get('db'), id, caller, body, c.get('locale'), now(), publisher), 'report_saved');
    });
}
