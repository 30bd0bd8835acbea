// Client-side checks of the profile forms: the contract's own schemas (the server runs the same ones),
// read per field and reporting their stable keys; ./messages.ts turns a key into text.
import { arabicNameSchema } from '../../../contract/auth';
import { DESCRIPTION_MAX_LENGTH, profileValidationKeys } from '../../../contract/profile';
import { validationKeys } from '../../../contract/validation';
import { requiredChoice, requiredValue, schemaProblem } from '../../ui/rules';

export { asciiDigits, birthDateProblem, experienceProblem, schemaProblem } from '../../ui/rules';


export const nameProblem = (value: string) => schemaProblem(arabicNameSchema, value);
export const requiredProblem = requiredValue;
export const choiceProblem = requiredChoice;




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
