// Every message key a form can show — the contract's rules (./rules), the profile's working hours, the
// phone and file inputs' — as text in the active language. Server messages arrive already translated
// and pass through unchanged.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AnyFieldApi } from '@tanstack/react-form';
import { profileValidationKeys } from '../../contract/profile';
import { fileErrorTexts } from '../ui/file-input';
import { errorMessages, visibleErrors } from '../ui/form-helpers';
import { validationMessage } from '../ui/validation';
import { phoneErrorTexts } from '../ui/phone-input';
import { ruleTexts } from './rules';

const texts: Record<string, MessageDescriptor> = {
  ...ruleTexts,
  [profileValidationKeys.timeOrder]: msg`The end time must be after the start time`,
  [profileValidationKeys.rangesOverlap]: msg`This range overlaps another range on the same day`,
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

/** The messages of a field's current errors, whether or not the field was left yet (for live checks). */
export function formErrorsNow(field: AnyFieldApi, i18n: I18n): string[] {
  return [...new Set(errorMessages(field.state.meta.errors).map((m) => formMessage(validationMessage(m, i18n), i18n)))];
}
