// Accessibility from the first page (issue 2): axe-core finds no WCAG 2.1 A/AA violation on any page
// built so far, in Arabic and English, light and dark. Later issues add their pages to PAGES.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LOCALES } from './support/catalog';
import { open, preferences, revealFooter } from './support/app';
import { PUBLIC_PAGES } from './support/routes';

const PAGES = PUBLIC_PAGES;

const THEMES = ['light', 'dark'] as const;

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One readable block per violation: rule, impact, help link, and each offending node. */
function describe(violations: Violations): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

for (const locale of LOCALES) {
  for (const theme of THEMES) {
    test.describe(`${locale}, ${theme}`, () => {
      test.use({ colorScheme: theme });

      for (const path of PAGES) {
        test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
          await preferences(page, { locale, theme });
          await open(page, path);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
          else await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
          // Fonts change text metrics and therefore contrast sampling; measure the settled page.
          // The footer's newsletter form is checked too.
          await revealFooter(page);
          await page.evaluate(() => document.fonts.ready);
          const { violations } = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze();
          expect(violations.length, `axe violations on ${path} (${locale}, ${theme}):\n\n${describe(violations)}\n`).toBe(0);
        });
      }
    });
  }
}
