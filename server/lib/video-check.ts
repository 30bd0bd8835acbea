// What an uploaded video is, read from its container's own header bytes (the name and the declared
// type are never trusted): an MP4 (an ISO base media file whose `ftyp` box names an MP4 brand) or a
// WebM (an EBML document whose DocType is "webm"), and its duration as the container states it (MP4:
// `moov/mvhd` duration ÷ timescale, or `moov/mvex/mehd` for a fragmented file; WebM: Segment/Info
// Duration × TimecodeScale). Nothing is decoded. Every read is bounds-checked: any bytes at all give an
// answer, never an exception.
import type { VideoType } from '../../contract/teacher-video';

export type VideoProbe = { ok: true; type: VideoType; durationMs: number } | { ok: false; reason: 'not_a_video' | 'no_duration' };

/** The brands of an MP4 (major or compatible); QuickTime ('qt  ') and 3GP are not MP4 here. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'avc1', 'mp41', 'mp42', 'dash']);
const ASCII = new TextDecoder('latin1');

export function probeVideo(bytes: Uint8Array): VideoProbe {
  if (bytes.byteLength >= 12 && ASCII.decode(bytes.subarray(4, 8)) === 'ftyp') return probeMp4(bytes);
  if (bytes.byteLength >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return probeWebm(bytes);
  return { ok: false, reason: 'not_a_video' };
}

// ---- MP4 (ISO/IEC 14496-12) -------------------------------------------------------------------

interface Box {
  type: string;
  /** Where the box's contents start and end (exclusive), within the bytes. */
  start: number;
  end: number;
}

/** The boxes between `from` and `to`; stops at the first box whose header does not fit. */
function boxes(bytes: Uint8Array, view: DataView, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to && out.length < 10_000) {
    let size = view.getUint32(at);
    const type = ASCII.decode(bytes.subarray(at + 4, at + 8));
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      const big = view.getBigUint64(at + 8);
      size = big > BigInt(to - at) ? to - at + 1 : Number(big);
      header = 16;
    } else if (size === 0) size = to - at; // to the end of its parent
    if (size < header) break;
    const end = at + size;
    // A box that claims more than is there (a truncated file) is read as far as its bytes go.
    out.push({ type, start: at + header, end: Math.min(end, to) });
    if (end > to) break;
    at = end;
  }
  return out;
}

function probeMp4(bytes: Uint8Array): VideoProbe {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const top = boxes(bytes, view, 0, bytes.byteLength);
  const ftyp = top[0];
  if (!ftyp || ftyp.type !== 'ftyp' || ftyp.end - ftyp.start < 8) return { ok: false, reason: 'not_a_video' };
  const brands = [ASCII.decode(bytes.subarray(ftyp.start, ftyp.start + 4))];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) brands.push(ASCII.decode(bytes.subarray(at, at + 4)));
  if (!brands.some((b) => MP4_BRANDS.has(b))) return { ok: false, reason: 'not_a_video' };

  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return { ok: false, reason: 'no_duration' };
  const inMoov = boxes(bytes, view, moov.start, moov.end);
  const mvhd = inMoov.find((b) => b.type === 'mvhd');
  if (!mvhd) return { ok: false, reason: 'no_duration' };
  const version = bytes[mvhd.start];
  // version 0: creation, modification (4 bytes each), timescale, duration (4); version 1: 8, 8, 4, 8.
  const fields = version === 1 ? { scale: 20, duration: 24, end: 32 } : { scale: 12, duration: 16, end: 20 };
  if (mvhd.start + fields.end > mvhd.end) return { ok: false, reason: 'no_duration' };
  const timescale = view.getUint32(mvhd.start + fields.scale);
  let duration = readUint(view, mvhd.start + fields.duration, version === 1 ? 8 : 4);
  // A fragmented MP4 (a recording, DASH) leaves mvhd's duration 0 and states it in mvex/mehd.
  if (duration === 0) {
    const mvex = inMoov.find((b) => b.type === 'mvex');
    const mehd = mvex ? boxes(bytes, view, mvex.start, mvex.end).find((b) => b.type === 'mehd') : undefined;
    if (mehd) {
      const wide = bytes[mehd.start] === 1;
      if (mehd.start + 4 + (wide ? 8 : 4) <= mehd.end) duration = readUint(view, mehd.start + 4, wide ? 8 : 4);
    }
  }
  // All ones means "unknown".
  const unknown = duration === 0xffffffff || duration === Number.MAX_SAFE_INTEGER;
  if (!timescale || !duration || unknown) return { ok: false, reason: 'no_duration' };
  return { ok: true, type: 'video/mp4', durationMs: Math.round((duration / timescale) * 1000) };
}

/** An unsigned integer of 4 or 8 bytes; 8-byte values past 2^53 come back as MAX_SAFE_INTEGER. */
function readUint(view: DataView, at: number, width: 4 | 8): number {
  if (width === 4) return view.getUint32(at);
  const big = view.getBigUint64(at);
  return big > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(big);
}

// ---- WebM (EBML, Matroska's subset) -------------------------------------------------------------

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

interface Element {
  id: number;
  start: number;
  /** null: an "unknown size" element (a live recording's Segment or Cluster), running to its parent's end. */
  end: number | null;
}

/** A variable-length integer at `at`: its length and value (`keepMarker` for element ids). */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number; allOnes: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1 for 1xxxxxxx … 8 for 00000001
  if (length > 8 || at + length > bytes.byteLength) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { length, value, allOnes };
}

function element(bytes: Uint8Array, at: number, parentEnd: number): Element | null {
  const id = vint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const size = vint(bytes, at + id.length, false);
  if (!size) return null;
  const start = at + id.length + size.length;
  if (start > parentEnd) return null;
  return { id: id.value, start, end: size.allOnes ? null : Math.min(start + size.value, parentEnd) };
}

/** The children of [from, to); stops at an element of unknown size (its end is not known). */
function children(bytes: Uint8Array, from: number, to: number): Element[] {
  const out: Element[] = [];
  let at = from;
  while (at < to && out.length < 10_000) {
    const el = element(bytes, at, to);
    if (!el) break;
    out.push(el);
    if (el.end === null) break;
    at = el.end;
  }
  return out;
}

function probeWebm(bytes: Uint8Array): VideoProbe {
  const length = bytes.byteLength;
  const top = children(bytes, 0, length);
  const header = top[0];
  if (!header || header.id !== EBML_HEADER || header.end === null) return { ok: false, reason: 'not_a_video' };
  const docType = children(bytes, header.start, header.end).find((e) => e.id === DOC_TYPE);
  if (!docType || docType.end === null || ASCII.decode(bytes.subarray(docType.start, docType.end)).replace(/\0+$/, '') !== 'webm') {
    return { ok: false, reason: 'not_a_video' };
  }
  const segment = top.find((e) => e.id === SEGMENT);
  if (!segment) return { ok: false, reason: 'no_duration' };
  // Info comes before the first Cluster (often of unknown size, where the walk stops).
  const inSegment = children(bytes, segment.start, segment.end ?? length);
  const info = inSegment.find((e) => e.id === INFO);
  if (!info || info.end === null) return { ok: false, reason: 'no_duration' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let scale = 1_000_000; // nanoseconds per tick, Matroska's default
  let duration: number | null = null;
  for (const el of children(bytes, info.start, info.end)) {
    if (el.end === null) continue;
    const size = el.end - el.start;
    if (el.id === TIMECODE_SCALE && size >= 1 && size <= 8) {
      let v = 0;
      for (let i = el.start; i < el.end; i++) v = v * 256 + bytes[i]!;
      scale = v;
    } else if (el.id === DURATION) {
      if (size === 4) duration = view.getFloat32(el.start);
      else if (size === 8) duration = view.getFloat64(el.start);
    }
  }
  if (duration === null || !Number.isFinite(duration) || duration <= 0 || !scale) return { ok: false, reason: 'no_duration' };
  return { ok: true, type: 'video/webm', durationMs: Math.round((duration * scale) / 1_000_000) };
}
