// Instants of a slot grid (the booking calendar, the teacher's calendar) as people read them: the viewer's own clock, in their
// language's digits and names, with the zone named whenever it could be in doubt (it differs from the
// teacher's or from Qatar's). Intl does the zone rules; there is no offset arithmetic here. The device's
// zone and the same-clock test are the shared ones of src/domain/zoned-time.tsx; zones are named by
// src/domain/zone-name.ts.
import type { TeacherCard } from '../../contract/teachers';

/** A teacher's gender as a message's select reads it ('other' when unknown or neutral): the Arabic
 *  speaks of «المعلمة» for a female teacher. */
export type TeacherGender = TeacherCard['gender'];
export const genderKey = (gender: TeacherGender): string => gender ?? 'other';

/** 'YYYY-MM-DD' of an instant on the clock of `zone` (groups slots by the viewer's days). */
export function dayKey(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

export function timeOf(iso: string, locale: string, zone: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(iso));
}

/** "Sunday 3 May" in the viewer's language. */
export function dayLabel(iso: string, locale: string, zone: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(new Date(iso));
}
