// The intro video routes: a teacher reads, sets or removes their own video (the routes take no id,
// only the token's user); anyone streams an active teacher's video and poster, with Range requests
// (a player asks for the first bytes, then seeks), ETags and revalidation, so a removed video is gone
// at once.
import { Hono, type Context } from 'hono';
import { POSTER_FIELD, VIDEO_FIELD } from '../../../contract/teacher-video';
import type { TeacherVideoResult } from '../../../contract/teacher-video-schema';
import { validationKeys } from '../../../contract/validation';
import type { FileStorage } from '../../adapters/storage';
import { parseByteRange } from '../../http/byte-range';
import type { AppEnv } from '../../http/context';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { idFrom } from '../../http/validate';
import { trValidation } from '../../i18n';
import { requireTeacher } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { checkVideo, deleteVideo, ownVideo, publicVideo, saveVideo } from './service';

export interface TeacherVideoRoutesOptions {
  auth: AuthMiddleware;
  storage: FileStorage;
  now: () => Date;
}

/** The upload's path: app.ts gives it its own streaming body limit (a video, a poster and the form's overhead). */
export const VIDEO_UPLOAD_PATHS: readonly string[] = ['/api/v1/profile/video'];

/** The two files of the form, or a 400 naming the missing one. */
async function videoForm(c: Context<AppEnv>): Promise<{ video: Uint8Array; poster: Uint8Array }> {
  const locale = c.get('locale');
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    throw new ValidationFailure({ [VIDEO_FIELD]: [trValidation(validationKeys.required, locale)] });
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new ValidationFailure({}, 'malformed_json');
  }
  const fileOf = (field: string) => {
    const sent = form[field];
    const value: unknown = Array.isArray(sent) ? sent[0] : sent;
    return value instanceof File && value.size > 0 ? value : null;
  };
  const video = fileOf(VIDEO_FIELD);
  const poster = fileOf(POSTER_FIELD);
  const missing: Record<string, string[]> = {};
  for (const [field, file] of [
    [VIDEO_FIELD, video],
    [POSTER_FIELD, poster],
  ] as const) {
    if (!file) missing[field] = [trValidation(validationKeys.required, locale)];
  }
  if (!video || !poster) throw new ValidationFailure(missing);
  return { video: new Uint8Array(await video.arrayBuffer()), poster: new Uint8Array(await poster.arrayBuffer()) };
}

const teacherIdOf = (c: Context<AppEnv>): number => idFrom(c, 'id', 'file_not_found');

const matches = (header: string | undefined, etag: string) =>
  header?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*') ?? false;

export function teacherVideoRoutes({ auth, storage, now }: TeacherVideoRoutesOptions) {
  return new Hono<AppEnv>()
    .get('/profile/video', auth.requireUser, async (c) => {
      const teacher = requireTeacher(c);
      const data: TeacherVideoResult = { video: await ownVideo(c.get('db'), teacher.teacherId) };
      return ok(c, data);
    })
    .post('/profile/video', auth.requireUser, async (c) => {
      const teacher = requireTeacher(c);
      const { video, poster } = await videoForm(c);
      const checked = await checkVideo(video, poster);
      if ('status' in checked) throw new ApiFailure(checked.status, checked.key);
      const data: TeacherVideoResult = { video: await saveVideo(c.get('db'), storage, teacher.teacherId, checked, now()) };
      return ok(c, data, 'video_saved');
    })
    .delete('/profile/video', auth.requireUser, async (c) => {
      const teacher = requireTeacher(c);
      await deleteVideo(c.get('db'), storage, teacher.teacherId);
      const data: TeacherVideoResult = { video: null };
      return ok(c, data, 'video_removed');
    })
    .get('/teachers/:id/video', async (c) => {
      const row = await publicVideo(c.get('db'), teacherIdOf(c));
      const bytes = row ? await storage.get(row.video_key) : null;
      if (!row || !bytes) throw new ApiFailure(404, 'file_not_found');
      const etag = `"${row.version}"`;
      // Kept by caches but asked again each time (304 while it exists): a removed video must stop at once.
      const headers: Record<string, string> = {
        ETag: etag,
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'public, no-cache',
        'X-Content-Type-Options': 'nosniff',
        'Content-Type': row.content_type,
      };
      if (matches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
      // If-Range: a range of this very version only; for any other the whole new file.
      const ifRange = c.req.header('if-range');
      const range = ifRange && ifRange.trim() !== etag ? null : parseByteRange(c.req.header('range'), bytes.byteLength);
      if (range === 'unsatisfiable') {
        c.header('Content-Range', `bytes */${bytes.byteLength}`);
        c.header('Accept-Ranges', 'bytes');
        throw new ApiFailure(416, 'range_not_satisfiable');
      }
      if (range) {
        const part = bytes.subarray(range.start, range.end + 1);
        return new Response(new Uint8Array(part), {
          status: 206,
          headers: {
            ...headers,
            'Content-Range': `bytes ${range.start}-${range.end}/${bytes.byteLength}`,
            'Content-Length': String(part.byteLength),
          },
        });
      }
      return new Response(new Uint8Array(bytes), { status: 200, headers: { ...headers, 'Content-Length': String(bytes.byteLength) } });
    })
    .get('/teachers/:id/video/poster', async (c) => {
      const row = await publicVideo(c.get('db'), teacherIdOf(c));
      const bytes = row ? await storage.get(row.poster_key) : null;
      if (!row || !bytes) throw new ApiFailure(404, 'file_not_found');
      const etag = `"${row.version}-poster"`;
      const headers = { ETag: etag, 'Cache-Control': 'public, no-cache', 'X-Content-Type-Options': 'nosniff' };
      if (matches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: { ...headers, 'Content-Type': 'image/webp', 'Content-Length': String(bytes.byteLength) },
      });
    });
}
