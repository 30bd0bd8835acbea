// Small helpers shared by the specs: open the app in a given locale/theme, wait for the shell,
// find toasts, make unique e-mail addresses.
import { expect, type Page } from '@playwright/test';
import type { Locale } from './catalog';

/** Stores locale (and theme) the way the app does, before any page script runs. */
export async function preferences(page: Page, prefs: { locale?: Locale; theme?: 'light' | 'dark' }): Promise<void> {
  await page.addInitScript((p) => {
    // Only on the first document of the test, so a test can still switch and reload.
    if (sessionStorage.getItem('e2e-prefs-set')) return;
    sessionStorage.setItem('e2e-prefs-set', '1');
    if (p.locale) localStorage.setItem('ng-locale', p.locale);
    if (p.theme) localStorage.setItem('ng-theme', p.theme);
  }, prefs);
}

/** Navigates and waits until the start-up login check is over and a page heading is shown. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('main h1').first()).toBeVisible();
  // A pre-rendered page shows its heading before React has hydrated it (src/app/mount.tsx).
  await expect(page.locator('#root[data-mounted]')).toHaveCount(1);
}

export function toasts(page: Page, severity?: string) {
  return page.locator(severity ? `[data-severity="${severity}"]` : '[data-severity]');
}

let counter = 0;
export function uniqueEmail(prefix = 'parent'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

/** Scrolls to the footer and waits for its newsletter form (a shell until the visitor reaches for it). */
export async function revealFooter(page: Page) {
  const footer = page.locator('footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.locator('form')).toBeVisible();
  return footer;
}
