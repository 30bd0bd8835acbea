// Newsletter subscribers; an address is unique whatever its letter case.
import type { Queryable } from '../../db';

/** True when the address was new; false when it (in any letter case) was already subscribed. */
export async function subscribe(db: Queryable, email: string, locale: string): Promise<boolean> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO newsletter_subscribers (email, locale) VALUES ($1, $2)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [email, locale],
  );
  return row !== undefined;
}
