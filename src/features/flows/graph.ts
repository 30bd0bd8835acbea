// A statechart of machines/ as a plain graph for the studio, the docs diagrams and the paths command:
// every state node (with parent, kind, initial/final marks, description, tags) and every transition
// with its label in plain words (event, actor answer or timer, guard in brackets). Pure: no layout.
// Transitions the machine's root owns (taken from any state) are drawn from a "from any state" node;
// every transition is named by transitionId, like `npm run paths` and the browser walk count them.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { Labeller } from './labels';
import { definitionTransitions } from '../../domain/transition-id';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface FlowState {
  /** The state node id, e.g. `auth.anonymous.otp`; unique within the machine. */
  id: string;
  key: string;
  /** Dotted path from the root, e.g. `anonymous.otp` (what `snapshot.matches` takes). */
  path: string;
  /** The state's name in words, in the labeller's language (the key when the table lacks it). */
  name: string;
  parent: string | null;
  kind: StateKind;
  /** The initial child of a compound parent. */
  initial: boolean;
  /** A region of a parallel parent. */
  region: boolean;
  description: string | null;
  tags: string[];
  children: string[];
  depth: number;
}

export type TransitionKind = 'event' | 'done' | 'error' | 'after' | 'always';

export interface FlowTransition {
  /** transitionId(): the name `npm run paths`, the browser walk and the watching app use. */
  id: string;
  /** The source state id; the machine's root id (FlowGraph.root) for a transition from any state. */
  source: string;
  /** The target state ids (several into parallel regions); the source itself when it has none. */
  targets: string[];
  eventType: string;
  kind: TransitionKind;
  /** What happens, in words: "send the code", "the code check failed", "after 60 s". */
  event: string;
  guard: string | null;
  /** `event [guard]`. */
  label: string;
}

export interface FlowGraph {
  id: string;
  /** The root as a "from any state" node, when the root owns transitions. */
  root: { id: string; label: string } | null;
  states: FlowState[];
  transitions: FlowTransition[];
  /** Event types, actor ids, guard names, state names and descriptions the label tables lack. */
  missing: string[];
}

const children = (node: AnyStateNode) => Object.values(node.states as Record<string, AnyStateNode>);

export function walk(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...walk(child)]);
}

/**
 * Stands for the event and context when a guard's parameters are computed without a real event: any
 * property read gives the probe again, so the parameters that come from the event or the context are
 * probes (dropped) and the fixed ones (`expected: 'active'`) are plain values.
 */
const probe: object = new Proxy(
  {},
  {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => NaN : probe),
  },
);

/** A guard's fixed parameters: strings, numbers and booleans that read neither the event nor the context. */
export function fixedGuardParams(t: AnyTransitionDefinition): Record<string, unknown> {
  const guard: unknown = t.guard;
  if (!guard || typeof guard !== 'object' || !('params' in guard)) return {};
  let params: unknown = guard.params;
  if (typeof params === 'function') {
    try {
      params = (params as (args: object) => unknown)({ context: probe, event: probe });
    } catch {
      return {};
    }
  }
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(Object.entries(params).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)));
}

export function guardName(t: AnyTransitionDefinition): string | null {
  const guard: unknown = t.guard;
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return '';
}

function delayMs(machine: AnyStateMachine, t: AnyTransitionDefinition): number | null {
  const delay: unknown = (t as { delay?: unknown }).delay;
  const value: unknown = typeof delay === 'string' ? machine.implementations.delays[delay] : delay;
  return typeof value === 'number' ? value : null;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

export function toFlowGraph(machine: AnyStateMachine, labels: Labeller): FlowGraph {
  const missing = new Set<string>();
  const nodes = walk(machine.root);
  // A transition with no guard after guarded ones of the same event and source: taken "otherwise".
  const guardedBefore = new Set<string>();
  const states: FlowState[] = nodes.map((node) => {
    const parent = node.parent;
    return {
      id: node.id,
      key: node.key,
      path: node.path.join('.'),
      name: labels.state(node.key, node.id) ?? (missing.add(`state ${node.key}`), node.key),
      parent: parent && parent !== machine.root ? parent.id : null,
      kind: node.type as StateKind,
      initial: !!parent && parent.type === 'compound' && parent.initial?.target?.[0] === node,
      region: parent?.type === 'parallel',
      // In the labeller's language; a description the table lacks is reported (and shown in English).
      description: node.description ? (labels.description(node.id) ?? (missing.add(`description ${node.id}`), node.description)) : null,
      tags: [...node.tags],
      children: children(node).map((c) => c.id),
      depth: node.path.length,
    };
  });

  const transitions: FlowTransition[] = definitionTransitions(machine).map(({ id, transition: t }) => {
    const type = t.eventType;
    let kind: TransitionKind = 'event';
    let event: string | null;
    if (type === '') {
      kind = 'always';
      event = labels.always();
    } else if (type.startsWith(DONE) || type.startsWith(ERROR)) {
      kind = type.startsWith(DONE) ? 'done' : 'error';
      const actor = type.slice((kind === 'done' ? DONE : ERROR).length);
      event = labels.actor(actor, kind);
      if (event === null) missing.add(`actor ${actor}`);
    } else if (type.startsWith('xstate.after.')) {
      kind = 'after';
      event = labels.after(delayMs(machine, t));
    } else {
      event = labels.event(type);
      if (event === null) missing.add(`event ${type}`);
    }
    const name = guardName(t);
    const sameEvent = `${t.source.id} ${type}`;
    let guard: string | null = null;
    if (name === '') guard = labels.inlineGuard();
    else if (name !== null) {
      guard = labels.guard(name, fixedGuardParams(t));
      if (guard === null) missing.add(`guard ${name}`);
    } else if (guardedBefore.has(sameEvent)) guard = labels.otherwise();
    if (name !== null) guardedBefore.add(sameEvent);
    const text = event ?? type;
    const guardText = guard ?? name;
    const source: AnyStateNode = t.source;
    const targets: readonly AnyStateNode[] = t.target?.length ? t.target : [source];
    return {
      id,
      source: source.id,
      targets: targets.map((target) => target.id),
      eventType: type,
      kind,
      event: text,
      guard: guardText,
      label: guardText ? `${text} [${guardText}]` : text,
    };
  });
  const root = transitions.some((t) => t.source === machine.root.id) ? { id: machine.root.id, label: labels.anyState() } : null;
  return { id: machine.id, root, states, transitions, missing: [...missing].sort() };
}
