// A database id from the address: the one parser for every id in a URL path, on both sides. Zod-free,
// so a public route can check its id without the schema library in its first download.

/** PostgreSQL's integer range: the ids a row can have. */
const MAX_ID = 2_147_483_647;

/**
 * The id a path segment names: decimal digits only, no sign, no leading zero, 1..2147483647.
 * Anything else (`abc`, `0`, `007`, `-1`, `1e3`, `99999999999`) is null: the route answers "not found".
 */
export function parseId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
