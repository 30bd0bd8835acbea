// Teacher photos: the wire format and the two sizes every client asks for.
//
//   PUT    v1/profile/photo   (teacher, multipart field `photo`: JPEG, PNG or WebP, ≤ 5 MB) → { message, data: { photo } }
//   DELETE v1/profile/photo   (teacher)                                                  → { message, data: { photo: null } }
//   GET    v1/photos/{hash}-{size}.webp  (public, immutable: a new photo has a new hash)
//
// Cards, the teacher page and request summaries carry `photo`: the hash, or null for no photo.
import { z } from 'zod';
import { envelopeSchema } from './envelope';

export { PHOTO_SIZES, /** @internal */ photoPath, type PhotoSize } from './photo-path';
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_FIELD = 'photo';

export const photoHashSchema = z.string().regex(/^[a-f0-9]{32}$/);
/** A photo's content hash, or null when the teacher has none. */
export const photoSchema = photoHashSchema.nullable();

export const photoResultSchema = z.object({ photo: photoSchema });
export type PhotoResult = z.infer<typeof photoResultSchema>;
export const photoResultResponseSchema = envelopeSchema(photoResultSchema);
