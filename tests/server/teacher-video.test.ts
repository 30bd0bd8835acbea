// Teachers' intro videos: real MP4 and WebM files (tests/fixtures/video, made with ffmpeg) are accepted
// with their duration read from the container; a video over 60 s, a file with another container's
// header and a body past 30 MB are refused with a localized message (the large body is streamed and
// refused before it is all read); the public stream honours Range requests; a teacher who is not active
// shows no video (staff review sees it in any status); removing it takes it away at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teacherVideoResultSchema } from '../../contract/teacher-video-schema';
import { teacherPosterPath, teacherVideoPath, VIDEO_MAX_BYTES } from '../../contract/teacher-video';
import { createDbStorage } from '../../server/adapters/storage';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { seededDb } from './helpers';
import { makeStudent, makeTeacher } from './requests-helpers';

const admin = { token: 'test-admin-token-video-0123456789', loopbackOnly: false };
const FIXTURES = path.join(import.meta.dirname, '../fixtures/video');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

let t: Awaited<ReturnType<typeof seededDb>>;
let app: ReturnType<typeof createApp>;
let poster: Uint8Array;
beforeAll(async () => {
  t = await seededDb();
  app = createApp({ db: t.db, log: createLogger('silent'), auth: { storage: createDbStorage(t.db) }, admin });
  poster = new Uint8Array(
    await sharp({ create: { width: 160, height: 90, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(() => t.close());

const bearer = async (userId: number) => `Bearer ${await issueToken(t.db, userId, new Date())}`;

async function upload(userId: number, video: Uint8Array, name: string, options: { poster?: Uint8Array; locale?: string } = {}) {
  const form = new FormData();
  form.set('video', new File([new Uint8Array(video)], name, { type: 'video/mp4' }));
  form.set('poster', new File([new Uint8Array(options.poster ?? poster)], 'poster.jpg', { type: 'image/jpeg' }));
  return app.request('/api/v1/profile/video', {
    method: 'POST',
    body: form,
    headers: { Authorization: await bearer(userId), 'Accept-Language': options.locale ?? 'en' },
  });
}

async function uploaded(userId: number, name: string) {
  const res = await upload(userId, fixture(name), name);
  expect(res.status, await res.clone().text()).toBe(200);
  const { video } = teacherVideoResultSchema.parse(((await res.json()) as { data: unknown }).data);
  return video!;
}

const get = (url: string, headers: Record<string, string> = {}) => app.request(`/api/${url}`, { headers });
/** The admin API as the command line (an admin): staff review. */
const asStaff = (url: string) => app.request(`/api/admin/${url}`, { headers: { Authorization: `Bearer ${admin.token}` } });

describe('uploading an intro video', () => {
  it('accepts a 3 s MP4, streams it whole with its type, ETag and cache headers, and shows it on the page and preview', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Mp4' });
    const video = await uploaded(teacher, 'intro-3s.mp4');
    expect(video).toMatchObject({ content_type: 'video/mp4', duration_ms: 3000, size: fixture('intro-3s.mp4').byteLength });

    const res = await get(teacherVideoPath(teacher, video.version));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${video.version}"`);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(fixture('intro-3s.mp4')))).toBe(true);
    expect((await get(teacherVideoPath(teacher, video.version), { 'If-None-Match': `"${video.version}"` })).status).toBe(304);

    const posterRes = await get(teacherPosterPath(teacher, video.version));
    expect(posterRes.status).toBe(200);
    expect(posterRes.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await posterRes.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 90]);

    const page = (await (await get(`v1/teachers/${teacher}`)).json()) as { data: { video: string | null } };
    expect(page.data.video).toBe(video.version);
    const preview = (await (await get(`v1/teachers/${teacher}/preview`)).json()) as { data: { video: string | null } };
    expect(preview.data.video).toBe(video.version);
    const own = (await (await app.request('/api/v1/profile/video', { headers: { Authorization: await bearer(teacher) } })).json()) as {
      data: unknown;
    };
    expect(teacherVideoResultSchema.parse(own.data).video).toEqual(video);
  });

  it('accepts a 3 s WebM, and a new video replaces the old one at a new version', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Webm' });
    const first = await uploaded(teacher, 'intro-3s.mp4');
    const second = await uploaded(teacher, 'intro-3s.webm');
    expect(second).toMatchObject({ content_type: 'video/webm', duration_ms: 3008 });
    expect(second.version).not.toBe(first.version);
    const res = await get(teacherVideoPath(teacher, second.version));
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(fixture('intro-3s.webm')))).toBe(true);
    // One row, and the first video's files are gone from storage.
    const stored = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
    const videos = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM teacher_videos WHERE teacher_id = $1', [teacher]);
    expect(videos?.n).toBe(1);
    await uploaded(teacher, 'intro-3s.webm');
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM stored_files'))?.n).toBe(stored?.n);
  });

  it('refuses a video over 60 s (MP4 and WebM) with a 422 in the caller’s language', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Long' });
    const en = await upload(teacher, fixture('long-61s.mp4'), 'long.mp4');
    expect(en.status).toBe(422);
    expect(((await en.json()) as { message: string }).message).toBe('The video is longer than 60 seconds; choose a shorter one');
    const ar = await upload(teacher, fixture('long-61s.webm'), 'long.webm', { locale: 'ar' });
    expect(ar.status).toBe(422);
    expect(((await ar.json()) as { message: string }).message).toBe('الفيديو أطول من 60 ثانية؛ اختر مقطعًا أقصر');
    expect(await t.db.one('SELECT 1 FROM teacher_videos WHERE teacher_id = $1', [teacher])).toBeUndefined();
  });

  it('refuses a file whose header is not MP4 or WebM, whatever its name says (an AVI named .mp4)', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Avi' });
    const res = await upload(teacher, fixture('not-a-video.mp4'), 'intro.mp4');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe('Only an MP4 or WebM video is accepted');
    // A poster that is no image is refused too.
    const bad = await upload(teacher, fixture('intro-3s.mp4'), 'intro.mp4', { poster: new TextEncoder().encode('not an image at all') });
    expect(bad.status).toBe(422);
  });

  it('never answers 5xx for any bytes: the real files cut short or changed, as video and as poster', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Fuzz' });
    const files = ['intro-3s.mp4', 'intro-3s.webm', 'long-61s.mp4', 'not-a-video.mp4'].map(fixture);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 24; i++) {
      const source = files[i % files.length]!;
      const bytes = source.slice(0, i % 3 === 0 ? next() % source.byteLength : source.byteLength);
      for (let k = 0; k < 4 && bytes.byteLength; k++) bytes[next() % bytes.byteLength] = next() % 256;
      const res = await upload(teacher, bytes, 'x.mp4', i % 4 === 3 ? { poster: bytes } : {});
      expect([200, 400, 413, 422], `${i}: ${await res.clone().text()}`).toContain(res.status);
    }
  });

  it('asks for both files', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Missing' });
    const form = new FormData();
    form.set('video', new File([fixture('intro-3s.mp4')], 'intro.mp4'));
    const res = await app.request('/api/v1/profile/video', {
      method: 'POST',
      body: form,
      headers: { Authorization: await bearer(teacher), 'Accept-Language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['poster']);
  });

  it('refuses a body over 30 MB with a 413 while it streams, without reading it all', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Large' });
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    // 100 MB offered in 1 MB chunks, with no Content-Length: the limit must stop reading early.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * chunk.byteLength) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await app.request('/api/v1/profile/video', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        Authorization: await bearer(teacher),
        'Accept-Language': 'ar',
        'Content-Type': 'multipart/form-data; boundary=x',
        'Transfer-Encoding': 'chunked',
      },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('الفيديو أكبر من 30 ميغابايت');
    expect(sent).toBeLessThan(40 * chunk.byteLength);
    // A declared length past the limit is refused from the header alone.
    const declared = await app.request('/api/v1/profile/video', {
      method: 'POST',
      body: 'x',
      headers: {
        Authorization: await bearer(teacher),
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(VIDEO_MAX_BYTES * 2),
      },
    });
    expect(declared.status).toBe(413);
  });

  it('lets a teacher only: a student is refused and nothing is stored', async () => {
    const student = await makeStudent(t.db);
    const res = await upload(student, fixture('intro-3s.mp4'), 'intro.mp4');
    expect(res.status).toBe(403);
  });
});

describe('streaming with Range requests', () => {
  let teacher: number;
  let url: string;
  const whole = () => fixture('intro-3s.mp4');
  beforeAll(async () => {
    teacher = await makeTeacher(t.db, { first: 'Video', last: 'Range' });
    url = teacherVideoPath(teacher, (await uploaded(teacher, 'intro-3s.mp4')).version);
  });

  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('answers the first bytes with 206 and Content-Range', async () => {
    const res = await get(url, { Range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${whole().byteLength}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect((await bytesOf(res)).equals(Buffer.from(whole().subarray(0, 100)))).toBe(true);
  });

  it('answers a suffix range (the last n bytes) and an open range (from n to the end)', async () => {
    const size = whole().byteLength;
    const suffix = await get(url, { Range: 'bytes=-500' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect((await bytesOf(suffix)).equals(Buffer.from(whole().subarray(size - 500)))).toBe(true);
    const open = await get(url, { Range: 'bytes=1000-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
    expect((await bytesOf(open)).equals(Buffer.from(whole().subarray(1000)))).toBe(true);
    // A range running past the end is cut at the end.
    const past = await get(url, { Range: `bytes=${size - 10}-${size + 1000}` });
    expect(past.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  });

  it('answers 416 with the size for a range past the end; ignores a range it does not understand', async () => {
    const size = whole().byteLength;
    const res = await get(url, { Range: `bytes=${size}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
    for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=9-3']) {
      const whole200 = await get(url, { Range: range });
      expect(whole200.status, range).toBe(200);
      expect((await bytesOf(whole200)).byteLength).toBe(size);
    }
    // HEAD tells the size and type without the bytes.
    const head = await app.request(`/api/${url}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('accept-ranges')]).toEqual([200, String(size), 'bytes']);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // If-Range names another version: the whole file, not a piece of the wrong one.
    expect((await get(url, { Range: 'bytes=0-9', 'If-Range': '"0123"' })).status).toBe(200);
  });
});

describe('who sees a video', () => {
  it('a teacher in review or suspended shows no video (staff review does); removing it ends the stream at once', async () => {
    const teacher = await makeTeacher(t.db, { first: 'Video', last: 'Status' });
    const video = await uploaded(teacher, 'intro-3s.mp4');
    for (const status of ['in_review', 'suspended']) {
      await t.db.query('UPDATE users SET status = $2 WHERE id = $1', [teacher, status]);
      expect((await get(teacherVideoPath(teacher, video.version))).status, status).toBe(404);
      expect((await get(teacherPosterPath(teacher, video.version))).status, status).toBe(404);
    }
    // The teacher still sees their own, and staff review sees it beside the documents, bytes and poster.
    const own = await app.request('/api/v1/profile/video', { headers: { Authorization: await bearer(teacher) } });
    expect(teacherVideoResultSchema.parse(((await own.json()) as { data: unknown }).data).video?.version).toBe(video.version);
    const staff = (p: string) => asStaff(`teachers/${teacher}/${p}`);
    expect(teacherVideoResultSchema.parse(((await (await staff('video')).json()) as { data: unknown }).data).video).toEqual(video);
    const file = await staff('video/file');
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(fixture('intro-3s.mp4'));
    expect((await staff('video/poster')).headers.get('content-type')).toBe('image/webp');

    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [teacher]);
    expect((await get(teacherVideoPath(teacher, video.version))).status).toBe(200);
    const removed = await app.request('/api/v1/profile/video', {
      method: 'DELETE',
      headers: { Authorization: await bearer(teacher), 'Accept-Language': 'en' },
    });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { message: string; data: unknown }).data).toEqual({ video: null });
    expect((await get(teacherVideoPath(teacher, video.version))).status).toBe(404);
    expect((await get(teacherPosterPath(teacher, video.version))).status).toBe(404);
    const page = (await (await get(`v1/teachers/${teacher}`)).json()) as { data: { video: string | null } };
    expect(page.data.video).toBeNull();
    expect(((await (await staff('video')).json()) as { data: unknown }).data).toEqual({ video: null });
    expect((await staff('video/file')).status).toBe(404);
  });

  it('an unknown teacher, or an id that is not one, is a 404', async () => {
    expect((await get('v1/teachers/999999/video')).status).toBe(404);
    expect((await get('v1/teachers/abc/video')).status).toBe(404);
    expect((await get('v1/teachers/1e99/video/poster')).status).toBe(404);
  });
});
