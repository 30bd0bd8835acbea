// The children API (contract/children.ts): a family lists, adds, changes and archives its children.
// Only a family (student account) has children: a teacher is refused 403; another family's child id
// answers 404. A child's progress (contract/progress.ts) is read the same way. A ChildFailure thrown below is answered by app.onError, with its `code`.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { childInputSchema, childUpdateSchema } from '../../../contract/children';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/respond';
import { idFrom, jsonBody, queryParams } from '../../http/validate';
import { requireFamily } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { childProgress } from './progress';
import { addChild, ChildFailure, listChildren, removeChild, updateChild } from './service';

export interface ChildrenRoutesOptions {
  auth: AuthMiddleware;
  now: () => Date;
}

const listQuery = z.object({ include_archived: z.enum(['0', '1', 'true', 'false']).optional() });

/** The calling family's id; a teacher is refused. */
function familyOf(c: Context<AppEnv>): number {
  return requireFamily(c, () => new ChildFailure(403, 'children_families_only')).familyId;
}

function childId(c: Context<AppEnv>): number {
  return idFrom(c, 'id', new ChildFailure(404, 'child_not_found'));
}

export function childrenRoutes({ auth, now }: ChildrenRoutesOptions) {
  return new Hono<AppEnv>()
    .get('/children', auth.requireUser, async (c) => {
      const family = familyOf(c);
      const query = queryParams(c, listQuery);
      const all = query.include_archived === '1' || query.include_archived === 'true';
      return ok(c, await listChildren(c.get('db'), family, all, c.get('locale'), now()));
    })
    .post('/children', auth.requireUser, async (c) => {
      const family = familyOf(c);
      const body = await jsonBody(c, childInputSchema);
      return ok(c, await addChild(c.get('db'), family, body, c.get('locale'), now()), 'child_added', 201);
    })
    .patch('/children/:id', auth.requireUser, async (c) => {
      const family = familyOf(c);
      const id = childId(c);
      const body = await jsonBody(c, childUpdateSchema);
      return ok(c, await updateChild(c.get('db'), family, id, body, c.get('locale'), now()), 'child_saved');
    })
    .get('/children/:id/progress', auth.requireUser, async (c) => {
      const family = familyOf(c);
      const id = childId(c);
      return ok(c, await childProgress(c.get('db'), family, id, c.get('locale'), now()));
    })
    .delete('/children/:id', auth.requireUser, async (c) => {
      const family = familyOf(c);
      const id = childId(c);
      const result = await removeChild(c.get('db'), family, id, c.get('locale'), now());
      return ok(c, result, result ? 'child_archived_done' : 'child_removed');
    });
}
