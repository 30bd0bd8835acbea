// `npm run paths`: numbered plain-language steps per generated path, in ar or en, as Markdown or JSON,
// with the states and transitions the paths cover.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { getNextSnapshot, initialTransition, type AnyMachineSnapshot } from 'xstate';
import { transitionId } from '../../../src/domain/transition-id';
import { createLabeller } from '../../../src/features/flows/labels';
import { generatePaths, leafPaths, pathId } from '../../../src/features/flows/paths';
import { scenarios } from '../../../src/features/flows/scenarios';
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
    expect(text).toMatch(
      /## Path \d+ \(shortest\) to paid\n\n1\. open the payment page \[something to pay\] → now in pendingPayment\n2\. payment approved \[the exact amount\] → now in paid\n/,
    );
    // Each event sequence once: the simple paths of so small a machine are the shortest ones again.
    const headings = [...text.matchAll(/^## Path \d+ .*\n\n((?:\d+\..*\n)+)/gm)].map((m) => m[1]);
    expect(new Set(headings).size).toBe(headings.length);
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
    expect(finished.id).toMatch(/^[0-9a-f]{8}$/);
    expect(finished.steps[0].event).toEqual({ type: 'approve', actor: { role: 'teacher', party: true }, now: expect.any(Number) });
  });
});

describe.each(scenarios.map((s) => [s.id, s] as const))('generated paths of %s', (_id, scenario) => {
  const report = generatePaths(scenario, createLabeller(setupI18n({ locale: 'en', messages: { en: {} } })));

  it('replayed on the machine, every step takes the transitions its label names and ends where it says', () => {
    const { machine } = scenario;
    const byId = new Map(report.graph.transitions.map((t) => [t.id, t]));
    for (const path of report.paths) {
      let snapshot: AnyMachineSnapshot = initialTransition(machine, scenario.input)[0];
      for (const [i, step] of path.steps.entries()) {
        const where = `${path.kind} path ${path.id}, step ${i + 1} (${step.label})`;
        const taken = machine.getTransitionData(snapshot, step.event).map((t) => transitionId(t));
        expect(step.transitions, where).toEqual(taken);
        expect(step.label, where).toBe(byId.get(taken[0]!)?.label);
        snapshot = getNextSnapshot(machine, snapshot, step.event);
        expect(step.states, where).toEqual(leafPaths(machine, snapshot));
      }
      expect(path.target, `${path.kind} path ${path.id}`).toEqual(leafPaths(machine, snapshot));
    }
  });

  it('names each path by a hash of its events alone (other paths coming or going leave it), each once', () => {
    const ids = report.paths.map((p) => p.id);
    expect(report.paths.map((p) => pathId(p.steps.map((step) => step.event)))).toEqual(ids);
    expect(ids.every((id) => /^[0-9a-f]{8}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
