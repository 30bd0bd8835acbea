// A teacher as the public list gives her (GET v1/teachers), shared by the list's and the booking form's specs.
import type { TeacherCard } from '../../../contract/teachers';

export const fatima: TeacherCard = {
  id: 3,
  first_name: 'Fatima',
  last_name: 'Al-Kaabi',
  gender: 'female',
  country: 'Qatar',
  experience_years: 5,
  subjects: [
    { id: 1, name: 'Quran' },
    { id: 2, name: 'Arabic' },
  ],
  phases: [{ id: 1, name: 'Primary' }],
  working_hours: [
    { day: 0, from: '08:00', to: '12:00' },
    { day: 2, from: '16:00', to: '20:00' },
  ],
  rating: { average: 4.5, count: 12 },
  available_now: true,
  description: null,
  time_zone: 'Asia/Qatar',
  next_free: '2030-01-06T17:00:00.000Z',
};
