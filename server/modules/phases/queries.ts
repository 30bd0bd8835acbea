// Phase rows, in school order.
import type { Queryable } from '../../db';
import type { PhaseStage } from '../../../contract/reference';

export interface PhaseRow {
  id: number;
  code: string;
  stage: PhaseStage;
  grade: number | null;
  name_ar: string;
  name_en: string;
}

export function listPhases(db: Queryable): Promise<PhaseRow[]> {
  return db.query<PhaseRow>('SELECT id, code, stage, grade, name_ar, name_en FROM phases ORDER BY sort_order, id');
}
