// Generated paths of a machine for QA (npm run paths) and the studio: @xstate/graph's shortest path to
// every state value and the simple paths from the start, over the scenario's sample events (only those
// the current state handles and `can()` accepts), each step named in plain words, with the states and
// transitions the paths cover.
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import {
  getNextSnapshot,
  getStateNodes,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { toFlowGraph, type FlowGraph } from './graph';
import { transitionId } from '../../domain/transition-id';
import type { Labeller } from './labels';
import type { Scenario } from './scenarios';

export interface PathStep {
  eventType: string;
  /** The event as sent, with its data (as JSON, an actor's error keeps its name, message and fields). */
  event: EventObject;
  /** The transition label in words ("send the code [wrong code]"). */
  label: string;
  /** FlowTransition ids taken by this step. */
  transitions: string[];
  /** Dotted paths of the active leaf states after the step. */
  states: string[];
}
export interface FlowPath {
  /** A hash of the path's event sequence: the same path keeps its id when other paths come or go. */
  id: string;
  /** shortest: to a state; edge: shortest to a state, then one more transition; simple: no state twice. */
  kind: 'shortest' | 'edge' | 'simple';
  /** Dotted paths of the leaf states the path ends in. */
  target: string[];
  steps: PathStep[];
}
export interface Covered {
  covered: number;
  total: number;
  missing: string[];
}
export interface PathReport {
  machine: string;
  graph: FlowGraph;
  paths: FlowPath[];
  /** Simple paths beyond the limit, not listed. */
  truncated: boolean;
  states: Covered;
  transitions: Covered;
}

type Snapshot = AnyMachineSnapshot;

const SIMPLE_PATHS_MAX_STATES = 16;

/** Every event the snapshot's active states handle, with the scenario's samples for payloads. */
export function candidateEvents(scenario: Scenario, snapshot: Snapshot): EventObject[] {
  const types = new Set(getStateNodes(scenario.machine.root, snapshot.value).flatMap((n) => n.ownEvents as string[]));
  const out: EventObject[] = [];
  for (const type of types) {
    const samples = scenario.events.filter((e) => e.type === type);
    const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
    const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
    if (samples.length) out.push(...samples);
    else if (done) out.push(...(scenario.actors[done[1]!]?.done ?? [undefined]).map((output) => ({ type, output, actorId: done[1] })));
    else if (error)
      out.push(...(scenario.actors[error[1]!]?.error ?? [new Error('sample')]).map((err) => ({ type, error: err, actorId: error[1] })));
    else out.push({ type });
  }
  return out;
}

/**
 * The candidate events the snapshot accepts (guards pass); a sample a guard or an action cannot read
 * (it throws) is refused, so a thin sample shortens the paths instead of breaking them.
 */
export function enabledEvents(scenario: Scenario, snapshot: Snapshot): EventObject[] {
  return candidateEvents(scenario, snapshot).filter((event) => {
    try {
      if (!snapshot.can(event)) return false;
      getNextSnapshot(scenario.machine, snapshot, event);
      return true;
    } catch {
      return false;
    }
  });
}

export function leafPaths(machine: AnyStateMachine, snapshot: Snapshot): string[] {
  return getStateNodes(machine.root, snapshot.value)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.path.join('.'));
}

/** Errors as their name, message and own fields (JSON would drop all but the own fields). */
function plain(value: unknown): unknown {
  if (value instanceof Error) {
    const { name, message } = value;
    return { name, message, ...(Object.fromEntries(Object.entries(value)) as object) };
  }
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** A report as JSON, the events with their data. */
export const reportJson = (value: unknown) => JSON.stringify(plain(value), null, 2);

/** FNV-1a over the events as JSON, in hex: short, stable, the same in Node and the browser. */
export function pathId(events: readonly EventObject[]): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(plain(events))) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** How the paths walk a scenario: its sample events, and snapshots told apart by what the guards read. */
export function traversalOptions(scenario: Scenario) {
  return {
    events: (s: Snapshot) => enabledEvents(scenario, s),
    // The state value and the context the guards read: two snapshots of one state whose guards decide
    // differently are two places, so a step's label always agrees with where it lands.
    serializeState: (s: Snapshot) => {
      const context = s.context as Record<string, unknown> | undefined;
      const read = scenario.guardContext && context ? scenario.guardContext.map((key) => context[key]) : context;
      return JSON.stringify([s.value, read]);
    },
    input: scenario.input,
  };
}

export function generatePaths(scenario: Scenario, labels: Labeller, simpleLimit = 200): PathReport {
  const { machine } = scenario;
  const graph = toFlowGraph(machine, labels);
  const ids = (t: AnyTransitionDefinition) => [transitionId(t)];
  const byId = new Map(graph.transitions.map((t) => [t.id, t]));
  const options = traversalOptions(scenario);
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();

  // Each path is replayed on the machine from the start, so its steps say what the machine really does
  // with those events (the traversal's snapshots stand for every snapshot with the same key).
  const toFlowPath = (kind: FlowPath['kind'], path: StatePath<Snapshot, EventObject>, start: Snapshot): FlowPath => {
    let before = start;
    for (const n of getStateNodes(machine.root, start.value)) coveredStates.add(n.id);
    // @xstate/graph starts each path with the machine's own init step; the start is shown apart.
    const steps = path.steps
      .filter(({ event }) => event.type !== 'xstate.init')
      .map(({ event }) => {
        const taken = machine.getTransitionData(before, event).flatMap(ids);
        const state = getNextSnapshot(machine, before, event);
        taken.forEach((id) => coveredTransitions.add(id));
        for (const n of getStateNodes(machine.root, state.value)) coveredStates.add(n.id);
        before = state;
        const first = taken.map((id) => byId.get(id)).find(Boolean);
        return { eventType: event.type, event, label: first?.label ?? event.type, transitions: taken, states: leafPaths(machine, state) };
      });
    return { id: pathId(steps.map((step) => step.event)), kind, target: leafPaths(machine, before), steps };
  };

  const shortest = getShortestPaths(machine, options) as StatePath<Snapshot, EventObject>[];
  const start = shortest.find((p) => p.steps.length === 0)?.state ?? shortest[0]!.state;
  const paths = shortest.map((p) => toFlowPath('shortest', p, start));
  // Every transition the samples enable: the shortest path to its source, then that transition,
  // listed only when it covers a transition no earlier path took.
  const bySerial = new Map(shortest.map((p) => [options.serializeState(p.state), p]));
  const adjacency = getAdjacencyMap(machine, options);
  for (const [serial, { transitions: edges }] of Object.entries(adjacency)) {
    const prefix = bySerial.get(serial);
    if (!prefix) continue;
    for (const { event, state } of Object.values(edges) as Array<{ event: EventObject; state: Snapshot }>) {
      const taken = machine.getTransitionData(prefix.state, event).flatMap(ids);
      if (taken.every((id) => coveredTransitions.has(id))) continue;
      paths.push(toFlowPath('edge', { state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 }, start));
    }
  }
  // Simple paths grow exponentially with the graph: listed for small graphs only (auth has none).
  const small = Object.keys(adjacency).length <= SIMPLE_PATHS_MAX_STATES;
  const simple = small ? (getSimplePaths(machine, options) as StatePath<Snapshot, EventObject>[]) : [];
  paths.push(...simple.slice(0, simpleLimit).map((p) => toFlowPath('simple', p, start)));

  // One path per event sequence (a simple path may repeat a shortest one).
  const seen = new Set<string>();
  const unique = paths.filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id)));
  const missingStates = graph.states.filter((s) => !coveredStates.has(s.id)).map((s) => s.path);
  const missingTransitions = graph.transitions
    .filter((t) => !coveredTransitions.has(t.id))
    .map((t) => `${t.source} → ${t.targets.join(' + ')}: ${t.label}`);
  return {
    machine: machine.id,
    graph,
    paths: unique,
    truncated: !small || simple.length > simpleLimit,
    states: { covered: graph.states.length - missingStates.length, total: graph.states.length, missing: missingStates },
    transitions: {
      covered: graph.transitions.length - missingTransitions.length,
      total: graph.transitions.length,
      missing: missingTransitions,
    },
  };
}
