// GET v1/profile, PATCH v1/profile, POST v1/profile/complete and GET v1/files/:id — always about the
// token's own user.
import { Hono } from 'hono';
import { z } from 'zod';
import { completeProfileSchema, type DocumentField } from '../../../contract/auth';
import { validationKeys } from '../../../contract/validation';
import type { FileStorage, SniffedType } from '../../adapters/storage';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { trValidation } from '../../i18n';
import { accountId, requireCaller, requireFamily } from '../auth/caller';
import type { AuthEnv, AuthMiddleware } from '../auth/middleware';
import { updateProfile } from './edit';
import { phaseExists, profileOf } from './queries';
import { downloadName } from './uploads';

/** Any JSON object; the role's own schema checks it inside updateProfile. */
const ANY_OBJECT = z.record(z.string(), z.unknown());

export interface ProfileRoutesOptions {
  storage: FileStorage;
  auth: AuthMiddleware;
  now: () => Date;
}

export function profileRoutes({ storage, auth, now }: ProfileRoutesOptions) {
  return new Hono<AuthEnv>()
    .get('/profile', auth.requireUser, async (c) => {
      const account = accountId(requireCaller(c));
      return ok(c, await profileOf(c.get('db'), account, c.get('locale')));
    })
    .patch('/profile', auth.requireUser, async (c) => {
      const caller = requireCaller(c);
      const body = await jsonBody(c, ANY_OBJECT);
      const db = c.get('db');
      await updateProfile(db, caller, body, c.get('locale'), now());
      return ok(c, await profileOf(db, accountId(caller), c.get('locale')), 'profile_updated');
    })
    .post('/profile/complete', auth.requireUser, async (c) => {
      // complete-register asks a family's fields; a teacher's come with the teacher sign-up.
      const { familyId } = requireFamily(c, () => new ApiFailure(403, 'profile_students_only'));
      const body = await jsonBody(c, completeProfileSchema);
      const db = c.get('db');
      if (!(await phaseExists(db, body.phase_id))) {
        throw new ValidationFailure({ phase_id: [trValidation(validationKeys.invalid, c.get('locale'))] });
      }
      await db.query('UPDATE users SET first_name = $2, last_name = $3, gender = $4, phase_id = $5, updated_at = $6 WHERE id = $1', [
        familyId,
        body.first_name,
        body.last_name,
        body.gender,
        body.phase_id,
        now(),
      ]);
      return ok(c, await profileOf(db, familyId, c.get('locale')), 'profile_updated');
    })
    .get('/files/:id', auth.requireUser, async (c) => {
      const account = accountId(requireCaller(c));
      const row = await c
        .get('db')
        .one<{ owner_id: number; kind: DocumentField; content_type: SniffedType; storage_key: string }>(
          'SELECT owner_id, kind, content_type, storage_key FROM uploads WHERE id = $1',
          [c.req.param('id')],
        );
      if (!row) throw new ApiFailure(404, 'file_not_found');
      if (row.owner_id !== account) throw new ApiFailure(403, 'file_forbidden');
      const bytes = await storage.get(row.storage_key);
      if (!bytes) throw new ApiFailure(404, 'file_not_found');
      // A fresh ArrayBuffer-backed copy: Response's types refuse a view over a possibly shared buffer.
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: {
          'Content-Type': row.content_type,
          'Content-Length': String(bytes.byteLength),
          'Content-Disposition': `inline; filename="${downloadName(row.kind, row.content_type)}"`,
          'X-Content-Type-Options': 'nosniff',
          // Identity documents: never kept by a shared cache or left in the browser's.
          'Cache-Control': 'private, no-store',
        },
      });
    });
}
