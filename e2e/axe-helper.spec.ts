// The axe helper every accessibility check goes through (support/axe.ts) runs axe in the page itself
// and gathers violations only; this shows it still reports them: a line too faint to read and a
// button without a name, put on the home page.
import { expect, test } from '@playwright/test';
import { open } from './support/app';
import { describeViolations, wcagViolations } from './support/axe';

test('the axe helper reports contrast and name violations on a page', async ({ page }) => {
  await open(page, '/');
  expect(await wcagViolations(page), 'home as it is').toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const faint = document.createElement('p');
    faint.textContent = 'نص باهت';
    faint.style.cssText =
      'position: fixed; inset: 40% auto auto 1rem; z-index: 1000; margin: 0; padding: 0.5rem; color: #ddd; background: #fff;';
    faint.id = 'faint';
    const nameless = document.createElement('button');
    nameless.id = 'nameless';
    main.prepend(faint, nameless);
  });
  const violations = await wcagViolations(page);
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, describeViolations(violations)).toEqual(['button-name: #nameless', 'color-contrast: #faint']);
});
