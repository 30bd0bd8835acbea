// The studio's words, in Arabic and English: every transition out of a state reads differently (a
// guard with a fixed parameter names it, the fall-back reads "otherwise"), every state and machine has
// a name and each state its description from the catalogs, and the simulation never offers two buttons that read alike. (The reading
// direction of the diagrams: layout.test.ts.)
import { setupI18n, type I18n } from '@lingui/core';
import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { machines } from '../../../machines/index';
import { offeredChoices } from '../../../src/features/flows/choices';
import { toFlowGraph, walk } from '../../../src/features/flows/graph';
import { createLabeller } from '../../../src/features/flows/labels';
import { traversalOptions } from '../../../src/features/flows/paths';
import { scenarios } from '../../../src/features/flows/scenarios';
import { messages as arMessages } from '../../../locales/ar/messages.po';
import { messages as enMessages } from '../../../locales/en/messages.po';

const locales: Array<[string, I18n]> = [
  ['en', setupI18n({ locale: 'en', messages: { en: enMessages } })],
  ['ar', setupI18n({ locale: 'ar', messages: { ar: arMessages } })],
];
const arabic = /[\u0600-\u06FF]/;
/** A description with its API calls ("POST v1/auth/login", "/packages") taken out. */
const withoutApiCalls = (text: string) => text.replace(/(?:(?:GET|POST|PUT|PATCH|DELETE) )?v1\/[\w/-]+|\/packages/g, '');

describe.each(machines.map((m) => [m.id, m] as const))('words of %s', (id, { machine }) => {
  it.each(locales)('gives the transitions out of each state labels that differ (%s)', (_locale, i18n) => {
    const graph = toFlowGraph(machine, createLabeller(i18n));
    expect(graph.missing).toEqual([]);
    for (const source of new Set(graph.transitions.map((t) => t.source))) {
      const labels = graph.transitions.filter((t) => t.source === source).map((t) => t.label);
      expect(
        labels.filter((l, i) => labels.indexOf(l) !== i),
        `${source}: ${labels.join(' | ')}`,
      ).toEqual([]);
    }
  });

  it('names every state and the machine in Arabic from the catalog', () => {
    const labels = createLabeller(locales[1]![1]);
    const graph = toFlowGraph(machine, labels);
    expect(graph.states.filter((s) => !arabic.test(s.name)).map((s) => s.id)).toEqual([]);
    expect(labels.machine(id)).toMatch(arabic);
    expect(createLabeller(locales[0]![1]).machine(id)).toMatch(/^[A-Z]/);
  });

  it('describes every state in Arabic, and in English as the machine itself does', () => {
    const [ar, en] = [toFlowGraph(machine, createLabeller(locales[1]![1])), toFlowGraph(machine, createLabeller(locales[0]![1]))];
    const described = walk(machine.root).filter((node) => node.description);
    expect(described.length).toBeGreaterThan(0);
    for (const node of described) {
      expect(en.states.find((s) => s.id === node.id)!.description, node.id).toBe(node.description);
      const arabicText = ar.states.find((s) => s.id === node.id)!.description!;
      expect(arabicText, node.id).toMatch(arabic);
      // Only the API calls (method and path) stay in Latin letters.
      expect(withoutApiCalls(arabicText), node.id).not.toMatch(/[A-Za-z]/);
    }
  });

  it.each(locales)('offers no two simulation buttons that read alike, in any state the samples reach (%s)', (_locale, i18n) => {
    const scenario = scenarios.find((s) => s.id === id)!;
    const graph = toFlowGraph(scenario.machine, createLabeller(i18n));
    const reached = getShortestPaths(scenario.machine, traversalOptions(scenario)).map((p) => p.state as AnyMachineSnapshot);
    expect(reached.length).toBeGreaterThan(1);
    for (const snapshot of reached) {
      const labels = offeredChoices(scenario, snapshot, graph, i18n).flatMap((g) => g.choices.map((c) => c.label));
      expect(
        labels.filter((l, i) => labels.indexOf(l) !== i),
        `${JSON.stringify(snapshot.value)}: ${labels.join(' | ')}`,
      ).toEqual([]);
    }
  });
});

describe('labels that name their data', () => {
  const [, en] = locales[0]!;
  const [, ar] = locales[1]!;
  const labelsOf = (id: string, i18n: I18n) => toFlowGraph(machines.find((m) => m.id === id)!.machine, createLabeller(i18n)).transitions;

  it('says which status the server changed to, and what is left "otherwise"', () => {
    const changed = labelsOf('teacher-status', en).filter((t) => t.eventType === 'status.changed');
    expect(changed.map((t) => t.label)).toEqual([
      'the server changed the status [to in review]',
      'the server changed the status [to approved]',
      'the server changed the status [to active]',
      'the server changed the status [to rejected]',
      'the server changed the status [otherwise]',
    ]);
    const arabicLabels = labelsOf('teacher-status', ar).filter((t) => t.eventType === 'status.changed');
    expect(arabicLabels[0]!.label).toMatch(arabic);
    expect(arabicLabels[0]!.label).not.toMatch(/[a-z]/);
  });

  it('names the booking step a change goes back to', () => {
    const change = labelsOf('booking', en).filter((t) => t.source === 'booking.review' && t.eventType === 'booking.change');
    expect(change.map((t) => t.guard)).toEqual([
      'back to the child step',
      'back to the subject step',
      'back to the duration step',
      'back to the time step',
    ]);
  });

  it('offers the clock and the start-up check as one group with a button per value', () => {
    const auth = scenarios.find((s) => s.id === 'auth')!;
    const start = auth.machine.resolveState({ value: { checking: 'readingSession' }, context: auth.machine.config.context as never });
    const groups = offeredChoices(auth, start, toFlowGraph(auth.machine, createLabeller(en)), en);
    const check = groups.find((g) => g.event === 'the start-up check succeeded')!;
    expect(check.choices.map((c) => c.value)).toEqual(['has an account', 'a saved sign-in', 'otherwise']);
    expect(groups.map((g) => g.event)).toContain('the start-up check failed');
    const events: EventObject[] = check.choices.map((c) => c.event);
    expect(new Set(events).size).toBe(3);
  });
});
