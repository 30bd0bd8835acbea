// document scans are decoded and re-encoded within pixel limits (metadata stripped, a
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
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n4 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
};

/** A PNG whose header claims `side`×`side` pixels: the decompression bomb (only its header is read). */
async function bombPng(side: number): Promise<Uint8Array<ArrayBuffer>> {
  const png = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
  );
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
    [
      'JavaScript on open',
      pdf('1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj 2 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'),
    ],
    ['a launch action', pdf('1 0 obj << /Type /Action /S /Launch /F (cmd.exe) >> endobj')],
    ['an embedded file', pdf('1 0 obj << /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >> endobj')],
    ['an additional-actions dictionary', pdf('3 0 obj << /Type /Page /AA << /O 4 0 R >> >> endobj')],
    ['rich media', pdf('5 0 obj << /Subtype /RichMedia >> endobj')],
    ['a name hidden with # escapes', pdf('2 0 obj << /S /J#61vaScript /J#53 (x) >> endobj')],
    ['JavaScript inside a compressed object stream', flateStream('2 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj')],
  ])('finds %s', (_name, bytes) => {
    expect(pdfActiveContent(bytes)).not.toEqual([]);
  });

  // An object stream behind other filters: `filters` is the /Filter value, `data` the encoded bytes.
  const objStm = (filters: string, data: Buffer, extra = '') =>
    Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter ${filters}${extra} /Length ${data.length} >>\nstream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
  const evil = Buffer.from('2 0 obj << /Type /Action /S /JavaScript /JS (app.launchURL("x")) >> endobj', 'latin1');
  const hex = (b: Buffer) => Buffer.from(`${b.toString('hex').replace(/(.{64})/g, '$1\n')}>`, 'latin1');
  const a85 = (b: Buffer) => {
    let out = '';
    for (let i = 0; i < b.length; i += 4) {
      const chunk = Buffer.concat([b.subarray(i, i + 4), Buffer.alloc(4)]).subarray(0, 4);
      let v = chunk.readUInt32BE(0);
      const digits: string[] = [];
      for (let k = 0; k < 5; k++) {
        digits.unshift(String.fromCharCode(33 + (v % 85)));
        v = Math.floor(v / 85);
      }
      out += digits.join('').slice(0, Math.min(4, b.length - i) + 1);
    }
    return Buffer.from(`${out}~>`, 'latin1');
  };
  /** PNG "Up" predictor rows of `columns` bytes: each row stored as its difference from the row above. */
  const pngUp = (b: Buffer, columns: number) => {
    const rows: Buffer[] = [];
    const padded = Buffer.concat([b, Buffer.alloc((columns - (b.length % columns)) % columns, 0x20)]);
    for (let r = 0; r < padded.length; r += columns) {
      const row = Buffer.from(padded.subarray(r, r + columns));
      const prev = r ? padded.subarray(r - columns, r) : Buffer.alloc(columns);
      for (let i = 0; i < columns; i++) row[i] = (row[i]! - prev[i]!) & 255;
      rows.push(Buffer.from([2]), row);
    }
    return Buffer.concat(rows);
  };
  const runLength = (b: Buffer) =>
    Buffer.concat(
      [...Array(Math.ceil(b.length / 128)).keys()]
        .flatMap((k) => {
          const part = b.subarray(k * 128, k * 128 + 128);
          return [Buffer.from([part.length - 1]), part];
        })
        .concat([Buffer.from([128])]),
    );

  it.each([
    ['hex-encoded', objStm('/ASCIIHexDecode', hex(evil))],
    ['hex over Flate', objStm('[/ASCIIHexDecode /FlateDecode]', hex(deflateSync(evil)))],
    ['ASCII85 over Flate, the filter name escaped', objStm('[/ASCII85Decode /Fl#61teDecode]', a85(deflateSync(evil)))],
    [
      'Flate with a PNG predictor that scrambles the names',
      objStm('/FlateDecode', deflateSync(pngUp(evil, 7)), ' /DecodeParms << /Predictor 12 /Columns 7 >>'),
    ],
    ['run-length encoded', objStm('/RunLengthDecode', runLength(evil))],
  ])('finds JavaScript in an object stream %s', (_name, bytes) => {
    expect(pdfActiveContent(bytes)).toEqual(expect.arrayContaining(['/JavaScript']));
  });

  it('refuses what it cannot read: an unknown or crypt filter, an encrypted file, an object stream posing as an image', () => {
    expect(pdfActiveContent(objStm('/Crypt', evil))).toEqual(['unreadable']);
    expect(pdfActiveContent(objStm('/NoSuchDecode', evil))).toEqual(['unreadable']);
    expect(pdfActiveContent(objStm('/DCTDecode', evil))).toEqual(['unreadable']);
    expect(pdfActiveContent(pdf('trailer << /Root 1 0 R /Encrypt 5 0 R >>'))).toEqual(['unreadable']);
  });

  it('bounds decoding by the file size: a small file that inflates to megabytes is refused, and quickly', () => {
    const bomb = objStm('/FlateDecode', deflateSync(Buffer.alloc(8 * 1024 * 1024, 0x20)));
    expect(bomb.length).toBeLessThan(20_000);
    const started = performance.now();
    expect(pdfActiveContent(bomb)).toEqual(['unreadable']);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('passes a scan: its image bytes are not read as syntax (these spell /JS), its content stream is', () => {
    const scan = Buffer.concat([
      Buffer.from(
        '%PDF-1.7\n1 0 obj << /Type /XObject /Subtype /Image /Width 2 /Height 2 /Filter /DCTDecode /Length 6 >>\nstream\n',
        'latin1',
      ),
      Buffer.from([0xff, 0xd8, 0x00, 0x2f, 0x4a, 0x53]),
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
      objStm('/FlateDecode', deflateSync(Buffer.from('q 100 0 0 100 0 0 cm /Im1 Do Q', 'latin1'))).subarray(9),
    ]);
    expect(pdfActiveContent(scan)).toEqual([]);
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
    const res = await t.post(
      '/api/v1/auth/register',
      await t.teacherForm(newPhone(), { id_back: new File([withExif], 'back.jpg', { type: 'image/jpeg' }) }),
    );
    expect(res.status).toBe(201);
    const { token } = (await res.json()).data as { token: string };
    const profile = (await (await t.get('/api/v1/profile', { token })).json()) as { data: { documents: { id_back: string } } };
    const stored = Buffer.from(await (await t.get(profile.data.documents.id_back, { token })).arrayBuffer());
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes('secret-owner-name')).toBe(false);
  });
});
