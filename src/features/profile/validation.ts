// Client-side checks of the profile forms: the contract's own schemas (the server runs the same ones),
// read per field and reporting their stable keys; ./messages.ts turns a key into text.
import { arabicNameSchema, authValidationKeys } from '../../../contract/auth';
import { DESCRIPTION_MAX_LENGTH, EXPERIENCE_MAX_YEARS, profileValidationKeys } from '../../../contract/profile';
import { validationKeys } from '../../../contract/validation';

/** The first key a schema reports for a value, or undefined when it passes. */
export function schemaProblem(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error?.issues[0]?.message ?? validationKeys.invalid);
}

export const nameProblem = (value: string) => schemaProblem(arabicNameSchema, value);
export const requiredProblem = (value: string) => (value === '' ? validationKeys.required : undefined);
export const choiceProblem = (value: readonly string[]) => (value.length === 0 ? authValidationKeys.chooseOne : undefined);

/** Eastern Arabic and Persian digits to ASCII (an Arabic keyboard types ١٢). */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

export function birthDateProblem(value: string, today: Date = new Date()): string | undefined {
  if (value === '') return validationKeys.required;
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime()) || date >= today || value < '1900-01-01') return authValidationKeys.datePast;
  return undefined;
}

export function experienceProblem(value: string): string | undefined {
  const text = asciiDigits(value.trim());
  if (text === '') return validationKeys.required;
  const years = Number(text);
  return /^\d+$/.test(text) && years <= EXPERIENCE_MAX_YEARS ? undefined : authValidationKeys.experienceRange;
}

export const descriptionProblem = (value: string) => (value.trim().length > DESCRIPTION_MAX_LENGTH ? validationKeys.tooLong : undefined);

/** One day of the week in the form: off, or on with a from/to time. */
export interface DayValue {
  on: boolean;
  start: string;
  end: string;
}

export const startProblem = (day: DayValue) => (day.on && day.start === '' ? validationKeys.required : undefined);
export function endProblem(day: DayValue): string | undefined {
  if (!day.on) return undefined;
  if (day.end === '') return validationKeys.required;
  return day.start !== '' && day.end <= day.start ? profileValidationKeys.timeOrder : undefined;
}
