// Teacher photos: a teacher's upload comes back as two clean WebP squares (no metadata,
// nothing appended survives), served publicly under a content-hashed name with a year-long cache, shown
// on their card; a student cannot upload, and a teacher changes only their own photo.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationErrorBodySchema } from '../../contract/envelope';
import { photoPath, photoResultSchema } from '../../contract/photos';
import type { TeacherCard } from '../../contract/teachers';
import { createDbStorage } from '../../server/adapters/storage';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { seededDb } from './helpers';
import { makeStudent, makeTeacher } from './requests-helpers';

let t: Awaited<ReturnType<typeof seededDb>>;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await seededDb();
  app = createApp({ db: t.db, log: createLogger('silent'), auth: { storage: createDbStorage(t.db) } });
});
afterAll(() => t.close());

async function upload(userId: number, bytes: Uint8Array, name = 'me.jpg') {
  const form = new FormData();
  form.set('photo', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
  const token = await issueToken(t.db, userId, new Date());
  return app.request('/api/v1/profile/photo', {
    method: 'PUT',
    body: form,
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' },
  });
}

const exifJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'home-address-gps' } } })
    .toBuffer();

async function cardOf(id: number): Promise<TeacherCard | undefined> {
  const res = await app.request('/api/v1/teachers?per_page=50&search=Photo', { headers: { 'Accept-Language': 'en' } });
  return ((await res.json()) as { data: TeacherCard[] }).data.find((c) => c.id === id);
}

describe('teacher photos', () => {
  it('re-encodes an upload to WebP squares of 160 and 480 px without metadata, shown on the card', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Photo', last: 'One' });
    expect((await cardOf(teacher))?.photo).toBeNull();
    const res = await upload(teacher, await exifJpeg(1200, 900));
    expect(res.status, await res.clone().text()).toBe(200);
    const { photo } = photoResultSchema.parse(((await res.json()) as { data: unknown }).data);
    expect(photo).toMatch(/^[a-f0-9]{32}$/);
    expect((await cardOf(teacher))?.photo).toBe(photo);

    for (const [size, side] of [
      ['small', 160],
      ['large', 480],
    ] as const) {
      const file = await app.request(`/api/${photoPath(photo!, size)}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      // Kept by caches but asked again each time: a removed photo must not live on in them.
      expect(file.headers.get('cache-control')).toBe('public, no-cache');
      expect(file.headers.get('etag')).toBe(`"${photo}-${side}"`);
      const bytes = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', side, side]);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('home-address-gps'))).toBe(false);
    }
    // An unknown hash or size is not found.
    expect((await app.request(`/api/v1/photos/${photo}-200.webp`)).status).toBe(404);
    expect((await app.request(`/api/v1/photos/${'f'.repeat(32)}-160.webp`)).status).toBe(404);
  });

  it('a new photo gets a new address and the old one is gone; removing it brings back the initials', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Photo', last: 'Two' });
    const first = photoResultSchema.parse(
      ((await (await upload(teacher, await exifJpeg(300, 300))).json()) as { data: unknown }).data,
    ).photo!;
    const png = await sharp({ create: { width: 500, height: 200, channels: 3, background: '#933' } })
      .png()
      .toBuffer();
    const second = photoResultSchema.parse(((await (await upload(teacher, png, 'me.png')).json()) as { data: unknown }).data).photo!;
    expect(second).not.toBe(first);
    expect((await app.request(`/api/${photoPath(first, 'small')}`)).status).toBe(404);
    // Never enlarged: a 200 px short side gives a 200 px large square.
    const large = await sharp(Buffer.from(await (await app.request(`/api/${photoPath(second, 'large')}`)).arrayBuffer())).metadata();
    expect([large.width, large.height]).toEqual([200, 200]);
    expect((await cardOf(teacher))?.photo).toBe(second);

    // A cache revalidating its copy gets a bodiless 304 while the photo exists…
    const cached = await app.request(`/api/${photoPath(second, 'small')}`);
    const revalidated = await app.request(`/api/${photoPath(second, 'small')}`, {
      headers: { 'If-None-Match': cached.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
    const token = await issueToken(t.db, teacher, new Date());
    const removed = await app.request('/api/v1/profile/photo', { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(removed.status).toBe(200);
    expect((await cardOf(teacher))?.photo).toBeNull();
    expect((await app.request(`/api/${photoPath(second, 'small')}`)).status).toBe(404);
    // …and a 404 once it is removed, so no cache serves it on.
    expect(
      (await app.request(`/api/${photoPath(second, 'small')}`, { headers: { 'If-None-Match': cached.headers.get('etag')! } })).status,
    ).toBe(404);
  });

  it('neutralises a polyglot: script bytes appended to a real image never reach the served file', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Photo', last: 'Three' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(1)</script>%PDF-1.4 /JavaScript')]);
    const res = await upload(teacher, polyglot, 'x.html');
    expect(res.status).toBe(200);
    const { photo } = photoResultSchema.parse(((await res.json()) as { data: unknown }).data);
    const served = Buffer.from(await (await app.request(`/api/${photoPath(photo!, 'small')}`)).arrayBuffer());
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.includes(Buffer.from('/JavaScript'))).toBe(false);
  });

  it('refuses what is not an image, a PDF and an oversized file with a field error', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Photo', last: 'Four' });
    for (const bytes of [
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      new TextEncoder().encode('%PDF-1.4 hello'),
    ]) {
      const res = await upload(teacher, bytes);
      expect(res.status).toBe(400);
      expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({ photo: ['Only a JPEG, PNG or WebP image is accepted'] });
    }
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const res = await upload(teacher, big);
    expect(res.status).toBe(400);
    expect(validationErrorBodySchema.parse(await res.json()).errors).toEqual({ photo: ['The file must not be larger than 5 MB'] });
    expect((await cardOf(teacher))?.photo).toBeNull();
  });

  it('a student cannot upload, and a teacher only ever changes their own photo', async () => {
    const student = await makeStudent(t.db);
    expect((await upload(student, await exifJpeg(100, 100))).status).toBe(403);
    const mine = await makeTeacher(t.db, { first: 'Photo', last: 'Mine' });
    const other = await makeTeacher(t.db, { first: 'Photo', last: 'Other' });
    const theirs = photoResultSchema.parse(
      ((await (await upload(other, await exifJpeg(100, 100))).json()) as { data: unknown }).data,
    ).photo;
    await upload(mine, await exifJpeg(120, 120));
    const token = await issueToken(t.db, mine, new Date());
    await app.request('/api/v1/profile/photo', { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect((await cardOf(other))?.photo).toBe(theirs);
    expect((await cardOf(mine))?.photo).toBeNull();
  });
});
