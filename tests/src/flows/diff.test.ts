// `npm run flows -- --diff <ref>` on two in-memory versions of one machine: states and transitions
// added, removed and changed are found (a transition whose target moved is "changed", not removed and
// added), listed in the summary and drawn with their colour, dash and +/−/~ sign beside a legend.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { diffGraphs, diffSummary, renderDiffSvg } from '../../../src/features/flows/diff';
import { toFlowGraph } from '../../../src/features/flows/graph';
import { createLabeller } from '../../../src/features/flows/labels';

const labels = createLabeller(setupI18n({ locale: 'en', messages: { en: {} } }));

const before = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: 'locked' } },
    opened: { description: 'The door is open.', on: { close: 'closed' } },
    locked: { on: { unlock: 'closed' } },
  },
});
const after = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', knock: 'answering' } },
    opened: { description: 'The door stands open.', on: { close: 'answering' } },
    answering: { on: { done: 'closed' } },
  },
});

describe('a machine diff', () => {
  const diff = diffGraphs(toFlowGraph(before, labels), toFlowGraph(after, labels));

  it('finds added, removed and changed states and transitions', () => {
    expect(diff.states.map((s) => [s.id, s.change])).toEqual([
      ['door.opened', 'changed'],
      ['door.answering', 'added'],
      ['door.locked', 'removed'],
    ]);
    expect(diff.transitions.map((t) => [t.key, t.change])).toEqual([
      ['door.closed knock#0', 'added'],
      ['door.opened close#0', 'changed'],
      ['door.answering done#0', 'added'],
      ['door.closed lock#0', 'removed'],
      ['door.locked unlock#0', 'removed'],
    ]);
    // The unchanged transition is in the merged graph, unmarked; the removed state is drawn too.
    const open = diff.merged.transitions.find((t) => t.eventType === 'open')!;
    expect(diff.marks.has(open.id)).toBe(false);
    expect(diff.merged.states.map((s) => s.id).sort()).toEqual(['door.answering', 'door.closed', 'door.locked', 'door.opened']);
  });

  it('prints one line per change with its sign', () => {
    const lines = diffSummary('door', diff);
    expect(lines[0]).toBe('door: 3 added, 3 removed, 2 changed');
    expect(lines).toContain('  − state door.locked (locked)');
    expect(lines).toContain('  ~ transition door.opened close#0: close → door.closed  becomes  close → door.answering');
    expect(diffSummary('door', diffGraphs(toFlowGraph(after, labels), toFlowGraph(after, labels)))).toEqual([]);
  });

  it('draws each change in colour with a dash or a sign, under a legend', async () => {
    const svg = await renderDiffSvg(diff, 'door: changes');
    expect(svg).toContain('data-legend="true"');
    for (const word of ['+ added', '− removed', '~ changed']) expect(svg).toContain(word);
    expect(svg).toMatch(/class="fl-state fl-removed" data-state-id="door.locked"/);
    expect(svg).toMatch(/class="fl-state fl-added" data-state-id="door.answering"/);
    expect(svg).toMatch(/class="fl-state fl-changed" data-state-id="door.opened"/);
    expect(svg).toContain('>− locked</text>');
    expect(svg).toContain('>+ knock</text>');
    expect(svg).toContain('>~ close</text>');
    // Removed and changed parts are dashed, not only coloured.
    expect(svg).toMatch(/\.fl-edge\.fl-removed path\{[^}]*stroke-dasharray/);
    expect(svg).toMatch(/\.fl-state\.fl-changed>rect\.fl-box\{[^}]*stroke-dasharray/);
  });
});
