// Teachers' intro videos: a sent video is checked by its container header (kind and duration, see
// server/lib/video-check.ts) and stored as sent through the storage adapter, like documents; its poster,
// a frame the browser captured, is checked and re-encoded to WebP like a photo. The version is a hash
// of both, so a new video has a new address; the previous files are removed.
import { createHash } from 'node:crypto';
import type { TeacherVideo } from '../../../contract/teacher-video-schema';
import {
  POSTER_MAX_BYTES,
  VIDEO_DURATION_GRACE_MS,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  type VideoType,
} from '../../../contract/teacher-video';
import { removeStored, sniffContentType, type FileStorage } from '../../adapters/storage';
import type { Db, Queryable } from '../../db';
import type { MessageKey } from '../../i18n';
import { ImageRejected, reencodeImage } from '../../lib/images';
import { probeVideo } from '../../lib/video-check';

/** The poster's largest side: a 1280 px wide page shows the video at most about 720 px wide. */
const POSTER_SIDE = 1280;

interface VideoRow {
  version: string;
  content_type: VideoType;
  size: number;
  duration_ms: number;
  video_key: string;
  poster_key: string;
}

export interface CheckedVideo {
  video: Uint8Array;
  type: VideoType;
  durationMs: number;
  poster: Buffer;
}

/** A refusal: the status and the message key the answer carries. */
export interface VideoRefusal {
  status: 413 | 422;
  key: MessageKey;
}

/** The video and poster ready to store, or why not. Nothing here throws for any bytes. */
export async function checkVideo(video: Uint8Array, poster: Uint8Array): Promise<CheckedVideo | VideoRefusal> {
  if (video.byteLength > VIDEO_MAX_BYTES) return { status: 413, key: 'video_too_large' };
  const probe = probeVideo(video);
  if (!probe.ok) return { status: 422, key: probe.reason === 'not_a_video' ? 'video_type' : 'video_no_duration' };
  if (probe.durationMs > VIDEO_MAX_SECONDS * 1000 + VIDEO_DURATION_GRACE_MS) return { status: 422, key: 'video_too_long' };
  if (poster.byteLength > POSTER_MAX_BYTES) return { status: 413, key: 'poster_too_large' };
  const posterType = sniffContentType(poster);
  if (!posterType || posterType === 'application/pdf') return { status: 422, key: 'poster_type' };
  try {
    const clean = await reencodeImage(poster, { format: 'webp', maxWidth: POSTER_SIDE, maxHeight: POSTER_SIDE, quality: 80 });
    return { video, type: probe.type, durationMs: probe.durationMs, poster: clean.data };
  } catch (err) {
    if (err instanceof ImageRejected) return { status: 422, key: err.reason === 'too_large' ? 'poster_too_large' : 'poster_type' };
    throw err;
  }
}

/** What the wire says of a stored video. */
export const toWire = (row: Pick<VideoRow, 'version' | 'content_type' | 'size' | 'duration_ms'>): TeacherVideo => ({
  version: row.version,
  content_type: row.content_type,
  size: row.size,
  duration_ms: row.duration_ms,
});

/** Stores both files and makes them the teacher's video; the previous video's files are removed. */
export async function saveVideo(db: Db, storage: FileStorage, teacherId: number, checked: CheckedVideo, now: Date): Promise<TeacherVideo> {
  const version = createHash('sha256').update(`${teacherId}:`).update(checked.video).update(checked.poster).digest('hex').slice(0, 32);
  const videoKey = await storage.put(checked.video);
  let posterKey: string | undefined;
  try {
    posterKey = await storage.put(checked.poster);
    const row: VideoRow = {
      version,
      content_type: checked.type,
      size: checked.video.byteLength,
      duration_ms: checked.durationMs,
      video_key: videoKey,
      poster_key: posterKey,
    };
    const previous = await db.transaction(async (tx) => {
      const old = await tx.one<VideoRow>('SELECT video_key, poster_key FROM teacher_videos WHERE teacher_id = $1 FOR UPDATE', [teacherId]);
      await tx.query(
        `INSERT INTO teacher_videos (teacher_id, version, content_type, size, duration_ms, video_key, poster_key, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (teacher_id) DO UPDATE SET version = $2, content_type = $3, size = $4, duration_ms = $5,
           video_key = $6, poster_key = $7, updated_at = $8`,
        [teacherId, row.version, row.content_type, row.size, row.duration_ms, row.video_key, row.poster_key, now],
      );
      return old;
    });
    if (previous) await removeFiles(storage, previous);
    return toWire(row);
  } catch (err) {
    await removeFiles(storage, { video_key: videoKey, poster_key: posterKey ?? '' });
    throw err;
  }
}

function removeFiles(storage: FileStorage, row: Pick<VideoRow, 'video_key' | 'poster_key'>): Promise<void> {
  return removeStored(storage, [row.video_key, row.poster_key]);
}

export async function deleteVideo(db: Db, storage: FileStorage, teacherId: number): Promise<void> {
  const row = await db.one<VideoRow>('DELETE FROM teacher_videos WHERE teacher_id = $1 RETURNING video_key, poster_key', [teacherId]);
  if (row) await removeFiles(storage, row);
}

/** The teacher's own video (any status: a teacher in review sees what they sent). */
export async function ownVideo(q: Queryable, teacherId: number): Promise<TeacherVideo | null> {
  const row = await q.one<VideoRow>('SELECT version, content_type, size, duration_ms FROM teacher_videos WHERE teacher_id = $1', [
    teacherId,
  ]);
  return row ? toWire(row) : null;
}

/** The teacher's video for staff review, whatever the teacher's status (an applicant's too). */
export async function reviewVideo(q: Queryable, teacherId: number): Promise<VideoRow | null> {
  return (
    (await q.one<VideoRow>(
      'SELECT version, content_type, size, duration_ms, video_key, poster_key FROM teacher_videos WHERE teacher_id = $1',
      [teacherId],
    )) ?? null
  );
}

/** The video's row when the public may see it: an active teacher's only. */
export async function publicVideo(q: Queryable, teacherId: number): Promise<VideoRow | null> {
  return (
    (await q.one<VideoRow>(
      `SELECT v.version, v.content_type, v.size, v.duration_ms, v.video_key, v.poster_key
         FROM teacher_videos v JOIN users u ON u.id = v.teacher_id
        WHERE v.teacher_id = $1 AND u.type = 'instructor' AND u.status = 'active'`,
      [teacherId],
    )) ?? null
  );
}

/** The public version of an active teacher's video, or null: what the teacher page and preview carry. */
export async function videoVersionOf(q: Queryable, teacherId: number): Promise<string | null> {
  return (await publicVideo(q, teacherId))?.version ?? null;
}
