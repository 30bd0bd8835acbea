// Teacher photos (issue 11): the wire format and the two sizes every client asks for.
//
//   PUT    v1/profile/photo   (teacher, multipart field `photo`: JPEG, PNG or WebP, ≤ 5 MB) → { message, data: { photo } }
//   DELETE v1/profile/photo   (teacher)                                                  → { message, data: { photo: null } }
//   GET    v1/photos/{hash}-{size}.webp  (public, immutable: a new photo has a new hash)
//
// Cards, the teacher page and request summaries carry `photo`: the hash, or null for no photo.
import { z } from 'zod';

/** Side of each square WebP in pixels: small for cards and lists (2× an 80 px avatar), large for the teacher page. */
export const PHOTO_SIZES = { small: 160, large: 480 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_FIELD = 'photo';

export const photoHashSchema = z.string().regex(/^[a-f0-9]{32}$/);
/** A photo's content hash, or null when the teacher has none. */
export const photoSchema = photoHashSchema.nullable();

/** The photo's address under the API base (`…/api/`). */
export function photoPath(hash: string, size: PhotoSize): string {
  return `v1/photos/${hash}-${PHOTO_SIZES[size]}.webp`;
}

export const photoResultSchema = z.object({ photo: photoSchema });
export type PhotoResult = z.infer<typeof photoResultSchema>;
