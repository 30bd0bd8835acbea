// The profile's own client-side checks — description length and working hours; the fields it shares with
// the sign-up check with src/domain/rules.ts. Keys are the contract's; the server runs the same rules.
import { DESCRIPTION_MAX_LENGTH, profileValidationKeys } from '../../../contract/profile';
import type { AnyFieldApi } from '@tanstack/react-form';
import { validationKeys } from '../../../contract/validation';

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

/**
 * The validators of a day's from (`start`) or to (`end`) time: each checks the whole day, and is run
 * again when the day is ticked on or off (and the end when the start changes).
 */
export function hoursValidators(weekday: number, part: 'start' | 'end') {
  const problem = part === 'start' ? startProblem : endProblem;
  return {
    onChangeListenTo: (part === 'start' ? ['on'] : ['on', 'start']).map((name) => `days[${weekday}].${name}` as `days[${number}].${'on' | 'start'}`),
    onChange: ({ fieldApi }: { fieldApi: AnyFieldApi }) => problem(fieldApi.form.getFieldValue(`days[${weekday}]`) as DayValue),
  };
}
