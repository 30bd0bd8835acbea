// How a request, session grant or notification names the child a lesson is for (contract ChildRef):
// the SQL that reads it beside a request row (`r`), and the answer built from it. A teacher reads the
// child's first name and phase only.
import type { Gender } from '../../../contract/auth';
import type { ChildRef } from '../../../contract/children';
import type { Locale } from '../../i18n';
import { pickName } from '../../lib/latin-names';

/** Columns to select beside a request `r` joined with CHILD_JOINS. */
export const CHILD_COLUMNS = `ch.first_name AS child_first, ch.last_name AS child_last, ch.gender AS child_gender, ch.latin_name AS child_latin,
    ch.phase_id AS child_phase_id,
    chp.name_ar AS child_phase_ar, chp.name_en AS child_phase_en`;
export const CHILD_JOINS = `JOIN children ch ON ch.id = r.child_id JOIN phases chp ON chp.id = ch.phase_id`;

export interface ChildColumns {
  child_id: number;
  child_first: string;
  child_last: string;
  child_gender: Gender;
  /** The name in Latin letters (an English reader gets it), or null. */
  child_latin: string | null;
  child_phase_id: number;
  child_phase_ar: string;
  child_phase_en: string;
}

export function childRefOf(row: ChildColumns, reader: 'family' | 'teacher', locale: Locale): ChildRef {
  const name = pickName(locale, { first_name: row.child_first, last_name: row.child_last }, row.child_latin);
  return {
    id: row.child_id,
    first_name: name.first_name,
    last_name: reader === 'teacher' ? null : name.last_name,
    phase: { id: row.child_phase_id, name: locale === 'en' ? row.child_phase_en : row.child_phase_ar },
    gender: row.child_gender,
  };
}
