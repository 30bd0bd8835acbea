// How the texts that name a person agree with their gender. English reads the same either way; the
// Arabic speaks of «المعلمة» / «الطالبة» for a woman or a girl, «موجودة», «لم تنضم». `'other'` stands
// for unknown or neutral, which reads as the masculine, Arabic's default.
import { msg, select } from '@lingui/core/macro';
import type { Gender } from '../../contract/auth';
import type { TeacherCard } from '../../contract/teachers';

/** A teacher's gender as a message's select reads it ('other' when unknown or neutral). */
export type TeacherGender = TeacherCard['gender'];
export const genderKey = (gender: Gender | null | undefined): string => (gender === 'female' || gender === 'male' ? gender : 'other');

/** "Teacher" as a label beside the teacher's name (the booking review, a request, the attendance). */
export const teacherLabel = (gender: string) => msg`${select(gender, { female: 'Teacher', other: 'Teacher' })}`;

/** "Student" as a label beside the child's name (the attendance). */
export const studentLabel = (gender: string) => msg`${select(gender, { female: 'Student', other: 'Student' })}`;

/** Attendance: someone who never joined the session. */
export const didNotJoin = (gender: string) => msg`${select(gender, { female: 'did not join', other: 'did not join' })}`;

/** The call's other tile when that person is there with their camera off. */
export const peerHereNoVideo = (gender: string, peerName: string) =>
  msg`${select(gender, { female: `${peerName} is here (no video)`, other: `${peerName} is here (no video)` })}`;
