// The photo routes: a teacher sets or removes their own photo (never anyone else's: the
// routes take no id, only the token's user); anyone reads a photo by its content-hashed name, which
// caches revalidate (ETag) so that a removed photo is gone at once.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { PHOTO_FIELD, PHOTO_SIZES, type PhotoResult, type PhotoSize } from '../../../contract/photos';
import { validationKeys } from '../../../contract/validation';
import type { FileStorage } from '../../adapters/storage';
import type { AppEnv } from '../../http/context';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { trValidation } from '../../i18n';
import { requireTeacher } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { deletePhoto, photoBytes, preparePhoto, savePhoto } from './service';

export interface PhotoRoutesOptions {
  auth: AuthMiddleware;
  storage: FileStorage;
  now: () => Date;
}

/** Multipart paths allowed past the JSON body limit (app.ts); the photo itself is checked against 5 MB. */
export const PHOTO_UPLOAD_PATHS: readonly string[] = ['/api/v1/profile/photo'];

const SIZE_OF = new Map(Object.entries(PHOTO_SIZES).map(([name, side]) => [String(side), name as PhotoSize]));
const photoName = z.string().regex(/^[a-f0-9]{32}-\d{2,4}\.webp$/);

async function photoFile(c: Context<AppEnv>): Promise<Uint8Array> {
  const invalid = (key: string) => new ValidationFailure({ [PHOTO_FIELD]: [trValidation(key, c.get('locale'))] });
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw invalid(validationKeys.required);
  let value: unknown;
  try {
    const form = await c.req.parseBody({ all: true });
    const sent = form[PHOTO_FIELD];
    value = Array.isArray(sent) ? sent[0] : sent;
  } catch {
    throw new ValidationFailure({}, 'malformed_json');
  }
  if (!(value instanceof File) || value.size === 0) throw invalid(validationKeys.required);
  return new Uint8Array(await value.arrayBuffer());
}

export function photoRoutes({ auth, storage, now }: PhotoRoutesOptions) {
  return new Hono<AppEnv>()
    .put('/profile/photo', auth.requireUser, async (c) => {
      const teacher = requireTeacher(c);
      const copies = await preparePhoto(await photoFile(c));
      if (typeof copies === 'string') throw new ValidationFailure({ [PHOTO_FIELD]: [trValidation(copies, c.get('locale'))] });
      const data: PhotoResult = { photo: await savePhoto(c.get('db'), storage, teacher.teacherId, copies, now()) };
      return ok(c, data, 'photo_saved');
    })
    .delete('/profile/photo', auth.requireUser, async (c) => {
      const teacher = requireTeacher(c);
      await deletePhoto(c.get('db'), storage, teacher.teacherId);
      const data: PhotoResult = { photo: null };
      return ok(c, data, 'photo_removed');
    })
    .get('/photos/:name', async (c) => {
      const name = photoName.safeParse(c.req.param('name'));
      const [hash = '', side = ''] = name.success ? name.data.replace('.webp', '').split('-') : [];
      const size = SIZE_OF.get(side);
      const bytes = size ? await photoBytes(c.get('db'), storage, hash, size) : null;
      if (!bytes) throw new ApiFailure(404, 'file_not_found');
      // Caches keep the bytes but ask again each time (a 304 without a body while the photo exists):
      // a photo its teacher deleted must stop showing at once, which a year of `immutable` prevented.
      const etag = `"${hash}-${side}"`;
      const headers = { ETag: etag, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, no-cache' };
      if (
        c.req
          .header('if-none-match')
          ?.split(',')
          .some((tag) => tag.trim() === etag)
      )
        return new Response(null, { status: 304, headers });
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: { ...headers, 'Content-Type': 'image/webp', 'Content-Length': String(bytes.byteLength) },
      });
    });
}
