// Teacher authentication end to end, in Arabic and in English, against the real server on a
// fresh database: sign-up with documents, login by e-mail (a wrong password first) under the review
// guard, and a student sign-up with a teacher's phone sent to the teacher sign-in. Students:
// auth-student.spec.ts.
import { expect, test } from '@playwright/test';
import { inLocale } from './support/matrix';
import { LOCALES, tr } from './support/catalog';
import { open, preferences, uniqueEmail } from './support/app';
import { newPhone, PDF, PNG, registerTeacher } from './support/api';
import { national, signOutVisible, studentSignUp, TEACHER_PASSWORD, ui } from './support/auth';

for (const locale of LOCALES) {
  test.describe(`auth (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await preferences(page, { locale });
    });

    inLocale(locale, 0)("sign-up with a teacher's phone lands on the teacher sign-in with a message", async ({ page, request }) => {
      const phone = newPhone();
      await registerTeacher(request, { phone, email: uniqueEmail('teacher'), password: TEACHER_PASSWORD });
      await studentSignUp(page, locale, national(phone));
      await expect(page).toHaveURL(/\/sign-in$/);
      const u = ui(page, locale);
      await expect(page.getByTestId('auth-notice')).toHaveText(
        tr(locale, 'This phone number already belongs to a teacher account. Please sign in as a teacher.'),
      );
      await expect(u.tab('Teacher')).toHaveAttribute('aria-selected', 'true');
      // The phone is already filled in: the password is all that is missing.
      await u.field('Password').fill(TEACHER_PASSWORD);
      await u.button('Sign in').click();
      // Teacher login goes to about-us, and the review guard then holds a teacher in review on /in-review.
      await expect(page).toHaveURL(/\/in-review$/);
    });

    inLocale(locale, 1)('teacher sign-up with documents → home → held on /in-review by the review guard', async ({ page }) => {
      const phone = newPhone();
      const u = ui(page, locale);
      await open(page, '/sign-up?as=teacher');
      await expect(u.tab('Teacher')).toHaveAttribute('aria-selected', 'true');
      await u.field('First name').fill('ليلى');
      await u.field('Second name').fill('محمد');
      await u.field('Last name').fill('حسن');
      await u.field('Phone number').fill(national(phone));
      await u.field('Email').fill(uniqueEmail('teacher'));
      await u.main.getByRole('radio', { name: u.text('Female'), exact: true }).check();
      await u.field('Birth date').fill('1988-03-14');
      await u.field('Years of experience').fill('6');
      await u.field('Education qualification').selectOption('master');
      const country = u.field('Country');
      await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1);
      await country.selectOption({ index: 1 });
      await u.main
        .getByRole('group', { name: new RegExp(u.text('Phases you teach')) })
        .getByRole('checkbox')
        .first()
        .check();
      await u.main
        .getByRole('group', { name: new RegExp(u.text('Subjects you teach')) })
        .getByRole('checkbox')
        .first()
        .check();
      await u.field('Password').fill('Weakpass');
      await expect(u.main.locator('.password-strength').first()).toHaveAttribute('data-level', 'weak');
      await u.field('Password').fill(TEACHER_PASSWORD);
      await expect(u.main.locator('.password-strength').first()).toHaveAttribute('data-level', 'medium');
      await u.field('Confirm password').fill(TEACHER_PASSWORD);
      await u.field('ID card (front)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
      await u.field('ID card (back)').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
      await u.field('Qualification scan').setInputFiles({ name: 'degree.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('file-preview')).toHaveCount(3);
      await u.button('Create teacher account').click();
      await expect(page).toHaveURL(/\/in-review$/);
      await signOutVisible(page, locale);
    });

    inLocale(locale, 2)('teacher login by e-mail → about-us, then the review guard → /in-review', async ({ page, request }) => {
      const phone = newPhone();
      const email = uniqueEmail('teacher');
      await registerTeacher(request, { phone, email, password: TEACHER_PASSWORD });
      const u = ui(page, locale);
      await open(page, '/sign-in');
      await u.tab('Teacher').click();
      await u.main.getByRole('radio', { name: u.text('Email'), exact: true }).check();
      await u.field('Email').fill(email);
      await u.field('Password').fill('Wrong-password1');
      await u.button('Sign in').click();
      // The server puts its one generic message under the password field (422, no enumeration).
      await expect(u.field('Password')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/sign-in/);
      await expect(u.field('Email')).toHaveValue(email);

      await u.field('Password').fill(TEACHER_PASSWORD);
      await u.button('Sign in').click();
      await expect(page).toHaveURL(/\/in-review$/);
      await signOutVisible(page, locale);
    });
  });
}
