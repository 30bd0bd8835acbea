// The studio's diagrams of every machine: each state once, inside its parent's box, parallel regions
// side by side, no overlapping sibling boxes (ELK positions), and every event, actor and guard named
// in plain words in the label table; the flow reads from the initial state in the language's direction
// (left to right in English, the same picture mirrored in Arabic).
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { machines } from '../../../machines/index';
import { toFlowGraph, walk } from '../../../src/features/flows/graph';
import { createLabeller } from '../../../src/features/flows/labels';
import { layoutGraph, mirrored, type Layout, type Rect } from '../../../src/features/flows/layout';
import { generatePaths } from '../../../src/features/flows/paths';
import { scenarios } from '../../../src/features/flows/scenarios';
import { allTransitions } from '../../../e2e/model/walker';
import { messages as arMessages } from '../../../locales/ar/messages.po';

const en = setupI18n({ locale: 'en', messages: { en: {} } });
const ar = setupI18n({ locale: 'ar', messages: { ar: arMessages } });

const inside = (child: Rect, parent: Rect) =>
  child.x >= parent.x &&
  child.y >= parent.y &&
  child.x + child.width <= parent.x + parent.width &&
  child.y + child.height <= parent.y + parent.height;
const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** One layout per machine for the tests below (ELK takes seconds). */
const layouts = new Map<string, ReturnType<typeof layoutGraph>>();
const laid = (machine: (typeof machines)[number]['machine']) => {
  if (!layouts.has(machine.id)) layouts.set(machine.id, layoutGraph(toFlowGraph(machine, createLabeller(en))));
  return layouts.get(machine.id)!;
};

describe.each(machines.map((m) => [m.id, m] as const))('diagram of %s', (_id, { machine }) => {
  it('names every event, actor answer and guard in the label table (ar and en)', () => {
    const graph = toFlowGraph(machine, createLabeller(en));
    // Add the names listed here to src/features/flows/labels.ts, then run `npx lingui extract`.
    expect(graph.missing, `unlabelled in ${machine.id}: ${graph.missing.join(', ')}`).toEqual([]);
    const arabic = toFlowGraph(machine, createLabeller(ar));
    expect(arabic.transitions.filter((t) => !/[\u0600-\u06FF]/.test(t.event)).map((t) => t.eventType)).toEqual([]);
  });

  it('draws every state once, inside its parent, regions side by side, siblings apart', async () => {
    const layout = await laid(machine);
    const ids = layout.states.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      walk(machine.root)
        .map((n) => n.id)
        .sort(),
    );
    const byId = new Map(layout.states.map((s) => [s.id, s]));
    const root: Rect = { x: 0, y: 0, width: layout.width, height: layout.height };
    for (const s of layout.states) {
      expect(s.width * s.height, `${s.id} has no size`).toBeGreaterThan(0);
      const parent = s.parent ? byId.get(s.parent)! : root;
      expect(inside(s, parent), `${s.id} is outside ${s.parent ?? 'the diagram'}`).toBe(true);
      const siblings = s.parent ? parent && byId.get(s.parent)!.children : layout.states.filter((o) => o.parent === null).map((o) => o.id);
      for (const other of siblings) {
        if (other !== s.id) expect(overlap(s, byId.get(other)!), `${s.id} overlaps ${other}`).toBe(false);
      }
      if (s.kind === 'parallel') {
        const regions = s.children.map((id) => byId.get(id)!).sort((a, b) => a.x - b.x);
        for (let i = 1; i < regions.length; i++) {
          expect(regions[i]!.x, `${regions[i]!.id} beside ${regions[i - 1]!.id}`).toBeGreaterThanOrEqual(
            regions[i - 1]!.x + regions[i - 1]!.width,
          );
        }
        expect(layout.separators.length).toBeGreaterThanOrEqual(regions.length - 1);
      }
    }
    for (const e of layout.edges) expect(e.points.length, `${e.key} is not routed`).toBeGreaterThanOrEqual(2);
  });

  it("draws and counts every transition, the root's too, by the ids npm run paths and the browser walk use", async () => {
    const graph = toFlowGraph(machine, createLabeller(en));
    const studio = graph.transitions.map((t) => t.id);
    const walked = allTransitions(machine);
    expect(new Set(studio).size).toBe(studio.length);
    expect(studio).toEqual(walked);
    const report = generatePaths(
      scenarios.find((s) => s.id === machine.id)!,
      createLabeller(en),
    );
    expect(report.transitions.total).toBe(walked.length);
    const taken = new Set(report.paths.flatMap((p) => p.steps.flatMap((step) => step.transitions)));
    expect([...taken].filter((id) => !walked.includes(id))).toEqual([]);
    expect(report.transitions.covered).toBe(taken.size);
    // Drawn: an arrow for each, the root's from the "from any state" node.
    const layout = await laid(machine);
    expect(new Set(layout.edges.map((e) => e.id))).toEqual(new Set(studio));
    const fromRoot = machine.root.transitions.size > 0;
    expect(layout.root !== null).toBe(fromRoot);
    if (layout.root) {
      const edges = layout.edges.filter((e) => e.source === layout.root!.id);
      expect(edges.length).toBeGreaterThan(0);
      for (const e of edges) expect(e.points[0]!.x).toBeGreaterThanOrEqual(layout.root.x - 1);
    }
  });
});

describe('reading direction', () => {
  const top = (layout: Layout) => layout.states.filter((s) => s.parent === null);
  const initialOf = (layout: Layout, machine: (typeof machines)[number]['machine']) =>
    top(layout).find((s) => s.id === (machine.root.initial?.target?.[0] as { id: string } | undefined)?.id)!;

  it.each(machines.map((m) => [m.id, m] as const))(
    '%s starts at the left in English and at the right mirrored',
    async (_id, { machine }) => {
      const ltr = await laid(machine);
      expect(ltr.direction).toBe('ltr');
      expect(initialOf(ltr, machine).x).toBe(Math.min(...top(ltr).map((s) => s.x)));
      const rtl = mirrored(ltr);
      expect(rtl.direction).toBe('rtl');
      const start = initialOf(rtl, machine);
      expect(start.x + start.width).toBe(Math.max(...top(rtl).map((s) => s.x + s.width)));
      for (const s of rtl.states) expect(s.x).toBeGreaterThanOrEqual(0);
      for (const e of rtl.edges) for (const p of e.points) expect(p.x).toBeLessThanOrEqual(rtl.width);
    },
  );

  it("reads the booking's steps in order: rightwards in English, leftwards mirrored", async () => {
    const ltr = await laid(machines.find((m) => m.id === 'booking')!.machine);
    const steps = ['child', 'subject', 'duration', 'slot', 'review'];
    const xs = steps.map((k) => top(ltr).find((s) => s.key === k)!.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const ends = steps.map((k) => top(mirrored(ltr)).find((s) => s.key === k)!).map((s) => s.x + s.width);
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
  });
});
