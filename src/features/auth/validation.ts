// Client-side rules of the auth forms (spec §5) as zod schemas and small checks that report the
// contract's message keys; ./messages.ts turns every key into the text the user reads (the rules the
// profile shares — birth date, experience, choices — live in src/ui/rules.ts). The server checks the
// same rules again: these exist so a parent learns what is wrong before anything is sent.
import { authValidationKeys } from '../../../contract/auth';
import { requiredString, validationKeys } from '../../../contract/validation';
import { asciiDigits } from '../../ui/rules';
import { firstBrokenRule } from '../../ui/password-strength';

export const authKeys = {
  englishName: authValidationKeys.englishName,
  arabicOnly: authValidationKeys.arabicOnly,
  passwordLength: authValidationKeys.passwordLength,
  passwordLower: authValidationKeys.passwordLower,
  passwordUpper: authValidationKeys.passwordUpper,
  passwordDigit: authValidationKeys.passwordDigit,
  passwordMismatch: authValidationKeys.passwordMismatch,
  codeFormat: authValidationKeys.codeFormat,
} as const;
export type AuthKey = (typeof authKeys)[keyof typeof authKeys];

const LATIN = /[A-Za-z]/;
// Arabic letters (with the Persian/Urdu extensions some family names use), harakat, tatweel and the
// dagger alif; words separated by single spaces.
const ARABIC_WORD = '[\\u0621-\\u063A\\u0640-\\u0652\\u0670-\\u06D3]+';
const ARABIC_NAME = new RegExp(`^${ARABIC_WORD}(?: ${ARABIC_WORD})*$`);

/** Why a name is refused, or undefined: Latin letters get the spec's message, anything else non-Arabic its own. */
export function arabicNameProblem(name: string): AuthKey | undefined {
  const value = name.trim().replace(/\s+/g, ' ');
  if (value === '') return undefined;
  if (LATIN.test(value)) return authKeys.englishName;
  if (!ARABIC_NAME.test(value)) return authKeys.arabicOnly;
  return undefined;
}

export const arabicNameSchema = requiredString(50).check((ctx) => {
  const problem = arabicNameProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

const ruleKeys = {
  length: authKeys.passwordLength,
  lower: authKeys.passwordLower,
  upper: authKeys.passwordUpper,
  digit: authKeys.passwordDigit,
} as const;

/** A new password: required, then the first rule it breaks (one message at a time, the meter shows all). */
export function passwordProblem(password: string): string | undefined {
  if (password === '') return validationKeys.required;
  const broken = firstBrokenRule(password);
  return broken ? ruleKeys[broken] : undefined;
}

export function confirmationProblem(confirmation: string, password: string): string | undefined {
  if (confirmation === '') return validationKeys.required;
  return confirmation === password ? undefined : authKeys.passwordMismatch;
}

export const OTP_LENGTH = 6;

export function codeProblem(code: string): string | undefined {
  const digits = asciiDigits(code.trim());
  if (digits === '') return validationKeys.required;
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? undefined : authKeys.codeFormat;
}

export { asciiDigits, birthDateProblem, experienceProblem, requiredChoice, schemaProblem } from '../../ui/rules';
