// @vitest-environment jsdom
// An empty request list offers the next step: a student books a session. A teacher is told to set
// working hours only when they have none (the hours prompt, not the empty list), and that link lands
// on the profile's hours section, focused.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HoursPrompt } from '../../../src/features/profile/hours-prompt';
import { EmptyRequests } from '../../../src/features/requests/empty-requests';
import { renderRouted } from '../helpers';
import { renderProfilePage, replies, resetReplies, teacher } from '../profile/profile-fixtures';

function renderEmpty(role: 'student' | 'teacher', locale: 'ar' | 'en' = 'en', hours = teacher.working_hours) {
  return renderRouted({
    locale,
    route: () => ({ status: 200, json: { message: 'ok', data: { ...teacher, working_hours: hours } } }),
    component: () => (
      <>
        <HoursPrompt />
        <EmptyRequests filter="all" role={role} />
      </>
    ),
  });
}

beforeEach(resetReplies);
afterEach(cleanup);

describe('EmptyRequests', () => {
  it('sends a student to the teachers list to book', async () => {
    renderEmpty('student');
    expect(await screen.findByText('There are no requests yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a session' }).getAttribute('href')).toBe('/teachers');
  });

  it("sends a teacher without hours to the profile's hours section, once, in Arabic too", async () => {
    renderEmpty('teacher', 'ar', []);
    const link = await screen.findByRole('link', { name: 'حدّد ساعات عملك في ملفك الشخصي.' });
    expect(link.getAttribute('href')).toBe('/profile#working-hours');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('does not tell a teacher who has working hours to set them', async () => {
    const { queryClient } = renderEmpty('teacher');
    expect(await screen.findByText('There are no requests yet.')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(['profile', 'en'])).toBeTruthy());
    expect(screen.queryByTestId('hours-prompt')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    // It says where requests will come from instead.
    expect(
      screen.getByText('When a family books you, or asks for a teacher of your subject and level, the request appears here at once.'),
    ).toBeTruthy();
  });
});

describe("The profile's hours section", () => {
  it('is focused when the address names it, once the profile has loaded', async () => {
    replies.current = { ...teacher, working_hours: [] };
    renderProfilePage('en', '/#working-hours');
    const section = await screen.findByRole('group', { name: 'Available days and working hours' });
    await waitFor(() => expect(document.activeElement).toBe(section));
  });
});
