// axe-core against the WCAG 2.1 A/AA rules, shared by the specs, with a failure message that names
// each rule, its impact and help link, and every offending node.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { fontsIn } from './fonts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One readable block per violation: rule, impact, help link, and each offending node. */
export function describeViolations(violations: Violations): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/**
 * The WCAG 2.1 A/AA violations on the page as it is now. axe.run in the page itself (the builder's
 * "legacy" mode): its default runs axe per frame, then opens a blank page, injects axe there again and
 * ships every result over to finish the run — for pages with cross-origin frames, which ours have none
 * of. Only violations are gathered (the passes' details were most of the data). The booking form's
 * week calendar: 4.0 s a scan before, 0.85 s after; a teachers list 1.3 → 0.46 s.
 */
export async function wcagViolations(page: Page): Promise<Violations> {
  // options() replaces every option, withTags() adds runOnly: in this order.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode();
  return (await builder.analyze()).violations;
}

/** Fails the test on any WCAG 2.1 A/AA violation on the screen as it is now, once its fonts (which change contrast sampling) are in. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  await fontsIn(page);
  const violations = await wcagViolations(page);
  expect(violations.length, `axe on ${where}:\n\n${describeViolations(violations)}\n`).toBe(0);
}
