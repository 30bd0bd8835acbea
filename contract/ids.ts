// A row id as it appears in a URL (a path segment or a search parameter): digits only, no leading zero,
// 1 … 2147483647 (PostgreSQL's integer). Anything else is no id at all, which both sides answer as
// "not found". Shared by the server's routes and the client's; zod-free so any page may use it.

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** The id `text` names, or null when it names none. */
export function parseId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
