// The committed diagrams (Markdown and SVG) in docs/flows must match the machines they are drawn from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { FLOWS_DIR, renderAll, renderDiagram } from '../../scripts/flows';
import { machines } from '../../machines/index';
import { walk } from '../../src/features/flows/graph';

const walkIds = (root: Parameters<typeof walk>[0]) => walk(root).map((n) => n.id);

const expected = await renderAll();

describe('docs/flows', () => {
  it.each([...expected.keys()])('%s is up to date (run npm run flows)', (name) => {
    const file = path.join(FLOWS_DIR, name);
    expect(existsSync(file), `docs/flows/${name} is missing: run npm run flows`).toBe(true);
    expect(readFileSync(file, 'utf8'), `docs/flows/${name} is stale: run npm run flows`).toBe(expected.get(name));
  });

  it('holds no diagram of a machine that no longer exists', () => {
    const onDisk = readdirSync(FLOWS_DIR)
      .filter((f) => f.endsWith('.md') || f.endsWith('.svg'))
      .sort();
    expect(onDisk).toEqual([...expected.keys()].sort());
  });

  it('indexes every machine with one line', () => {
    const index = expected.get('README.md')!;
    for (const { id } of machines) expect(index).toContain(`- [${id}](./${id}.md)`);
  });

  it('shows each machine as an SVG with every state, in its Markdown page', () => {
    for (const { id, machine } of machines) {
      expect(expected.get(`${id}.md`)).toContain(`![${id} statechart](./${id}.svg)`);
      const svg = expected.get(`${id}.svg`)!;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      const drawn = [...svg.matchAll(/data-state-id="([^"]+)"/g)].map((m) => m[1]);
      expect(drawn.sort()).toEqual(walkIds(machine.root).sort());
    }
  });
});

describe('renderDiagram', () => {
  const machine = setup({
    actors: { job: fromPromise(async () => 1) },
    guards: { isReady: () => true },
    delays: { wait: 60_000 },
  }).createMachine({
    id: 'demo',
    initial: 'a',
    states: {
      a: {
        description: 'First: waiting',
        tags: ['t:one'],
        on: { 'go.next': { target: 'b', guard: 'isReady' } },
        after: { wait: 'b' },
      },
      b: {
        type: 'parallel',
        states: {
          left: { initial: 'x', states: { x: { invoke: { id: 'job', src: 'job', onDone: 'y', onError: 'x' } }, y: {} } },
          right: { initial: 'z', states: { z: {} } },
        },
      },
    },
  });
  const text = renderDiagram(machine);

  it('draws initial markers, nested and parallel states', () => {
    expect(text).toContain('[*] --> demo_a');
    expect(text).toContain('state "b (in parallel)" as demo_b {');
    expect(text).toMatch(/\[\*\] --> demo_b_left_x/);
    expect(text).toMatch(/\n\s+--\n/);
  });

  it('labels transitions with event and guard, actor answers and delays', () => {
    expect(text).toContain('demo_a --> demo_b : go.next [isReady]');
    expect(text).toContain('demo_a --> demo_b : after wait 60s');
    expect(text).toContain('demo_b_left_x --> demo_b_left_y : job done');
    expect(text).toContain('demo_b_left_x --> demo_b_left_x : job error');
  });

  it('adds descriptions and tags as notes', () => {
    expect(text).toContain('note right of demo_a\n    First: waiting\n    tags: t:one\n  end note');
  });
});
