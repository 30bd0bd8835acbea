// GET /api/v1/countries: for the phone picker and nationality. Qatar first, then Arab countries, then
// the rest, each group alphabetical in the caller's language.
import { Hono } from 'hono';
import type { Country } from '../../../contract/reference';
import type { AppEnv } from '../../http/context';
import { publicReference } from '../reference/public-reference';
import { compareNames, withName } from '../localized';
import { listCountries } from './queries';

export function countriesRoutes() {
  return new Hono<AppEnv>().get('/countries', (c) =>
    publicReference(c, 'countries', async () => {
      const locale = c.get('locale');
      const byName = compareNames(locale);
      const data: Country[] = (await listCountries(c.get('db')))
        .map((row) => withName(row, locale))
        .sort((a, b) => a.sort_order - b.sort_order || byName(a, b))
        .map(({ sort_order: _order, ...country }) => country);
      return data;
    }),
  );
}
