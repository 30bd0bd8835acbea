// @vitest-environment jsdom
// Home's "sign in to book with {teacher}": a guest sent home from a teacher (/?book={id})
// sees the teacher's name and a sign-in link that makes the auth machine keep that teacher; a
// signed-in student, or an address whose `book` is not a teacher id, gets home as always.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../helpers';
import { renderApp } from './render-app';

const teacher = {
  id: 3,
  first_name: 'فاطمة',
  last_name: 'الكعبي',
  gender: 'female',
  country: 'Qatar',
  experience_years: 5,
  subjects: [],
  phases: [],
  working_hours: [],
  rating: { average: 0, count: 0 },
  available_now: false,
  description: null,
  evaluations: [],
  busy: [],
  time_zone: 'Asia/Qatar',
  next_free: null,
};

let calls: Array<{ url: string }>;
beforeEach(() => {
  sessionStorage.clear();
  const fake = fakeFetch((url) =>
    /\/v1\/teachers\/3(\?|$)/.test(url) ? { status: 200, json: { message: 'ok', data: teacher } } : { status: 404, json: {} },
  );
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('home: sign in to book with a teacher', () => {
  it('names the teacher; following the link keeps the teacher for after the sign-in', async () => {
    const { auth, router } = await renderApp('/?book=3', { locale: 'en' });
    const banner = await screen.findByTestId('book-with-banner');
    expect(banner.textContent).toContain('Booking a lesson with فاطمة الكعبي?');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in to book with فاطمة' }));
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(auth.getSnapshot().context.returnTo).toEqual({ teacherId: 3 });
  });

  it('is not offered to a signed-in student, nor for a `book` that is not a teacher id', async () => {
    await renderApp('/?book=3', { locale: 'en', signedIn: true });
    expect(screen.queryByTestId('book-with-banner')).toBeNull();
    cleanup();
    await renderApp('/?book=%2F%2Fevil.example', { locale: 'en' });
    expect(screen.queryByTestId('book-with-banner')).toBeNull();
    expect(calls.some((c) => /\/v1\/teachers\//.test(c.url))).toBe(false);
  });
});
