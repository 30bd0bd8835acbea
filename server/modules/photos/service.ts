// Teacher photos: a sent image is checked by its bytes and pixel dimensions, re-encoded by
// server/lib/images.ts into two clean WebP squares (metadata dropped; a polyglot or a decompression
// bomb never survives) and stored through the storage adapter, so every instance serves it. The public
// name is a hash of the bytes: a new photo gets a new address, and the old files are removed.
import { createHash } from 'node:crypto';
import { authValidationKeys } from '../../../contract/auth';
import { PHOTO_MAX_BYTES, PHOTO_SIZES, type PhotoSize } from '../../../contract/photos';
import { removeStored, sniffContentType, type FileStorage } from '../../adapters/storage';
import type { Db, Queryable } from '../../db';
import { ImageRejected, reencodeImage } from '../../lib/images';

interface PhotoRow {
  hash: string;
  small_key: string;
  large_key: string;
}

/** The photo's two clean WebP copies, or the validation key of what is wrong with the bytes. */
export async function preparePhoto(bytes: Uint8Array): Promise<Record<PhotoSize, Buffer> | string> {
  if (bytes.byteLength > PHOTO_MAX_BYTES) return authValidationKeys.fileTooLarge;
  const type = sniffContentType(bytes);
  if (!type || type === 'application/pdf') return authValidationKeys.photoType;
  try {
    const [small, large] = await Promise.all([
      reencodeImage(bytes, { format: 'webp', square: true, maxWidth: PHOTO_SIZES.small, maxHeight: PHOTO_SIZES.small }),
      reencodeImage(bytes, { format: 'webp', square: true, maxWidth: PHOTO_SIZES.large, maxHeight: PHOTO_SIZES.large }),
    ]);
    return { small: small.data, large: large.data };
  } catch (err) {
    if (err instanceof ImageRejected) return err.reason === 'too_large' ? authValidationKeys.imageTooLarge : authValidationKeys.photoType;
    throw err;
  }
}

// The teacher's id is part of the hash, so two teachers sending the same picture never share a name.
const hashOf = (teacherId: number, copies: Record<PhotoSize, Buffer>) =>
  createHash('sha256').update(`${teacherId}:`).update(copies.small).update(copies.large).digest('hex').slice(0, 32);

/** Stores the copies and makes them the teacher's photo; the previous photo's files are removed. */
export async function savePhoto(
  db: Db,
  storage: FileStorage,
  teacherId: number,
  copies: Record<PhotoSize, Buffer>,
  now: Date,
): Promise<string> {
  const hash = hashOf(teacherId, copies);
  const smallKey = await storage.put(copies.small);
  let largeKey: string | undefined;
  try {
    largeKey = await storage.put(copies.large);
    const key = largeKey;
    const previous = await db.transaction(async (tx) => {
      const old = await tx.one<PhotoRow>('SELECT hash, small_key, large_key FROM teacher_photos WHERE teacher_id = $1 FOR UPDATE', [
        teacherId,
      ]);
      await tx.query(
        `INSERT INTO teacher_photos (teacher_id, hash, small_key, large_key, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (teacher_id) DO UPDATE SET hash = $2, small_key = $3, large_key = $4, updated_at = $5`,
        [teacherId, hash, smallKey, key, now],
      );
      return old;
    });
    if (previous) await removeFiles(storage, previous);
    return hash;
  } catch (err) {
    await removeFiles(storage, { small_key: smallKey, large_key: largeKey ?? '' });
    throw err;
  }
}

function removeFiles(storage: FileStorage, row: Pick<PhotoRow, 'small_key' | 'large_key'>): Promise<void> {
  return removeStored(storage, [row.small_key, row.large_key]);
}

export async function deletePhoto(db: Db, storage: FileStorage, teacherId: number): Promise<void> {
  const row = await db.one<PhotoRow>('DELETE FROM teacher_photos WHERE teacher_id = $1 RETURNING hash, small_key, large_key', [teacherId]);
  if (row) await removeFiles(storage, row);
}

export async function photoOf(q: Queryable, teacherId: number): Promise<string | null> {
  return (await q.one<{ hash: string }>('SELECT hash FROM teacher_photos WHERE teacher_id = $1', [teacherId]))?.hash ?? null;
}

/** The stored bytes of one size of the photo with this hash, or null. */
export async function photoBytes(q: Queryable, storage: FileStorage, hash: string, size: PhotoSize): Promise<Uint8Array | null> {
  const row = await q.one<PhotoRow>('SELECT hash, small_key, large_key FROM teacher_photos WHERE hash = $1', [hash]);
  if (!row) return null;
  return storage.get(size === 'small' ? row.small_key : row.large_key);
}
