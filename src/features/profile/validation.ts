// The profile's own client-side checks — description length and working hours; the fields it shares with
// the sign-up check with src/domain/rules.ts. Keys are the contract's; the server runs the same rules.
import { DESCRIPTION_MAX_LENGTH, profileValidationKeys } from '../../../contract/profile';
import type { AnyFieldApi } from '@tanstack/react-form';
import { validationKeys } from '../../../contract/validation';

export const descriptionProblem = (value: string) => (value.trim().length > DESCRIPTION_MAX_LENGTH ? validationKeys.tooLong : undefined);

/** One working range of a day in the form. */
export interface RangeValue {
  start: string;
  end: string;
}

/** One day of the week in the form: off, or on with one or more ranges (a noon break, an evening shift). */
export interface DayValue {
  on: boolean;
  ranges: RangeValue[];
}

export const emptyRange = (): RangeValue => ({ start: '', end: '' });

export function startProblem(day: DayValue, index: number): string | undefined {
  const range = day.ranges[index];
  if (!day.on || !range) return undefined;
  if (range.start === '') return validationKeys.required;
  // The same rule as the server's: a range may not start inside an earlier-starting one of that day.
  const overlaps = day.ranges.some(
    (other, i) =>
      i !== index &&
      other.start !== '' &&
      other.end !== '' &&
      other.start <= range.start &&
      range.start < other.end &&
      (other.start < range.start || i < index),
  );
  return overlaps ? profileValidationKeys.rangesOverlap : undefined;
}

export function endProblem(day: DayValue, index: number): string | undefined {
  const range = day.ranges[index];
  if (!day.on || !range) return undefined;
  if (range.end === '') return validationKeys.required;
  return range.start !== '' && range.end <= range.start ? profileValidationKeys.timeOrder : undefined;
}

/**
 * The validators of a range's from (`start`) or to (`end`) time: each checks against the whole day,
 * and is run again when the day is ticked on or off (and the end when the start changes).
 */
export function hoursValidators(weekday: number, index: number, part: 'start' | 'end') {
  const problem = part === 'start' ? startProblem : endProblem;
  const listen = part === 'start' ? [`days[${weekday}].on`] : [`days[${weekday}].on`, `days[${weekday}].ranges[${index}].start`];
  return {
    onChangeListenTo: listen as `days[${number}].on`[],
    onChange: ({ fieldApi }: { fieldApi: AnyFieldApi }) => problem(fieldApi.form.getFieldValue(`days[${weekday}]`) as DayValue, index),
  };
}
