// Issue 15: document scans are decoded and re-encoded within pixel limits (metadata stripped, a
// decompression bomb refused), and a PDF carrying active content is refused with a clear message.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { validationErrorBodySchema } from '../../contract/envelope';
import { pdfActiveContent } from '../../server/lib/pdf-check';
import { authApp, newPhone, PDF } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp, 120_000);

const pdf = (body: string) => new TextEncoder().encode(`%PDF-1.7\n${body}\n%%EOF\n`);
const flateStream = (content: string) => {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  return Buffer.concat([Buffer.from(`%PDF-1.7\n4 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1')]);
};

/** A PNG whose header claims `side`×`side` pixels: the decompression bomb (only its header is read). */
async function bombPng(side: number): Promise<Uint8Array<ArrayBuffer>> {
  const png = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).png().toBuffer());
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  // The IHDR chunk's CRC covers its type and data (bytes 12–28).
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
}
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

describe('the PDF check', () => {
  it.each([
    ['JavaScript on open', pdf('1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj 2 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj')],
    ['a launch action', pdf('1 0 obj << /Type /Action /S /Launch /F (cmd.exe) >> endobj')],
    ['an embedded file', pdf('1 0 obj << /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >> endobj')],
    ['an additional-actions dictionary', pdf('3 0 obj << /Type /Page /AA << /O 4 0 R >> >> endobj')],
    ['rich media', pdf('5 0 obj << /Subtype /RichMedia >> endobj')],
    ['a name hidden with # escapes', pdf('2 0 obj << /S /J#61vaScript /J#53 (x) >> endobj')],
    ['JavaScript inside a compressed object stream', flateStream('2 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj')],
  ])('finds %s', (_name, bytes) => {
    expect(pdfActiveContent(bytes)).not.toEqual([]);
  });

  it('passes a plain document, even one that opens on a page', () => {
    expect(pdfActiveContent(PDF)).toEqual([]);
    expect(pdfActiveContent(pdf('1 0 obj << /Type /Catalog /OpenAction [3 0 R /Fit] >> endobj /JSomething'))).toEqual([]);
  });
});

describe('teacher documents', () => {
  it('a PDF with JavaScript is refused with a localized message, in both languages', async () => {
    const evil = pdf('1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.launchURL("x")) >> >> endobj');
    for (const [locale, text] of [
      ['en', 'This PDF contains scripts or embedded content; please upload a plain scanned copy of the document'],
      ['ar', 'يحتوي ملف PDF على برمجيات أو مرفقات نشطة؛ يرجى رفع نسخة ممسوحة عادية من المستند'],
    ] as const) {
      const phone = newPhone();
      const form = await t.teacherForm(phone, { qualification_scan: new File([evil], 'degree.pdf', { type: 'application/pdf' }) });
      const res = await t.post('/api/v1/auth/register', form, { locale });
      expect(res.status).toBe(400);
      expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({ qualification_scan: [text] });
      expect(await t.db.one('SELECT id FROM users WHERE phone = $1', [phone])).toBeUndefined();
    }
  });

  it('a 20000×20000 decompression bomb is refused without decoding it', async () => {
    const form = await t.teacherForm(newPhone(), { id_front: new File([await bombPng(20_000)], 'front.png', { type: 'image/png' }) });
    const res = await t.post('/api/v1/auth/register', form, { locale: 'en' });
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({
      id_front: ['The image is too large; please upload one at most 10,000 pixels wide and high'],
    });
  });

  it('a photo is stored without its metadata (EXIF location gone)', async () => {
    const withExif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#345' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner-name', Artist: 'secret-owner-name' } })
      .toBuffer();
    expect(withExif.includes('secret-owner-name')).toBe(true);
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { id_back: new File([withExif], 'back.jpg', { type: 'image/jpeg' }) }));
    expect(res.status).toBe(201);
    const { token } = (await res.json()).data as { token: string };
    const profile = (await (await t.get('/api/v1/profile', { token })).json()) as { data: { documents: { id_back: string } } };
    const stored = Buffer.from(await (await t.get(profile.data.documents.id_back, { token })).arrayBuffer());
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes('secret-owner-name')).toBe(false);
  });
});
