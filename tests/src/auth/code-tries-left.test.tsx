// @vitest-environment jsdom
// A wrong code says how many tries remain when the server tells (`errors.attempts_left` beside the
// refusal's `code`), in both languages; without that count it says only that the code is not correct.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { otpRefused } from '../../machines/auth-fakes';
import { renderAuth } from './render-auth';

afterEach(cleanup);

async function wrongCode(attemptsLeft: string, locale: 'en' | 'ar') {
  await renderAuth(
    '/verify-otp?phone=%2B97455555555',
    {
      verifyOtp: () => {
        throw otpRefused('wrong', attemptsLeft);
      },
    },
    locale,
  );
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: locale === 'en' ? 'Verification code' : 'رمز التحقق' }), '123456');
  await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Verify' : 'تحقّق' }));
  return (await screen.findByTestId('otp-problem')).textContent;
}

describe('a wrong code', () => {
  it('counts the tries left (en)', async () => {
    expect(await wrongCode('3', 'en')).toBe(
      'The code is not correct. Check the SMS and try again: 3 tries left before you need a new code.',
    );
    cleanup();
    expect(await wrongCode('1', 'en')).toBe('The code is not correct. Check the SMS and try again: 1 try left before you need a new code.');
  });

  it('counts the tries left (ar)', async () => {
    expect(await wrongCode('3', 'ar')).toBe('الرمز غير صحيح. تحقق من الرسالة وحاول مرة أخرى: بقيت 3 محاولات قبل أن تحتاج إلى رمز جديد.');
  });
});
