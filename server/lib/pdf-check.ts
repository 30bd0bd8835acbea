// A PDF must be a document, not a program (issue 15): a scan uploaded as PDF is refused when it
// carries active content — JavaScript, launch actions, actions run on open or on events, embedded
// files, rich media, forms that submit or import data. PDF names may hide letters as #xx escapes
// (/J#61vaScript) and objects may sit in compressed object streams, so the check decodes name escapes
// and inflates Flate streams before it looks; a stream it cannot inflate is refused too.
import { inflateSync } from 'node:zlib';

// Names whose presence makes a PDF "active". /OpenAction alone may only set the first page's zoom,
// so it counts only together with an action type that runs something.
const ACTIVE_NAMES = ['/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/EmbeddedFiles', '/RichMedia', '/AA', '/SubmitForm', '/ImportData', '/GoToE', '/XFA'];

/** Replaces PDF name escapes (#4A → J) so an obfuscated name reads as written. */
function decodeNames(text: string): string {
  return text.replace(/\/[^\s/<>[\]()%{}]+/g, (name) => name.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** The Flate-compressed streams of a PDF, inflated (at most `budget` bytes in all: a zip bomb is refused). */
function inflatedStreams(raw: Buffer, budget: number): string[] | null {
  const out: string[] = [];
  let used = 0;
  const latin = raw.toString('latin1');
  const re = /\/FlateDecode[\s\S]{0,200}?stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(latin))) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const data = inflateSync(raw.subarray(start, end), { maxOutputLength: Math.max(1, budget - used) });
      used += data.byteLength;
      out.push(data.toString('latin1'));
    } catch {
      // A truncated stream (a trailing EOL is common) is read as far as it goes; anything else is refused.
      try {
        const data = inflateSync(raw.subarray(start, end), { finishFlush: 2, maxOutputLength: Math.max(1, budget - used) });
        used += data.byteLength;
        out.push(data.toString('latin1'));
      } catch {
        return null;
      }
    }
    if (used >= budget) return null;
  }
  return out;
}

/** The active-content names a PDF carries (empty: a plain document), or ['unreadable'] when it cannot be read. */
export function pdfActiveContent(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const streams = inflatedStreams(raw, 50 * 1024 * 1024);
  if (streams === null) return ['unreadable'];
  const text = decodeNames([raw.toString('latin1'), ...streams].join('\n'));
  const found = new Set<string>();
  for (const name of ACTIVE_NAMES) {
    // A name ends where a delimiter or whitespace starts (/JS must not match /JSomething).
    if (new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z0-9#._-])`).test(text)) found.add(name);
  }
  if (/\/OpenAction/.test(text) && /\/S\s*\/(JavaScript|Launch|SubmitForm|ImportData|GoToR|GoToE|URI)/.test(text)) found.add('/OpenAction');
  return [...found];
}
