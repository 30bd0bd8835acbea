// GET /api/v1/subjects: the subjects teachers teach.
import { Hono } from 'hono';
import type { Subject } from '../../../contract/reference';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/respond';
import { withName } from '../localized';
import { listSubjects } from './queries';

export function subjectsRoutes() {
  return new Hono<AppEnv>().get('/subjects', async (c) => {
    const locale = c.get('locale');
    const data: Subject[] = (await listSubjects(c.get('db'))).map((row) => withName(row, locale));
    return ok(c, data);
  });
}
