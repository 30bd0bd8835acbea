// The reference lists (phases, subjects, countries, settings) from the shared public cache:
// the same `{ message, data }` answer as `ok()`, rendered once per locale and public version, with a
// weak ETag so a browser revalidates with a 304. Their tables bump public_version on every write
// (migrations 0030 and 0090), so an edit shows on the next read.
import { Hono, type Context } from 'hono';
import type { Queryable } from '../../db';
import type { AppEnv } from '../../http/context';
import { tr } from '../../i18n';
import { withName, type NamedRow } from '../localized';
import { publicJson } from '../teachers/public-cache';

export async function publicReference(c: Context<AppEnv>, key: string, produce: () => Promise<unknown>): Promise<Response> {
  const locale = c.get('locale');
  const res = await publicJson(c, `reference:${key}`, async () => ({ message: tr('ok', locale), data: await produce() }));
  // publicJson answers null only when `produce` does, and this one never does.
  return res!;
}

/**
 * GET /{key}: a list of named rows (phases, subjects), each with `name` in the caller's language.
 * `Item` is the contract's type of one entry, so a query that drifts from the contract fails to compile.
 */
export function namedReferenceRoutes<Item>(key: string, list: (db: Queryable) => Promise<(NamedRow & Omit<Item, 'name'>)[]>) {
  return new Hono<AppEnv>().get(`/${key}`, (c) =>
    publicReference(c, key, async () => {
      const locale = c.get('locale');
      const data: Item[] = (await list(c.get('db'))).map((row) => withName(row, locale) as Item);
      return data;
    }),
  );
}
