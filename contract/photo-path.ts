// A teacher photo's sizes and address (contract/photos.ts has the wire format). Apart from the schemas
// so an avatar can name its file without bringing zod to a page that checks nothing.

/** Side of each square WebP in pixels: small for cards and lists (2× an 80 px avatar), large for the teacher page. */
export const PHOTO_SIZES = { small: 160, large: 480 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** The photo's address under the API base (`…/api/`). */
export function photoPath(hash: string, size: PhotoSize): string {
  return `v1/photos/${hash}-${PHOTO_SIZES[size]}.webp`;
}
