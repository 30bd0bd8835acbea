// Every message key a form can show — the contract's rules (./rules), the profile's working hours, the
// phone and file inputs' — as text in the active language. Server messages arrive already translated
// and pass through unchanged.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AnyFieldApi } from '@tanstack/react-form';
import { profileValidationKeys } from '../../contract/profile';
import { fileErrorTexts } from '../ui/file-input';
import { visibleErrors } from '../ui/form-helpers';
import { phoneErrorTexts } from '../ui/phone-input';
import { ruleTexts } from './rules';

const texts: Record<string, MessageDescriptor> = {
  ...ruleTexts,
  [profileValidationKeys.timeOrder]: msg`The end time must be after the start time`,
  ...phoneErrorTexts,
  ...fileErrorTexts,
};

export function formMessage(key: string, i18n: I18n): string {
  const descriptor = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : undefined;
  return descriptor ? i18n._(descriptor) : key;
}

/** The messages a field shows now (after blur or a submit attempt, or from the server), translated. */
export function fieldErrors(field: AnyFieldApi, i18n: I18n): string[] {
  return [...new Set(visibleErrors(field, i18n).map((m) => formMessage(m, i18n)))];
}
