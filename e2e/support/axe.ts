// axe-core against the WCAG 2.1 A/AA rules, shared by the specs, with a failure message that names
// each rule, its impact and help link, and every offending node.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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

/** The WCAG 2.1 A/AA violations on the page as it is now. */
export async function wcagViolations(page: Page): Promise<Violations> {
  return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
}
