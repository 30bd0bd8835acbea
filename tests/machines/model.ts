// Model-based testing over @xstate/graph for any machine of machines/: explore the statechart with the
// user events given plus every actor completion/failure and delay event, replay each path through the
// pure transition functions, check per-state expectations on the way, and measure coverage of state
// nodes and transitions of the definition.
//
// createTestModel refuses machines that invoke actors or use delays, so the path functions are used
// directly; actors never run here: their completions and failures are just events in the model.
import {
  getMicrosteps,
  getInitialMicrosteps,
  getStateNodes,
  pathToStateValue,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { transitionId, transitionsOf } from '../../src/domain/transition-id';

type Snapshot = AnyMachineSnapshot;
type Path = StatePath<Snapshot, EventObject>;

/** What each invoked actor (by invoke id) may answer in the model: outputs and rejections. */
export type FakeActors = Record<string, { done?: unknown[]; error?: unknown[] }>;

export interface ModelOptions {
  machine: AnyStateMachine;
  /** User events, with the sample payloads to try. */
  events: EventObject[];
  /** Actor completions and failures to explore, by invoke id. */
  actors: FakeActors;
  /** Collapse snapshots the model should treat as the same (e.g. drop a countdown). */
  serializeState?: (snapshot: Snapshot) => string;
  /** Run on every replayed snapshot that matches the key (a dotted state path, e.g. 'loggedIn.ready'). */
  expectations?: Record<string, (snapshot: Snapshot) => void>;
  /** Run on every replayed snapshot. */
  invariant?: (snapshot: Snapshot) => void;
  /**
   * Every simple path is exponential in the graph; bound it with a starting snapshot, a narrower
   * event set and where to stop exploring.
   */
  simplePaths?: { fromState: Snapshot; events?: EventObject[]; stopWhen?: (snapshot: Snapshot) => boolean };
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export interface ModelRun {
  shortestPaths: number;
  transitionPaths: number;
  simplePaths: number;
  steps: number;
  coverage: Coverage;
  summary: string;
}

export function defaultSerialize(snapshot: Snapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

function allStateNodes(root: AnyStateNode): AnyStateNode[] {
  return Object.values(root.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...allStateNodes(child)]);
}

/** Every `xstate.after.*` event type of the definition: delays are explored like any other event. */
export function delayEvents(machine: AnyStateMachine): EventObject[] {
  const types = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const t of node.after as AnyTransitionDefinition[]) types.add(t.eventType);
  }
  return [...types].map((type) => ({ type }));
}

/** `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events for the given outcomes. */
export function actorEvents(actors: FakeActors): EventObject[] {
  return Object.entries(actors).flatMap(([id, { done = [], error = [] }]) => [
    ...done.map((output) => ({ type: `xstate.done.actor.${id}`, output, actorId: id })),
    ...error.map((err) => ({ type: `xstate.error.actor.${id}`, error: err, actorId: id })),
  ]);
}

/** The event types the active state nodes of a snapshot handle themselves (public StateNode API). */
export function ownEventTypes(machine: AnyStateMachine, snapshot: Snapshot): Set<string> {
  return new Set(getStateNodes(machine.root, snapshot.value).flatMap((node) => node.ownEvents as string[]));
}

export function runModel(options: ModelOptions): ModelRun {
  const { machine } = options;
  const serializeState = options.serializeState ?? defaultSerialize;
  const events = [...options.events, ...actorEvents(options.actors), ...delayEvents(machine)];
  // Only events the current state handles: the others would be self-loops that teach nothing.
  const enabled = (list: EventObject[]) => (s: Snapshot) => {
    const types = ownEventTypes(machine, s);
    return list.filter((e) => types.has(e.type));
  };
  const traversal = { events: enabled(events), serializeState: (s: Snapshot) => serializeState(s) };

  const nodes = allStateNodes(machine.root);
  const transitions = nodes.flatMap((node) => transitionsOf(node).map((t, i) => ({ t, label: transitionId(t, i) })));
  const coveredNodes = new Set<AnyStateNode>();
  const coveredTransitions = new Set<AnyTransitionDefinition>();

  const check = (snapshot: Snapshot) => {
    options.invariant?.(snapshot);
    for (const [key, expectation] of Object.entries(options.expectations ?? {})) {
      if (snapshot.matches(pathToStateValue(key.split('.')))) expectation(snapshot);
    }
  };
  const markNodes = (snapshot: Snapshot) => {
    for (const node of getStateNodes(machine.root, snapshot.value)) coveredNodes.add(node);
  };
  // Eventless transitions leave no event behind; recognise them by what the next microstep shows.
  const markEventless = (before: Snapshot, after: Snapshot) => {
    const activeBefore = new Set(getStateNodes(machine.root, before.value));
    const activeAfter = new Set(getStateNodes(machine.root, after.value));
    for (const node of activeBefore) {
      for (const t of (node.always as AnyTransitionDefinition[] | undefined) ?? []) {
        const targets: readonly AnyStateNode[] = t.target ?? [];
        if (!activeAfter.has(node) && targets.every((target) => activeAfter.has(target))) {
          coveredTransitions.add(t);
          break;
        }
      }
    }
  };

  const initialSteps = getInitialMicrosteps(machine).map(([s]) => s as Snapshot);
  initialSteps.forEach((s, i) => {
    markNodes(s);
    if (i > 0) markEventless(initialSteps[i - 1]!, s);
  });
  const initial = initialSteps.at(-1)!;

  let steps = 0;
  const replay = (path: Path, from: Snapshot) => {
    let snapshot = from;
    check(snapshot);
    for (const step of path.steps) {
      for (const t of machine.getTransitionData(snapshot, step.event)) coveredTransitions.add(t);
      const micro = getMicrosteps(machine, snapshot, step.event).map(([s]) => s as Snapshot);
      micro.forEach((s, i) => {
        markNodes(s);
        if (i > 0) markEventless(micro[i - 1]!, s);
      });
      snapshot = micro.at(-1) ?? snapshot;
      steps++;
      check(snapshot);
    }
    const expected = serializeState(path.state);
    const reached = serializeState(snapshot);
    if (reached !== expected) throw new Error(`replay diverged: expected ${expected}, reached ${reached}`);
  };

  // 1. One shortest path to every distinct state.
  const shortest = getShortestPaths(machine, traversal) as Path[];
  for (const path of shortest) replay(path, initial);

  // 2. For every edge of the graph: the shortest path to its source, then that edge.
  const bySerial = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const adjacency = getAdjacencyMap(machine, traversal);
  let transitionPaths = 0;
  for (const [serial, { transitions: edges }] of Object.entries(adjacency)) {
    const prefix = bySerial.get(serial);
    if (!prefix) continue;
    for (const { event, state } of Object.values(edges) as Array<{ event: EventObject; state: Snapshot }>) {
      replay({ state: state as Snapshot, steps: [...prefix.steps, { state: prefix.state, event }], weight: prefix.weight + 1 }, initial);
      transitionPaths++;
    }
  }

  // 3. Every simple path of a bounded region.
  let simple: Path[] = [];
  if (options.simplePaths) {
    const { fromState, stopWhen } = options.simplePaths;
    const simpleEvents = options.simplePaths.events ?? events;
    simple = getSimplePaths(machine, { ...traversal, events: enabled(simpleEvents), fromState, stopWhen }) as Path[];
    for (const path of simple) replay(path, fromState);
  }

  const missingStates = nodes.filter((n) => !coveredNodes.has(n)).map((n) => n.id);
  const missingTransitions = transitions.filter(({ t }) => !coveredTransitions.has(t)).map(({ label }) => label);
  const coverage: Coverage = {
    states: { covered: nodes.length - missingStates.length, total: nodes.length, missing: missingStates },
    transitions: {
      covered: transitions.length - missingTransitions.length,
      total: transitions.length,
      missing: missingTransitions,
    },
  };
  const summary =
    `${machine.id}: states ${coverage.states.covered}/${coverage.states.total}, ` +
    `transitions ${coverage.transitions.covered}/${coverage.transitions.total} ` +
    `(${shortest.length} shortest, ${transitionPaths} edge, ${simple.length} simple paths; ${steps} steps)`;
  return { shortestPaths: shortest.length, transitionPaths, simplePaths: simple.length, steps, coverage, summary };
}
