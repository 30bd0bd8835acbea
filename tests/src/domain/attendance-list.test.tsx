// @vitest-environment jsdom
// Attendance as a family reads it: who did not join, who was there for under a minute (never "0
// minutes" for someone who joined), and whole minutes with the time lost to reconnection, in both languages.
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Attendance } from '../../../contract/sessions';
import { AttendanceList } from '../../../src/domain/attendance-list';
import { cleanUpAfterEach, makeI18n, renderWithProviders } from '../helpers';

cleanUpAfterEach();

const at = '2026-11-27T17:00:00.000Z';
const attendance: Attendance = {
  request_id: 3,
  participants: [
    {
      role: 'student',
      first_name: 'Maryam',
      gender: 'female',
      first_joined_at: at,
      last_left_at: at,
      minutes_present: 0,
      minutes_lost_to_reconnection: 0,
      events: [],
    },
    {
      role: 'teacher',
      first_name: 'هدى',
      gender: 'female',
      first_joined_at: at,
      last_left_at: null,
      minutes_present: 2,
      minutes_lost_to_reconnection: 1,
      events: [],
    },
  ],
};
const absent: Attendance = {
  request_id: 3,
  participants: [{ ...attendance.participants[0]!, first_joined_at: null, last_left_at: null }],
};

const lines = () => screen.getAllByRole('listitem').map((li) => li.textContent);
const render = (data: Attendance, locale: 'en' | 'ar') =>
  renderWithProviders(<AttendanceList attendance={data} />, { i18n: makeI18n(locale), queryClient: new QueryClient() });

describe('AttendanceList', () => {
  it('says "less than a minute" for someone who joined briefly, never 0 minutes (en)', () => {
    render(attendance, 'en');
    expect(lines()).toEqual([
      'Student: Maryam less than a minute in the session',
      'Teacher: هدى 2 minutes in the session · 1 minute lost to reconnection',
    ]);
  });

  it('says the same in Arabic, each person in their gender, and "did not join" only for who never joined', () => {
    const shown = render(attendance, 'ar');
    expect(lines()).toEqual([
      'الطالبة: Maryam أقل من دقيقة في الجلسة',
      'المعلمة: هدى دقيقتان في الجلسة · دقيقة واحدة ضاعت في إعادة الاتصال',
    ]);
    shown.unmount();
    const again = render(absent, 'ar');
    expect(lines()).toEqual(['الطالبة: Maryam لم تنضم']);
    again.unmount();
    const boy: Attendance = { request_id: 3, participants: [{ ...absent.participants[0]!, first_name: 'Omar', gender: 'male' }] };
    render(boy, 'ar');
    expect(lines()).toEqual(['الطالب: Omar لم ينضم']);
  });
});
