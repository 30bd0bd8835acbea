// Client-side validation messages (spec §5). The shared schemas in contract/ report stable keys
// (contract/validation.ts); this table turns a key into the Lingui message the user reads. Anything
// that is not a known key (a server message, already localized) is shown as it is.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { validationKeys, type ValidationKey } from '../../contract/validation';

export const validationTexts: Record<ValidationKey, MessageDescriptor> = {
  [validationKeys.required]: msg`This field is required`,
  [validationKeys.invalid]: msg`This value is not valid`,
  [validationKeys.invalidEmail]: msg`Please enter a valid email address`,
  [validationKeys.invalidPhone]: msg`Please enter a valid phone number`,
  [validationKeys.messageLength]: msg`The message must be more than 10 and less than 400 characters`,
  [validationKeys.tooLong]: msg`This text is too long`,
};

function isValidationKey(value: string): value is ValidationKey {
  return Object.prototype.hasOwnProperty.call(validationTexts, value);
}

export function validationMessage(message: string, i18n: I18n): string {
  return isValidationKey(message) ? i18n._(validationTexts[message]) : message;
}
