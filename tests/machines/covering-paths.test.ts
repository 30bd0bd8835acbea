// coveringPaths (tests/machines/model.ts), which the model e2e walks in the browser: few paths that
// together take every transition the sample events reach, none ending where an answer must follow.
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { scenarios } from '../../src/features/flows/scenarios';
import { transitionId, transitionsOf } from '../../src/domain/transition-id';
import { coveringPaths } from './covering-paths';

const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(nodes)];

describe('coveringPaths', () => {
  const order = scenarios.find((s) => s.id === 'order')!;
  // The studio tries unlisted event types bare; here every event is given.
  const events = [...order.events, { type: 'checkout.failed' }];
  const all = nodes(order.machine.root).flatMap((n) => transitionsOf(n).map((t, i) => transitionId(t, i)));

  it('takes every transition of the order machine, each path adding one not taken before', () => {
    const paths = coveringPaths({ machine: order.machine, events });
    const taken = new Set(paths.flatMap((p) => p.transitions));
    expect([...taken].sort()).toEqual([...all].sort());
    expect(paths.length).toBeLessThanOrEqual(all.length);
    const seen = new Set<string>();
    for (const p of paths) {
      expect(p.transitions.some((t) => !seen.has(t))).toBe(true);
      p.transitions.forEach((t) => seen.add(t));
    }
  });

  it('never ends a path on an event that needs its answer, and drops impossible paths', () => {
    const needsNext = (e: { type: string }) => e.type === 'order.checkout';
    const paths = coveringPaths({
      machine: order.machine,
      events,
      needsNext,
      possible: (events) => !events.some((e) => e.type === 'order.expire'),
    });
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      expect(needsNext(p.events.at(-1)!)).toBe(false);
      expect(p.events.some((e) => e.type === 'order.expire')).toBe(false);
    }
  });
});
