// @vitest-environment jsdom
// An empty request list offers the next step: a student books a session, a teacher sets their hours.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyRequests } from '../../../src/features/requests/empty-requests';
import { makeI18n } from '../helpers';

function renderEmpty(role: 'student' | 'teacher', locale: 'ar' | 'en' = 'en') {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <EmptyRequests filter="all" role={role} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nProvider i18n={makeI18n(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('EmptyRequests', () => {
  it('sends a student to the teachers list to book', async () => {
    renderEmpty('student');
    expect(await screen.findByText('There are no requests yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a session' }).getAttribute('href')).toBe('/teachers');
  });

  it('sends a teacher to the profile to set their hours, in Arabic too', async () => {
    renderEmpty('teacher', 'ar');
    expect((await screen.findByRole('link', { name: 'حدّد ساعات عملك' })).getAttribute('href')).toBe('/profile');
  });
});
