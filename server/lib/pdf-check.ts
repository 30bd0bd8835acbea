// A PDF must be a document, not a program: a scan uploaded as PDF is refused when it carries active
// content — JavaScript, launch actions, actions run on open or on events, embedded files, rich media,
// forms that submit or import data. Objects may sit in compressed object streams behind any chain of
// the standard filters (Flate, LZW, ASCIIHex, ASCII85, RunLength, with PNG/TIFF predictors), and names
// may hide letters as #xx escapes (/J#61vaScript). So every stream is decoded through its own filter
// chain, as a reader would, before the check looks; a stream whose filter it cannot decode (an unknown
// or crypt filter, an encrypted file) makes the file unreadable, and unreadable is refused. Streams
// that end in an image codec hold pixels, which no reader parses as PDF syntax, and are not decoded.
// Decoding is bounded: at most 16 MB in all and 100 times the file's size (plus 1 MB), so a small file
// cannot cost much CPU.
import { inflateSync } from 'node:zlib';

// Names whose presence makes a PDF "active". /OpenAction alone may only set the first page's zoom,
// so it counts only together with an action type that runs something.
const ACTIVE_NAMES = [
  '/JavaScript',
  '/JS',
  '/Launch',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/RichMedia',
  '/AA',
  '/SubmitForm',
  '/ImportData',
  '/GoToE',
  '/XFA',
];

/** Filters by full and abbreviated name. Image codecs end decoding: what they yield is pixels. */
const FILTER_NAMES: Record<string, string> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
  RunLengthDecode: 'rl',
  RL: 'rl',
  DCTDecode: 'image',
  DCT: 'image',
  JPXDecode: 'image',
  CCITTFaxDecode: 'image',
  CCF: 'image',
  JBIG2Decode: 'image',
};

const MAX_DECODED = 16 * 1024 * 1024;

class Unreadable extends Error {}

/** Replaces PDF name escapes (#4A → J) so an obfuscated name reads as written. */
function decodeNames(text: string): string {
  return text.replace(/\/[^\s/<>[\]()%{}]+/g, (name) =>
    name.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

interface Params {
  predictor: number;
  colors: number;
  bits: number;
  columns: number;
  earlyChange: number;
}

function paramsOf(dict: string | undefined): Params {
  const num = (key: string, fallback: number) => {
    const m = dict ? new RegExp(`/${key}\\s+(\\d+)`).exec(dict) : null;
    return m ? Number(m[1]) : fallback;
  };
  return {
    predictor: num('Predictor', 1),
    colors: num('Colors', 1),
    bits: num('BitsPerComponent', 8),
    columns: num('Columns', 1),
    earlyChange: num('EarlyChange', 1),
  };
}

/** The stream dictionary's filter chain and each filter's parameters. */
function chainOf(dict: string): { filters: string[]; params: Params[] } {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dict)?.[1] ?? '';
  const filters = [...filter.matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => m[1]!);
  const parmsText = /\/DecodeParms\s*(\[[\s\S]*?\]|<<[\s\S]*?>>)/.exec(dict)?.[1];
  const items = parmsText?.startsWith('[')
    ? [...parmsText.matchAll(/<<[\s\S]*?>>|null/g)].map((m) => (m[0] === 'null' ? undefined : m[0]))
    : [parmsText];
  return { filters, params: filters.map((_f, i) => paramsOf(items[i])) };
}

class Budget {
  used = 0;
  constructor(readonly limit: number) {}
  take(n: number): void {
    this.used += n;
    if (this.used > this.limit) throw new Unreadable('decoding budget spent');
  }
  left(): number {
    return Math.max(1, this.limit - this.used);
  }
}

function inflate(data: Buffer, budget: Budget): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: budget.left() });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Unreadable('too large');
    // A truncated stream (a missing end marker is common) is read as far as it goes, as readers do.
    try {
      return inflateSync(data, { finishFlush: 2, maxOutputLength: budget.left() });
    } catch {
      throw new Unreadable('bad flate data');
    }
  }
}

function asciiHex(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  const digits = (end < 0 ? text : text.slice(0, end)).replace(/\s+/g, '');
  if (/[^0-9a-fA-F]/.test(digits)) throw new Unreadable('bad hex data');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('~>');
  const body = (end < 0 ? text : text.slice(0, end)).replace(/^<~/, '').replace(/\s+/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i += 1) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count - 1; i += 1) out.push((value >>> (24 - 8 * i)) & 255);
  };
  for (const ch of body) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = ch.charCodeAt(0) - 33;
    if (code < 0 || code > 84) throw new Unreadable('bad ascii85 data');
    group.push(code);
    if (group.length === 5) {
      flush(5);
      group = [];
    }
  }
  if (group.length === 1) throw new Unreadable('bad ascii85 data');
  if (group.length) flush(group.length);
  return Buffer.from(out);
}

function runLength(data: Buffer, budget: Budget): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < data.length;) {
    const n = data[i]!;
    if (n === 128) break;
    const chunk = n < 128 ? data.subarray(i + 1, i + 2 + n) : Buffer.alloc(257 - n, data[i + 1] ?? 0);
    i += n < 128 ? n + 2 : 2;
    size += chunk.length;
    if (size > budget.left()) throw new Unreadable('too large');
    out.push(chunk);
  }
  return Buffer.concat(out);
}

function lzw(data: Buffer, earlyChange: number, budget: Budget): Buffer {
  const out: number[] = [];
  let table: number[][] = [];
  const reset = () => {
    table = Array.from({ length: 258 }, (_v, i) => (i < 256 ? [i] : []));
  };
  reset();
  let width = 9;
  let previous: number[] | null = null;
  let bitBuffer = 0;
  let bitCount = 0;
  for (const byte of data) {
    bitBuffer = ((bitBuffer << 8) | byte) >>> 0;
    bitCount += 8;
    while (bitCount >= width) {
      const code = (bitBuffer >>> (bitCount - width)) & ((1 << width) - 1);
      bitCount -= width;
      if (code === 256) {
        reset();
        width = 9;
        previous = null;
        continue;
      }
      if (code === 257) return Buffer.from(out);
      let entry: number[];
      if (code < table.length && table[code]!.length) entry = table[code]!;
      else if (code === table.length && previous) entry = [...previous, previous[0]!];
      else throw new Unreadable('bad lzw data');
      out.push(...entry);
      if (out.length > budget.left()) throw new Unreadable('too large');
      if (previous) table.push([...previous, entry[0]!]);
      previous = entry;
      if (table.length + earlyChange >= 1 << width && width < 12) width += 1;
    }
  }
  return Buffer.from(out);
}

/** Undoes a PNG (10–15) or TIFF (2) predictor, as Flate and LZW streams may carry. */
function unpredict(data: Buffer, p: Params): Buffer {
  if (p.predictor <= 1) return data;
  const pixelBytes = Math.max(1, Math.ceil((p.colors * p.bits) / 8));
  const rowBytes = Math.ceil((p.colors * p.bits * p.columns) / 8);
  if (rowBytes <= 0) throw new Unreadable('bad predictor');
  if (p.predictor === 2) {
    if (p.bits !== 8) throw new Unreadable('unsupported predictor');
    const out = Buffer.from(data);
    for (let row = 0; row < out.length; row += rowBytes) {
      for (let i = row + pixelBytes; i < Math.min(row + rowBytes, out.length); i += 1) out[i] = (out[i]! + out[i - pixelBytes]!) & 255;
    }
    return out;
  }
  if (p.predictor < 10) throw new Unreadable('unsupported predictor');
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r += 1) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    for (let i = 0; i < rowBytes; i += 1) {
      const raw = data[src + i]!;
      const left = i >= pixelBytes ? out[dst + i - pixelBytes]! : 0;
      const up = r > 0 ? out[dst - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= pixelBytes ? out[dst - rowBytes + i - pixelBytes]! : 0;
      let value: number;
      if (type === 0) value = raw;
      else if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const base = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(base - left), Math.abs(base - up), Math.abs(base - upLeft)];
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new Unreadable('bad png predictor row');
      out[dst + i] = value & 255;
    }
  }
  return out;
}

/** One stream through its filter chain: its bytes as a reader parses them, or null for pixel data. */
function decodeStream(dict: string, data: Buffer, budget: Budget): Buffer | null {
  const { filters, params } = chainOf(dict);
  let bytes = data;
  for (const [i, name] of filters.entries()) {
    const kind = FILTER_NAMES[name];
    if (kind === 'image') {
      // Object and cross-reference streams are parsed as PDF syntax whatever they claim to be.
      if (/\/Type\s*\/(ObjStm|XRef)\b/.test(dict)) throw new Unreadable('object stream behind an image codec');
      return null;
    }
    const p = params[i]!;
    if (kind === 'flate') bytes = unpredict(inflate(bytes, budget), p);
    else if (kind === 'lzw') bytes = unpredict(lzw(bytes, p.earlyChange, budget), p);
    else if (kind === 'hex') bytes = asciiHex(bytes);
    else if (kind === 'a85') bytes = ascii85(bytes);
    else if (kind === 'rl') bytes = runLength(bytes, budget);
    else throw new Unreadable(`filter ${name} cannot be read`);
    budget.take(bytes.length);
  }
  return bytes;
}

/**
 * The file's text with every stream's raw bytes left out, and every stream decoded (pixel data left
 * out): the two together are what a reader parses. Raw compressed or image bytes are not read as
 * syntax — a scan's JPEG bytes spell "/JS" or "/AA" by chance often enough to refuse honest files.
 * Throws Unreadable.
 */
function readableParts(raw: Buffer, latin: string, budget: Budget): string[] {
  const out: string[] = [];
  let skeleton = '';
  let copied = 0;
  const keyword = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;
  let match: RegExpExecArray | null;
  while ((match = keyword.exec(latin))) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) throw new Unreadable('a stream without its end');
    // The stream's dictionary: from its object's "obj" keyword to the "stream" keyword.
    const objAt = latin.lastIndexOf('obj', match.index);
    const dict = decodeNames(latin.slice(objAt < 0 ? 0 : objAt, match.index));
    let data = raw.subarray(start, end);
    if (data.at(-1) === 0x0a) data = data.subarray(0, data.at(-2) === 0x0d ? -2 : -1);
    else if (data.at(-1) === 0x0d) data = data.subarray(0, -1);
    const decoded = decodeStream(dict, data, budget);
    if (decoded) out.push(decoded.toString('latin1'));
    skeleton += latin.slice(copied, start);
    copied = end;
    keyword.lastIndex = end + 'endstream'.length;
  }
  return [skeleton + latin.slice(copied), ...out];
}

/** The active-content names a PDF carries (empty: a plain document), or ['unreadable'] when it cannot be read. */
export function pdfActiveContent(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const latin = raw.toString('latin1');
  // An encrypted file's strings and streams cannot be read without its key: nothing can be vouched for.
  if (/\/Encrypt\b/.test(decodeNames(latin))) return ['unreadable'];
  let parts: string[];
  try {
    parts = readableParts(raw, latin, new Budget(Math.min(MAX_DECODED, 100 * raw.length + 1024 * 1024)));
  } catch (err) {
    if (err instanceof Unreadable) return ['unreadable'];
    throw err;
  }
  const text = decodeNames(parts.join('\n'));
  const found = new Set<string>();
  for (const name of ACTIVE_NAMES) {
    // A name ends where a delimiter or whitespace starts (/JS must not match /JSomething).
    if (new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z0-9#._-])`).test(text)) found.add(name);
  }
  if (/\/OpenAction/.test(text) && /\/S\s*\/(JavaScript|Launch|SubmitForm|ImportData|GoToR|GoToE|URI)/.test(text)) found.add('/OpenAction');
  return [...found];
}
