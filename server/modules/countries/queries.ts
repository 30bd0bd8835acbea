// Country rows with their priority group (Qatar, then Arab League, then the rest).
import type { Queryable } from '../../db';

export interface CountryRow {
  code: string;
  dial_code: string;
  arab_league: boolean;
  name_ar: string;
  name_en: string;
  sort_order: number;
}

export function listCountries(db: Queryable): Promise<CountryRow[]> {
  return db.query<CountryRow>('SELECT code, dial_code, arab_league, name_ar, name_en, sort_order FROM countries');
}
