// One byte range from a Range header (RFC 9110 §14): `bytes=a-b`, `bytes=a-` or `bytes=-n`. A header
// this does not understand, or a list of ranges, is ignored (the whole file is sent, as the RFC
// allows); a range wholly past the end is unsatisfiable (416).

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/** The inclusive range of `size` bytes the header asks for. */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = SINGLE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last n bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}
