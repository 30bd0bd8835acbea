// A statechart of machines/ as a plain graph for the studio, the docs diagrams and the paths command:
// every state node (with parent, kind, initial/final marks, description, tags) and every transition
// with its label in plain words (event, actor answer or timer, guard in brackets). Pure: no layout.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { Labeller } from './labels';
import { transitionsOf } from '../../domain/transition-id';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface FlowState {
  /** The state node id, e.g. `auth.anonymous.otp`; unique within the machine. */
  id: string;
  key: string;
  /** Dotted path from the root, e.g. `anonymous.otp` (what `snapshot.matches` takes). */
  path: string;
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
  id: string;
  source: string;
  /** The target state id; the source itself for a transition without a target. */
  target: string;
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
  states: FlowState[];
  transitions: FlowTransition[];
  /** Event types, actor ids and guard names the label table lacks. */
  missing: string[];
}

const children = (node: AnyStateNode) => Object.values(node.states as Record<string, AnyStateNode>);

export function walk(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...walk(child)]);
}

export { transitionsOf };

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
  const states: FlowState[] = nodes.map((node) => {
    const parent = node.parent;
    return {
      id: node.id,
      key: node.key,
      path: node.path.join('.'),
      parent: parent && parent !== machine.root ? parent.id : null,
      kind: node.type as StateKind,
      initial: !!parent && parent.type === 'compound' && parent.initial?.target?.[0] === node,
      region: parent?.type === 'parallel',
      description: node.description ?? null,
      tags: [...node.tags],
      children: children(node).map((c) => c.id),
      depth: node.path.length,
    };
  });

  const transitions: FlowTransition[] = [];
  for (const node of nodes) {
    transitionsOf(node).forEach((t, index) => {
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
      let guard: string | null = null;
      if (name === '') guard = labels.inlineGuard();
      else if (name !== null) {
        guard = labels.guard(name);
        if (guard === null) missing.add(`guard ${name}`);
      }
      const text = event ?? type;
      const guardText = guard ?? name;
      const targets: readonly AnyStateNode[] = t.target?.length ? t.target : [node];
      for (const target of targets) {
        transitions.push({
          id: `${node.id}#${index}->${target.id}`,
          source: node.id,
          target: target.id,
          eventType: type,
          kind,
          event: text,
          guard: guardText,
          label: guardText ? `${text} [${guardText}]` : text,
        });
      }
    });
  }
  return { id: machine.id, states, transitions, missing: [...missing].sort() };
}
