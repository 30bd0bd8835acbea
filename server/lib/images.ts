// Decoding and re-encoding of every uploaded image (document scans, teacher photos). Nothing a user
// sends is stored or served as sent: the header's dimensions are checked before any pixel is decoded
// (a decompression bomb is refused cheaply), the image is decoded by sharp within a pixel limit, turned
// upright by its EXIF orientation and encoded anew, which drops all metadata (EXIF, GPS, ICC comments)
// and anything appended to or hidden in the file (a polyglot does not survive re-encoding).
import sharp, { type Metadata } from 'sharp';

/** Largest side accepted from a user, in pixels. Phone cameras stay well below it. */
export const MAX_IMAGE_SIDE = 10_000;
/** Largest image accepted, in pixels (width × height): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Smallest side worth keeping: anything smaller is not a readable scan or a face. */
export const MIN_IMAGE_SIDE = 16;

export type ImageRejection = 'not_an_image' | 'too_large' | 'too_small';

export class ImageRejected extends Error {
  readonly reason: ImageRejection;
  constructor(reason: ImageRejection, options?: { cause?: unknown }) {
    super(`image rejected: ${reason}`, options);
    this.name = 'ImageRejected';
    this.reason = reason;
  }
}

export type ImageFormat = 'webp' | 'jpeg' | 'png';

export interface ReencodeOptions {
  /** Output format; WebP unless a consumer needs another. */
  format?: ImageFormat;
  /** Fit inside this box (never enlarged); omitted: keep the size. */
  maxWidth?: number;
  maxHeight?: number;
  /** Square crop to the centre (avatars). */
  square?: boolean;
  quality?: number;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: `image/${ImageFormat}`;
}

/** Header-only look at an image: its dimensions, or ImageRejected. Decodes no pixels. */
export async function probeImage(bytes: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new ImageRejected('not_an_image', { cause });
  }
  const { width, height, format } = meta;
  if (!width || !height || !format) throw new ImageRejected('not_an_image');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejected('too_large');
  }
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) throw new ImageRejected('too_small');
  return { width, height, format };
}

/** Decodes within the limits and encodes a clean copy without metadata. */
export async function reencodeImage(bytes: Uint8Array, options: ReencodeOptions = {}): Promise<EncodedImage> {
  const probed = await probeImage(bytes);
  const format = options.format ?? 'webp';
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false }).rotate();
    if (options.square) {
      // The square is never larger than the image's short side (no enlargement, no letterbox).
      const side = Math.min(options.maxWidth ?? MAX_IMAGE_SIDE, options.maxHeight ?? MAX_IMAGE_SIDE, probed.width, probed.height);
      pipeline = pipeline.resize({ width: side, height: side, fit: 'cover', position: 'attention' });
    } else if (options.maxWidth || options.maxHeight) {
      pipeline = pipeline.resize({
        width: options.maxWidth,
        height: options.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    const quality = options.quality ?? 82;
    pipeline =
      format === 'webp'
        ? pipeline.webp({ quality })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality, mozjpeg: true })
          : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: `image/${format}` };
  } catch (cause) {
    if (cause instanceof ImageRejected) throw cause;
    throw new ImageRejected('not_an_image', { cause });
  }
}
