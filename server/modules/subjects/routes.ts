// GET /api/v1/subjects: the subjects teachers teach.
import { Hono } from 'hono';
import type { Subject } from '../../../contract/reference';
import type { AppEnv } from '../../http/context';
import { publicReference } from '../reference/public-reference';
import { withName } from '../localized';
import { listSubjects } from './queries';

export function subjectsRoutes() {
  return new Hono<AppEnv>().get('/subjects', (c) =>
    publicReference(c, 'subjects', async () => {
      const locale = c.get('locale');
      const data: Subject[] = (await listSubjects(c.get('db'))).map((row) => withName(row, locale));
      return data;
    }),
  );
}
