// The few paths a slow real UI walks (e2e/model): together they take every transition the events can
// reach. Built on the same graph exploration as the model tests (tests/machines/model.ts).
import { getMicrosteps, getInitialMicrosteps, getStateNodes } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { transitionId } from '../../src/domain/transition-id';
import { defaultSerialize, ownEventTypes } from './model';

type Snapshot = AnyMachineSnapshot;
type Path = StatePath<Snapshot, EventObject>;

export interface CoveringOptions {
  machine: AnyStateMachine;
  /** Every event to explore (user events, actor outcomes, delays), as samples. */
  events: EventObject[];
  serializeState?: (snapshot: Snapshot) => string;
  /** Drops paths the real system cannot walk (e.g. two outcomes that exclude each other). */
  possible?: (events: EventObject[]) => boolean;
  /** The machine's input, for machines that take one. */
  input?: unknown;
  /** Events that cannot end a path (a submit whose answer is part of the same UI action): the path goes on by each answer (an actor's done or error) the state accepts. */
  needsNext?: (event: EventObject) => boolean;
}

/**
 * Few paths that together take every transition the events can reach: the shortest path to every
 * edge's source plus that edge, then a greedy cover — the path adding the most transitions not yet
 * taken first — so each transition is walked once or twice. For walking a slow real UI.
 */
export function coveringPaths(options: CoveringOptions): Array<{ events: EventObject[]; transitions: string[] }> {
  const { machine } = options;
  const serializeState = options.serializeState ?? defaultSerialize;
  const traversal = {
    events: (s: Snapshot) => {
      const types = ownEventTypes(machine, s);
      return options.events.filter((e) => types.has(e.type));
    },
    serializeState: (s: Snapshot) => serializeState(s),
    input: options.input,
  };
  const shortest = getShortestPaths(machine, traversal) as Path[];
  const bySerial = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const candidates: EventObject[][] = [];
  const adjacency = new Map(Object.entries(getAdjacencyMap(machine, traversal)));
  for (const [serial, { transitions: edges }] of adjacency) {
    const prefix = bySerial.get(serial);
    if (!prefix) continue;
    for (const { event } of Object.values(edges) as Array<{ event: EventObject }>) {
      candidates.push([...prefix.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init'), event]);
    }
  }
  const initial = getInitialMicrosteps(machine, options.input).at(-1)![0] as Snapshot;
  // Where a list of events leads and the transitions it takes, remembered by prefix: candidates share
  // most of their steps, and replaying each from the start made planning several times slower.
  const walked = new Map<string, { snapshot: Snapshot; ids: ReadonlySet<string> }>([['', { snapshot: initial, ids: new Set() }]]);
  const walk = (events: EventObject[]): { snapshot: Snapshot; ids: ReadonlySet<string> } => {
    const key = events.map((e) => JSON.stringify(e)).join('\n');
    const known = walked.get(key);
    if (known) return known;
    const before = walk(events.slice(0, -1));
    const event = events.at(-1)!;
    const ids = new Set(before.ids);
    for (const t of machine.getTransitionData(before.snapshot, event)) ids.add(transitionId(t));
    // And the eventless transitions it sets off (a check state's `always`), seen between microsteps.
    const micro = getMicrosteps(machine, before.snapshot, event).map(([s]) => s as Snapshot);
    micro.slice(1).forEach((after, i) => {
      const was = new Set(getStateNodes(machine.root, micro[i]!.value));
      const now = new Set(getStateNodes(machine.root, after.value));
      for (const node of was) {
        const t = ((node.always as AnyTransitionDefinition[] | undefined) ?? []).find(
          (t) => !now.has(node) && (t.target ?? []).every((target: AnyStateNode) => now.has(target)),
        );
        if (t) ids.add(transitionId(t));
      }
    });
    const result = { snapshot: micro.at(-1) ?? before.snapshot, ids };
    walked.set(key, result);
    return result;
  };
  // Each may go on by one more transition from where it ends: a path then often takes two new ones,
  // so fewer paths (each with its own slow set-up in a browser) cover the same.
  for (const events of [...candidates]) {
    const edges = adjacency.get(serializeState(walk(events).snapshot))?.transitions ?? {};
    for (const { event } of Object.values(edges) as Array<{ event: EventObject }>) candidates.push([...events, event]);
  }
  // Paths ending in an event that needs its answer go on, once per answer the state accepts.
  for (let round = 0; round < 2; round++) {
    for (const [i, events] of [...candidates.entries()].reverse()) {
      if (!options.needsNext?.(events.at(-1)!)) continue;
      const next = traversal.events(walk(events).snapshot).filter((e) => /^xstate\.(done|error)\.actor\./.test(e.type));
      candidates.splice(i, 1, ...next.map((e) => [...events, e]));
    }
  }
  const pool = candidates.filter((events) => options.possible?.(events) ?? true).map((events) => ({ events, ids: walk(events).ids }));
  const covered = new Set<string>();
  const chosen: Array<{ events: EventObject[]; transitions: string[] }> = [];
  for (;;) {
    // The first path that adds the most transitions not yet taken.
    let best: (typeof pool)[number] | null = null;
    let bestGain = 0;
    for (const candidate of pool) {
      let gain = 0;
      for (const id of candidate.ids) if (!covered.has(id)) gain++;
      if (gain > bestGain) [best, bestGain] = [candidate, gain];
    }
    if (!best) break;
    best.ids.forEach((id) => covered.add(id));
    chosen.push({ events: best.events, transitions: [...best.ids] });
  }
  return chosen;
}
