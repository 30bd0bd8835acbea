// Every message key the profile forms can show — the contract's (contract/auth.ts, contract/profile.ts,
// contract/validation.ts) and the file input's — as text in the active language. Server messages arrive
// already translated and pass through unchanged.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AnyFieldApi } from '@tanstack/react-form';
import { authValidationKeys } from '../../../contract/auth';
import { profileValidationKeys } from '../../../contract/profile';
import { fileErrorTexts } from '../../ui/file-input';
import { visibleErrors } from '../../ui/form-helpers';

const texts: Record<string, MessageDescriptor> = {
  [authValidationKeys.englishName]: msg`English name not allowed`,
  [authValidationKeys.arabicOnly]: msg`Please write the name in Arabic letters only`,
  [authValidationKeys.datePast]: msg`Enter a valid date in the past`,
  [authValidationKeys.experienceRange]: msg`Years of experience must be between 0 and 80`,
  [authValidationKeys.chooseOne]: msg`Please choose at least one`,
  [profileValidationKeys.timeOrder]: msg`The end time must be after the start time`,
  ...fileErrorTexts,
};

export function profileMessage(key: string, i18n: I18n): string {
  const descriptor = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : undefined;
  return descriptor ? i18n._(descriptor) : key;
}

/** The messages a field shows now (after blur or a submit attempt, or from the server), translated. */
export function fieldErrors(field: AnyFieldApi, i18n: I18n): string[] {
  return [...new Set(visibleErrors(field, i18n).map((m) => profileMessage(m, i18n)))];
}
