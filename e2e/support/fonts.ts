// Cairo is named (html.fonts) only after the first paint on a first visit (index.html), so "the page's
// fonts are in" means: the class is there, a frame has laid the page out with it, and every face that
// layout asked for has loaded.
import type { Page } from '@playwright/test';

export async function fontsIn(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('fonts'));
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await document.fonts.ready;
  });
}
