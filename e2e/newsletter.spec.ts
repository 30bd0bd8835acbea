// The footer's newsletter sign-up: a first sign-up is confirmed; signing up twice with the
// same address is a friendly info message, never an error.
import { expect, test } from '@playwright/test';
import { tr } from './support/catalog';
import { open, preferences, revealFooter, toasts, uniqueEmail } from './support/app';

for (const locale of ['en', 'ar'] as const) {
  test(`signing up twice is friendly (${locale})`, async ({ page }) => {
    await preferences(page, { locale });
    await open(page, '/');
    const footer = await revealFooter(page);
    const email = footer.getByLabel(tr(locale, 'Email for newsletter'));
    const subscribe = footer.getByRole('button', { name: tr(locale, 'Subscribe'), exact: true });
    const address = uniqueEmail('newsletter');

    await email.fill(address);
    await subscribe.click();
    await expect(toasts(page, 'success')).toBeVisible();
    await expect(toasts(page, 'error')).toHaveCount(0);

    // The form may clear itself after success; type the same address again either way.
    await email.fill(address);
    await subscribe.click();
    const info = toasts(page, 'info');
    await expect(info).toBeVisible();
    await expect(info).not.toHaveText('');
    await expect(toasts(page, 'error')).toHaveCount(0);
    await expect(toasts(page, 'warn')).toHaveCount(0);
  });
}
