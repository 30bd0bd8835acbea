// Subject rows, in the order the home page presents them (Quran first).
import type { Queryable } from '../../db';

export interface SubjectRow {
  id: number;
  code: string;
  name_ar: string;
  name_en: string;
}

export function listSubjects(db: Queryable): Promise<SubjectRow[]> {
  return db.query<SubjectRow>('SELECT id, code, name_ar, name_en FROM subjects ORDER BY sort_order, id');
}
