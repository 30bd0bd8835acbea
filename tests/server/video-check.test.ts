// The container check of intro videos: real files made with ffmpeg are read right (kind and duration),
// other containers are not videos, and no bytes at all make it throw: random bytes, random bytes behind
// an MP4 or WebM signature, and the real files cut short or with bytes changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseByteRange } from '../../server/http/byte-range';
import { probeVideo } from '../../server/lib/video-check';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '../fixtures/video', name)));
const FILES = ['intro-3s.mp4', 'intro-3s.webm', 'long-61s.mp4', 'long-61s.webm', 'not-a-video.mp4'];

describe('probeVideo', () => {
  it('reads the kind and duration of real MP4 and WebM files, and refuses an AVI named .mp4', () => {
    expect(probeVideo(fixture('intro-3s.mp4'))).toEqual({ ok: true, type: 'video/mp4', durationMs: 3000 });
    expect(probeVideo(fixture('intro-3s.webm'))).toEqual({ ok: true, type: 'video/webm', durationMs: 3008 });
    expect(probeVideo(fixture('long-61s.mp4'))).toEqual({ ok: true, type: 'video/mp4', durationMs: 61000 });
    expect(probeVideo(fixture('long-61s.webm'))).toEqual({ ok: true, type: 'video/webm', durationMs: 61000 });
    expect(probeVideo(fixture('not-a-video.mp4'))).toEqual({ ok: false, reason: 'not_a_video' });
  });

  it('refuses an ftyp box without an MP4 brand (QuickTime) and an EBML document that is not WebM (Matroska)', () => {
    const mp4 = fixture('intro-3s.mp4');
    const quicktime = mp4.slice();
    // Major brand and every compatible brand of the ftyp box become 'qt  '.
    const ftypSize = new DataView(quicktime.buffer).getUint32(0);
    for (let at = 8; at < ftypSize; at += 4) if (at !== 12) quicktime.set([0x71, 0x74, 0x20, 0x20], at);
    expect(probeVideo(quicktime)).toEqual({ ok: false, reason: 'not_a_video' });
    const webm = fixture('intro-3s.webm');
    const at = Buffer.from(webm).indexOf('webm');
    const matroska = webm.slice();
    matroska.set(new TextEncoder().encode('mkvx'), at);
    expect(probeVideo(matroska)).toEqual({ ok: false, reason: 'not_a_video' });
  });

  it('never throws: random bytes, bytes behind a video signature, the real files cut short or changed', () => {
    const ftyp = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d];
    const ebml = [0x1a, 0x45, 0xdf, 0xa3];
    fc.assert(
      fc.property(fc.constantFrom([], ftyp, ebml), fc.uint8Array({ maxLength: 512 }), (head, tail) => {
        const r = probeVideo(new Uint8Array([...head, ...tail]));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
    const real = FILES.map(fixture);
    fc.assert(
      fc.property(
        fc.constantFrom(...real),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        (file, cut, changes) => {
          const bytes = file.slice(0, cut % (file.byteLength + 1));
          for (const [at, value] of changes) if (bytes.byteLength) bytes[at % bytes.byteLength] = value;
          const r = probeVideo(bytes);
          if (r.ok) expect(r.durationMs).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('parseByteRange', () => {
  it('reads one range; ignores lists and other units; a start past the end is unsatisfiable', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const ignored of [undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'bytes=0-1,3-4', 'lines=0-1', 'bytes=0x10-']) {
      expect(parseByteRange(ignored, 1000)).toBeNull();
    }
  });
});
