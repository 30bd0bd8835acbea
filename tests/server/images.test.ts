// server/lib/images.ts: clean re-encoding within limits, metadata gone, bombs and non-images refused.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejected, reencodeImage } from '../../server/lib/images';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header that claims side × side grey pixels, with one compressed row of data. */
function pngClaiming(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(side + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
    .toBuffer();
}

describe('reencodeImage', () => {
  it('re-encodes to WebP inside the box and drops the metadata', async () => {
    const input = await jpegWithExif(1200, 800);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await reencodeImage(input, { maxWidth: 600, maxHeight: 600 });
    const meta = await sharp(out.data).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([600, 400]);
    expect(meta.exif).toBeUndefined();
    expect(out.data.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('crops a square when asked and never enlarges', async () => {
    const out = await reencodeImage(await jpegWithExif(300, 200), { maxWidth: 512, square: true });
    expect([out.width, out.height]).toEqual([200, 200]);
  });

  it('drops bytes appended after the image (a polyglot does not survive)', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(1)</script>%PDF-1.4 /JavaScript')]);
    const out = await reencodeImage(polyglot, { format: 'png' });
    expect(out.data.includes(Buffer.from('<script>'))).toBe(false);
    expect(out.data.includes(Buffer.from('/JavaScript'))).toBe(false);
  });

  it('refuses a decompression bomb from its header, and bytes that are no image', async () => {
    // A 20000 × 20000 image compresses to almost nothing; its header alone is enough to refuse it.
    const bomb = pngClaiming(20_000);
    expect(bomb.length).toBeLessThan(1_000);
    await expect(reencodeImage(bomb)).rejects.toMatchObject({ reason: 'too_large' });
    await expect(reencodeImage(Buffer.from('%PDF-1.4 not an image'))).rejects.toBeInstanceOf(ImageRejected);
    const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(reencodeImage(tiny)).rejects.toMatchObject({ reason: 'too_small' });
  });
});
