// Client-side rules of the auth forms (spec §5) as zod schemas and small checks that report stable
// message keys; ./messages.ts turns every key into the text the user reads. The server checks the
// same rules again: these exist so a parent learns what is wrong before anything is sent.
import { requiredString, validationKeys } from '../../../contract/validation';
import { firstBrokenRule } from '../../ui/password-strength';

export const authKeys = {
  englishName: 'name.english',
  arabicOnly: 'name.arabic_only',
  passwordLength: 'password.length',
  passwordLower: 'password.lower',
  passwordUpper: 'password.upper',
  passwordDigit: 'password.digit',
  passwordMismatch: 'password.mismatch',
  codeFormat: 'code.format',
  birthDate: 'date.past',
  experience: 'experience.range',
  chooseOne: 'choice.required',
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

/** Eastern Arabic and Persian digits to ASCII: an Arabic keyboard types ٠١٢٣ for the texted code. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

export const OTP_LENGTH = 6;

export function codeProblem(code: string): string | undefined {
  const digits = asciiDigits(code.trim());
  if (digits === '') return validationKeys.required;
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? undefined : authKeys.codeFormat;
}

export function requiredChoice(value: string | readonly unknown[]): string | undefined {
  return value.length === 0 ? authKeys.chooseOne : undefined;
}

/** A birth date (yyyy-mm-dd from a date input) that is a real day in the past. */
export function birthDateProblem(value: string, today: Date = new Date()): string | undefined {
  if (value === '') return validationKeys.required;
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime()) || date >= today) return authKeys.birthDate;
  return undefined;
}

export function experienceProblem(value: string): string | undefined {
  if (value.trim() === '') return validationKeys.required;
  const years = Number(asciiDigits(value.trim()));
  return Number.isInteger(years) && years >= 0 && years <= 60 ? undefined : authKeys.experience;
}

/** The first message key a contract schema reports for a value, or undefined when it passes. */
export function schemaProblem(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error?.issues[0]?.message ?? validationKeys.invalid);
}
