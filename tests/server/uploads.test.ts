// The teacher's documents: the type comes from the bytes (a renamed executable is refused whatever its
// name and declared type), 5 MB at most, stored under random names outside any web root, and served
// only to their owner with the sniffed type, inline, nosniff.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileResponseSchema } from '../../contract/auth';
import { validationErrorBodySchema } from '../../contract/envelope';
import { sniffContentType } from '../../server/adapters/storage';
import { probeImage } from '../../server/lib/images';
import { authApp, EXE, JPEG, newPhone, PDF, PNG, WEBP } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp);

async function documentsOf(token: string) {
  const res = await t.get('/api/v1/profile', { token });
  return profileResponseSchema.parse(await res.json()).data.documents;
}

describe('sniffing', () => {
  it('knows JPEG, PNG, WebP and PDF by their first bytes and nothing else', () => {
    expect([JPEG, PNG, WEBP, PDF].map(sniffContentType)).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
    expect(sniffContentType(EXE)).toBeNull();
    expect(sniffContentType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    // RIFF that is not WebP (a WAV file).
    expect(sniffContentType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
  });
});

describe('sign-up documents', () => {
  it('refuses a renamed executable declared as a PNG, and stores nothing', async () => {
    const before = await readdir(t.uploadDir);
    const phone = newPhone();
    const form = await t.teacherForm(phone, { id_front: new File([EXE], 'photo.png', { type: 'image/png' }) });
    const res = await t.post('/api/v1/auth/register', form, { locale: 'en' });
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({
      id_front: ['Only an image (JPEG, PNG or WebP) or a PDF file is accepted'],
    });
    expect(await readdir(t.uploadDir)).toEqual(before);
    expect(await t.db.one('SELECT id FROM users WHERE phone = $1', [phone])).toBeUndefined();
  });

  it('refuses a file over 5 MB with a field error', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const res = await t.post(
      '/api/v1/auth/register',
      await t.teacherForm(newPhone(), { qualification_scan: new File([big], 'scan.pdf', { type: 'application/pdf' }) }),
    );
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({
      qualification_scan: ['The file must not be larger than 5 MB'],
    });
  });

  it('accepts a file of exactly 5 MB', async () => {
    const max = new Uint8Array(5 * 1024 * 1024);
    max.set(JPEG);
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { id_back: new File([max], 'back.jpg') }));
    expect(res.status).toBe(201);
  });

  it('a text value where a file belongs is refused', async () => {
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { id_front: 'C:\\photo.png' }));
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({
      id_front: ['Only an image (JPEG, PNG or WebP) or a PDF file is accepted'],
    });
  });

  it('a body over the upload limit as a whole → 413', async () => {
    const huge = new Uint8Array(17 * 1024 * 1024);
    const res = await t.post('/api/v1/auth/register', await t.teacherForm(newPhone(), { id_front: new File([huge], 'a.png') }));
    expect(res.status).toBe(413);
  });

  it('stores the re-encoded image under a random name that is neither the file name nor guessable from it', async () => {
    const teacher = await t.signUpTeacher();
    const rows = await t.db.query<{ storage_key: string; kind: string; content_type: string }>(
      'SELECT storage_key, kind, content_type FROM uploads WHERE owner_id = $1 ORDER BY kind',
      [teacher.id],
    );
    expect(rows.map((r) => [r.kind, r.content_type])).toEqual([
      ['id_back', 'image/jpeg'],
      ['id_front', 'image/png'],
      ['qualification_scan', 'application/pdf'],
    ]);
    for (const r of rows) expect(r.storage_key).toMatch(/^[a-f0-9]{32}$/);
    const onDisk = await readFile(path.join(t.uploadDir, rows.find((r) => r.kind === 'id_front')!.storage_key));
    // Re-encoded: still a PNG of the same size, but not the bytes that were sent.
    expect(sniffContentType(new Uint8Array(onDisk))).toBe('image/png');
    expect((await probeImage(onDisk)).width).toBe(16);
  });
});

describe('GET /api/v1/files/:id', () => {
  it('serves the owner the bytes with the sniffed type, inline, nosniff, never cached', async () => {
    const form = await t.teacherForm(newPhone(), { qualification_scan: new File([WEBP], 'scan.pdf', { type: 'application/pdf' }) });
    const res = await t.post('/api/v1/auth/register', form);
    const { token } = (await res.json()).data as { token: string };
    const docs = await documentsOf(token);
    const file = await t.get(docs.qualification_scan!, { token });
    expect(file.status).toBe(200);
    // The declared type said PDF; the bytes say WebP.
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('content-disposition')).toBe('inline; filename="qualification_scan.webp"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const served = new Uint8Array(await file.arrayBuffer());
    expect(sniffContentType(served)).toBe('image/webp');
    expect(await probeImage(served)).toMatchObject({ width: 16, height: 16 });
  });

  it('403 for another user (teacher or student), 401 without a token, 404 for an unknown id', async () => {
    const owner = await t.signUpTeacher();
    const otherTeacher = await t.signUpTeacher();
    const student = await t.signUpStudent();
    const url = (await documentsOf(owner.token)).id_front!;
    expect((await t.get(url, { token: owner.token })).status).toBe(200);
    expect((await t.get(url, { token: otherTeacher.token })).status).toBe(403);
    const asStudent = await t.get(url, { token: student.token });
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toEqual({ message: 'You are not allowed to open this file' });
    expect((await t.get(url)).status).toBe(401);
    expect((await t.get('/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA', { token: owner.token })).status).toBe(404);
  });
});
