// A teacher's gender as the booking messages' select reads it.
import type { TeacherCard } from '../../contract/teachers';

/** A teacher's gender as a message's select reads it ('other' when unknown or neutral): the Arabic
 *  speaks of «المعلمة» for a female teacher. */
export type TeacherGender = TeacherCard['gender'];
export const genderKey = (gender: TeacherGender): string => gender ?? 'other';
