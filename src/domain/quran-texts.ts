// How a Quran report entry's kind and grade read, wherever reports are shown (the session details' report
// and the child's progress page).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { QuranGrade, QuranKind } from '../../contract/reports';

export const quranKindTexts: Record<QuranKind, MessageDescriptor> = {
  memorised: msg`Memorised`,
  revised: msg`Revised`,
  recited: msg`Recited`,
};
export const quranGradeTexts: Record<QuranGrade, MessageDescriptor> = {
  excellent: msg`Excellent`,
  good: msg`Good`,
  needs_work: msg`Needs work`,
};
