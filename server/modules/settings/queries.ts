// Settings rows: one key, one JSON value.
import type { Queryable } from '../../db';

export function listSettings(db: Queryable): Promise<{ key: string; value: unknown }[]> {
  return db.query<{ key: string; value: unknown }>('SELECT key, value FROM settings ORDER BY key');
}
