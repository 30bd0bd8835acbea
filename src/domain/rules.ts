// Client-side checks of the forms (sign-up, sign-in, password reset, profile): each reports the contract's stable message
// key (the server runs the same rules and answers the same keys), and `ruleTexts` turns those keys into
// the words a parent reads. A form's own messages table spreads ruleTexts into its own.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { arabicNameSchema, authValidationKeys } from '../../contract/auth';
import { firstBrokenRule } from '../ui/password-strength';
import { EXPERIENCE_MAX_YEARS, validationKeys } from '../../contract/validation';

export { arabicNameSchema };

/** The first message key a contract schema reports for a value, or undefined when it passes. */
export function schemaProblem(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error?.issues[0]?.message ?? validationKeys.invalid);
}

/** Eastern Arabic and Persian digits to ASCII: an Arabic keyboard types ٠١٢٣. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

export function requiredChoice(value: string | readonly unknown[]): string | undefined {
  return value.length === 0 ? authValidationKeys.chooseOne : undefined;
}

/** A birth date (yyyy-mm-dd from a date input) that is a real day in the past, not before 1900. */
export function birthDateProblem(value: string, today: Date = new Date()): string | undefined {
  if (value === '') return validationKeys.required;
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime()) || date >= today || value < '1900-01-01') return authValidationKeys.datePast;
  return undefined;
}

/** Years of experience: a whole number from 0 to EXPERIENCE_MAX_YEARS, typed with any digits. */
export function experienceProblem(value: string): string | undefined {
  const text = asciiDigits(value.trim());
  if (text === '') return validationKeys.required;
  return /^\d+$/.test(text) && Number(text) <= EXPERIENCE_MAX_YEARS ? undefined : authValidationKeys.experienceRange;
}

const passwordKeys = {
  length: authValidationKeys.passwordLength,
  lower: authValidationKeys.passwordLower,
  upper: authValidationKeys.passwordUpper,
  digit: authValidationKeys.passwordDigit,
} as const;

/** A new password: required, then the first rule it breaks (one message at a time, the meter shows all). */
export function passwordProblem(password: string): string | undefined {
  if (password === '') return validationKeys.required;
  const broken = firstBrokenRule(password);
  return broken ? passwordKeys[broken] : undefined;
}

export function confirmationProblem(confirmation: string, password: string): string | undefined {
  if (confirmation === '') return validationKeys.required;
  return confirmation === password ? undefined : authValidationKeys.passwordMismatch;
}

export const OTP_LENGTH = 6;

/** The texted code: exactly OTP_LENGTH digits, any script. */
export function codeProblem(code: string): string | undefined {
  const digits = asciiDigits(code.trim());
  if (digits === '') return validationKeys.required;
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? undefined : authValidationKeys.codeFormat;
}

export const ruleTexts: Record<string, MessageDescriptor> = {
  [authValidationKeys.passwordLength]: msg`The password must be at least 8 characters long`,
  [authValidationKeys.passwordLower]: msg`The password must contain a lowercase letter`,
  [authValidationKeys.passwordUpper]: msg`The password must contain an uppercase letter`,
  [authValidationKeys.passwordDigit]: msg`The password must contain a digit`,
  [authValidationKeys.passwordMismatch]: msg`The passwords do not match`,
  [authValidationKeys.codeFormat]: msg`Enter the 6-digit code from the SMS`,
  [authValidationKeys.englishName]: msg`English name not allowed`,
  [authValidationKeys.arabicOnly]: msg`Please write the name in Arabic letters only`,
  [authValidationKeys.datePast]: msg`Enter a valid date in the past`,
  [authValidationKeys.experienceRange]: msg`Years of experience must be between 0 and 80`,
  [authValidationKeys.chooseOne]: msg`Please choose at least one`,
};
