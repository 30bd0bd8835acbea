// @vitest-environment jsdom
// Completing registration says what it asks for (the child's details), in both languages, without
// telling the parent that some of their data is missing.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { student } from '../../machines/auth-fakes';
import { renderAuth } from './render-auth';

afterEach(cleanup);

const incomplete = { checkLogin: () => ({ account: { ...student, profile_complete: false }, token: 't' }) };

describe('complete registration', () => {
  it.each([
    ['en', 'Tell us about your child: their name, gender and school phase. Then you can choose a teacher for them.', /missing/i],
    ['ar', 'أخبرنا عن طفلك: اسمه وجنسه ومرحلته الدراسية، ثم اختر له معلمًا.', /ناقص|تنقص|بعض بياناتك/],
  ] as const)('asks for the child by name (%s)', async (locale, intro, missing) => {
    const { router } = await renderAuth('/complete-register', incomplete, locale);
    expect(router.state.location.pathname).toBe('/complete-register');
    const text = screen.getByText(intro);
    expect(text.textContent).not.toMatch(missing);
  });
});
