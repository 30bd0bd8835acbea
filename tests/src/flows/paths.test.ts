// `npm run paths`: numbered plain-language steps per generated path, in ar or en, as Markdown or JSON,
// with the states and transitions the paths cover.
import { describe, expect, it } from 'vitest';
import { parseArgs, renderPaths } from '../../../scripts/paths';
import { messages as ar } from '../../../locales/ar/messages.po';
import { messages as en } from '../../../locales/en/messages.po';

describe('npm run paths', () => {
  it('reads the machine, format and language, and refuses anything else with the usage', () => {
    expect(parseArgs(['order', '--format', 'json', '--lang', 'ar'])).toEqual({ machine: 'order', format: 'json', lang: 'ar' });
    expect(parseArgs(['request'])).toEqual({ machine: 'request', format: 'md', lang: 'en' });
    expect(parseArgs(['nope'])).toMatch(/^usage: npm run paths -- <auth\|order/);
    expect(parseArgs(['order', '--format', 'xml'])).toMatch(/unknown or incomplete option: --format/);
  });

  it('lists every path of the order machine as numbered steps in English, covering all of it', () => {
    const text = renderPaths({ machine: 'order', format: 'md', lang: 'en' }, en);
    expect(text).toContain('# Paths of order');
    expect(text).toContain('States covered: 5/5. Transitions covered: 7/7.');
    expect(text).toMatch(/## Path \d+ \(shortest\) to paid\n\n1\. open the payment page \[something to pay\] → now in pendingPayment\n2\. payment approved \[the exact amount\] → now in paid\n/);
    expect(text).toMatch(/## Path \d+ \(simple\) to /);
    expect(text).not.toContain('xstate.');
  });

  it('writes the same steps in Arabic', () => {
    const text = renderPaths({ machine: 'order', format: 'md', lang: 'ar' }, ar);
    expect(text).toContain('# مسارات order');
    expect(text).toContain('1. فتح صفحة الدفع [يوجد مبلغ للدفع] ← الآن في pendingPayment');
  });

  it('gives QA tools the same paths as JSON with coverage', () => {
    const report = JSON.parse(renderPaths({ machine: 'request', format: 'json', lang: 'en' }, en));
    expect(report.machine).toBe('request');
    expect(report.states).toEqual({ covered: 6, total: 6, missing: [] });
    const finished = report.paths.find((p: { target: string[] }) => p.target[0] === 'finished');
    expect(finished.steps.map((s: { eventType: string }) => s.eventType)).toEqual(['approve', 'finish']);
    expect(report.transitions.covered).toBeGreaterThanOrEqual(8);
  });
});
