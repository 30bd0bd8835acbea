// Dark mode (spec §9): a class on <html>, toggled from the header, persisted, and on a first visit
// following the system's prefers-color-scheme.
import { expect, test } from '@playwright/test';
import { open } from './support/app';

test.describe('with a light system theme', () => {
  test.use({ colorScheme: 'light' });

  test('the toggle adds and removes dark on <html> and the choice survives a reload', async ({ page }) => {
    await open(page, '/');
    const html = page.locator('html');
    const toggle = page.getByTestId('theme-toggle');
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await toggle.click();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);

    await toggle.click();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });
});

test.describe('with a dark system theme', () => {
  test.use({ colorScheme: 'dark' });

  test('a first visit starts dark, and an explicit light choice wins afterwards', async ({ page }) => {
    await open(page, '/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.getByTestId('theme-toggle').click();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });
});
