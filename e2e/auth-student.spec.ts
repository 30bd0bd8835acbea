// Student authentication end to end, in Arabic and in English, against the real server on a
// fresh database: codes are read from the development SMS outbox (GET /api/v1/dev/outbox?phone=…,
// latest first). Sign-up and login by code, the register 409 branch of a phone that is already a
// student's, phone-first sign-in of a new phone through complete-register, the code screen's
// messages and countdown, session and logout; the phone input's rules. Teachers: auth-teacher.spec.ts.
import { expect, test } from '@playwright/test';
import { inLocale } from './support/matrix';
import { LOCALES, tr } from './support/catalog';
import { open, preferences } from './support/app';
import { latestCode, newPhone } from './support/api';
import { enterCode, national, signOutVisible, studentSignUp, ui } from './support/auth';

for (const locale of LOCALES) {
  test.describe(`auth (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await preferences(page, { locale });
    });

    inLocale(locale, 0)(
      'student sign-up → code from the outbox → signed in at the root; reload keeps the session; logout',
      async ({ page, request }) => {
        const phone = newPhone();
        await studentSignUp(page, locale, national(phone));
        await expect(page).toHaveURL(new RegExp(`/verify-otp\\?phone=${encodeURIComponent(phone).replace('+', '\\+')}`));
        await expect(page.getByTestId('otp-countdown')).toBeVisible();
        await enterCode(page, locale, await latestCode(request, phone));
        await expect(page).toHaveURL(/\/$/);
        await signOutVisible(page, locale);

        await page.reload();
        await expect(page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 15_000 });
        await signOutVisible(page, locale);

        await page
          .getByTestId('account-area')
          .getByRole('button', { name: tr(locale, 'My account') })
          .click();
        await page
          .getByTestId('account-area')
          .getByRole('button', { name: tr(locale, 'Sign out') })
          .click();
        await expect(page.getByTestId('account-area').getByRole('link', { name: tr(locale, 'Sign in'), exact: true })).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
        // Signed out for real: a login-only page sends the visitor home.
        await page.goto('/profile');
        await expect(page).toHaveURL(/\/$/);
      },
    );

    inLocale(locale, 1)('a wrong code gets its message; the resend button waits behind a visible countdown', async ({ page, request }) => {
      const phone = newPhone();
      await studentSignUp(page, locale, national(phone));
      await expect(page).toHaveURL(/\/verify-otp/);
      const right = await latestCode(request, phone);
      const wrong = right === '000000' ? '111111' : '000000';

      const resend = page.getByTestId('otp-resend');
      await expect(resend).toBeDisabled();
      await expect(page.getByTestId('otp-countdown')).toContainText(/0[01]:[0-5]\d/);
      await expect(page.getByTestId('otp-countdown').locator('time')).toHaveText(/^0[01]:[0-5]\d$/);

      await enterCode(page, locale, wrong);
      // It says how many guesses remain before the code is void (five per code).
      await expect(page.getByTestId('otp-problem')).toHaveText(
        locale === 'ar'
          ? 'الرمز غير صحيح. تحقق من الرسالة وحاول مرة أخرى: بقيت 4 محاولات قبل أن تحتاج إلى رمز جديد.'
          : 'The code is not correct. Check the SMS and try again: 4 tries left before you need a new code.',
      );
      // The right code still works after a wrong one.
      await enterCode(page, locale, right);
      await expect(page).toHaveURL(/\/$/);
      await signOutVisible(page, locale);
    });

    inLocale(locale, 2)(
      'sign-up with a phone that already has a student account goes to the code screen and can sign in',
      async ({ page, request, browser }) => {
        const phone = newPhone();
        // The first sign-up, in another browser: the phone now belongs to a student.
        const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
        await preferences(other, { locale });
        await studentSignUp(other, locale, national(phone));
        await expect(other).toHaveURL(/\/verify-otp/);
        const first = await latestCode(request, phone);
        await other.close();

        await studentSignUp(page, locale, national(phone));
        await expect(page).toHaveURL(/\/verify-otp/);
        // Behind the scenes a login texts a new code; wait for it (the silent login may finish after the
        // screen changes), since a new code replaces the first one.
        const code = await latestCode(request, phone, first);
        await enterCode(page, locale, code);
        await expect(page).toHaveURL(/\/$/);
        await signOutVisible(page, locale);
      },
    );

    inLocale(locale, 3)(
      'phone-first: signing in with a new phone texts a code, then complete-register, then signed in',
      async ({ page, request }) => {
        const phone = newPhone();
        const u = ui(page, locale);
        await open(page, '/sign-in');
        await u.field('Phone number').fill(national(phone));
        await u.button('Send code').click();
        await expect(page).toHaveURL(/\/verify-otp/);
        await enterCode(page, locale, await latestCode(request, phone));

        await expect(page).toHaveURL(/\/complete-register$/);
        await u.field("Your child's first name").fill('سارة');
        await u.field("Your child's last name").fill('أحمد');
        await u.main.getByRole('radio', { name: u.text('Female'), exact: true }).check();
        const phase = u.field("Your child's school phase");
        await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
        await phase.selectOption({ index: 1 });
        await u.button('Save and continue').click();
        await expect(page).toHaveURL(/\/$/);
        await signOutVisible(page, locale);
        // Complete now: the guards no longer hold the account on complete-register.
        await page.goto('/profile');
        await expect(page).toHaveURL(/\/profile$/);
      },
    );
  });
}

test('a login-only page while signed out goes home', async ({ page }) => {
  await preferences(page, { locale: 'ar' });
  await page.goto('/profile');
  await expect(page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/);
});

test('the phone input refuses an impossible number next to the field, in Arabic', async ({ page }) => {
  await preferences(page, { locale: 'ar' });
  await open(page, '/sign-in');
  const u = ui(page, 'ar');
  const phone = u.field('Phone number');
  await expect(phone).toHaveAttribute('type', 'tel');
  await expect(phone).toHaveAttribute('maxlength', '25');
  await expect(phone).toHaveAttribute('placeholder', tr('ar', 'Enter a phone number'));
  await phone.fill('5555');
  await phone.blur();
  await expect(u.main.getByText(tr('ar', 'The phone number is too short'))).toBeVisible();
  await page.getByRole('combobox', { name: tr('ar', 'Country code') }).selectOption('SA');
  await phone.fill('0501234567');
  await phone.blur();
  await expect(u.main.getByText(tr('ar', 'The phone number is too short'))).toHaveCount(0);
  await u.button('Send code').click();
  await expect(page).toHaveURL(/\/verify-otp\?phone=%2B966501234567/);
});
