// The sign-in and sign-up steps the authentication specs share (e2e/auth-*.spec.ts): the screens'
// fields by their translated labels, the student sign-up form, the code screen, the signed-in header.
import { expect, type Page } from '@playwright/test';
import { tr, type Locale } from './catalog';
import { open } from './app';

export const TEACHER_PASSWORD = 'Teacher123';

/** A phone from newPhone() as a person types it: the national number without +974. */
export const national = (e164: string) => e164.slice(4);

/** The main area's fields, buttons and tabs by their label in `locale`. */
export function ui(page: Page, locale: Locale) {
  const main = page.locator('main');
  const text = (source: string) => tr(locale, source);
  return {
    text,
    main,
    field: (label: string) =>
      main.getByLabel(text(label), { exact: true }).and(main.locator('input:not([type=radio]):not([type=checkbox]), select, textarea')),
    button: (name: string) => main.getByRole('button', { name: text(name), exact: true }),
    tab: (name: string) => main.getByRole('tab', { name: text(name), exact: true }),
  };
}

/** The header shows the signed-in account menu. */
export async function signOutVisible(page: Page, locale: Locale) {
  await expect(page.getByTestId('account-area').getByRole('button', { name: tr(locale, 'My account') })).toBeVisible();
}

/** Fills and sends the student sign-up form; returns at the page the machine goes to next. */
export async function studentSignUp(page: Page, locale: Locale, phone: string) {
  const u = ui(page, locale);
  await open(page, '/sign-up');
  await u.field("Your child's first name").fill('سارة');
  await u.field("Your child's last name").fill('أحمد');
  await u.field('Phone number').fill(phone);
  await u.main.getByRole('radio', { name: u.text('Female'), exact: true }).check();
  const phase = u.field("Your child's school phase");
  await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
  await phase.selectOption({ index: 1 });
  await u.button('Create account').click();
}

export async function enterCode(page: Page, locale: Locale, code: string) {
  const u = ui(page, locale);
  await u.field('Verification code').fill(code);
  await u.button('Verify').click();
}
