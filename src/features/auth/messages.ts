// Every message key the auth forms can show (their own rules, the phone input's, the file input's and
// the shared contract's) turned into text in the active language, plus how a failed request is told.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AnyFieldApi } from '@tanstack/react-form';
import type { RequestFailure } from '../../../machines/auth.machine';
import { ApiError } from '../../api/api-error';
import { describeError } from '../../api/present-error';
import { fileErrorTexts } from '../../ui/file-input';
import { visibleErrors } from '../../ui/form-helpers';
import { phoneErrorTexts } from '../../ui/phone-input';
import { ruleTexts } from '../../ui/rules';
import { authKeys } from './validation';

// Name, date, experience and choice messages come with ruleTexts (src/ui/rules.ts).
const authTexts: Record<string, MessageDescriptor> = {
  [authKeys.passwordLength]: msg`The password must be at least 8 characters long`,
  [authKeys.passwordLower]: msg`The password must contain a lowercase letter`,
  [authKeys.passwordUpper]: msg`The password must contain an uppercase letter`,
  [authKeys.passwordDigit]: msg`The password must contain a digit`,
  [authKeys.passwordMismatch]: msg`The passwords do not match`,
  [authKeys.codeFormat]: msg`Enter the 6-digit code from the SMS`,
};

const texts: Record<string, MessageDescriptor> = { ...ruleTexts, ...authTexts, ...phoneErrorTexts, ...fileErrorTexts };

export function authMessage(key: string, i18n: I18n): string {
  const descriptor = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : undefined;
  return descriptor ? i18n._(descriptor) : key;
}

/** The messages a field shows now (after blur or a submit attempt, or from the server), translated. */
export function fieldErrors(field: AnyFieldApi, i18n: I18n): string[] {
  return [...new Set(visibleErrors(field, i18n).map((m) => authMessage(m, i18n)))];
}

/** The machine keeps failures as plain data; the catalogue reads ApiErrors. */
export function apiErrorOf(failure: RequestFailure): ApiError {
  return new ApiError({ status: failure.status, message: failure.message, fieldErrors: failure.fieldErrors });
}

/** The error-catalogue presentation (spec §8) of a failure kept by the auth machine. */
export function describeFailure(failure: RequestFailure, i18n: I18n) {
  return describeError(apiErrorOf(failure), i18n);
}
