// One name per transition of a statechart definition, shared by the flows studio, `npm run paths`,
// the model tests (coverage of the definition), the browser walk and live watching (which transitions
// the running app took): `<source id> --<event>#<n>--> <targets>`, n being the transition's place
// among its source state's transitions. Structure only, no data. A transition with several targets
// (into parallel regions) is one transition; the machine's root owns transitions too (taken from any
// state).
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** The transitions a state node owns, in definition order: by event, then eventless ones. */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const byEvent = [...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat();
  return [...byEvent, ...((node.always as AnyTransitionDefinition[] | undefined) ?? [])];
}

export function transitionId(t: AnyTransitionDefinition, indexInSource = transitionsOf(t.source).indexOf(t)): string {
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)';
  return `${t.source.id} --${t.eventType || 'always'}#${indexInSource}--> ${targets}`;
}

/** The root, then every state node below it, depth first in definition order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const below = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...below(child)]);
  return [machine.root, ...below(machine.root)];
}

/** Every transition of the definition (the root's included) with its id, in definition order. */
export function definitionTransitions(machine: AnyStateMachine): Array<{ id: string; transition: AnyTransitionDefinition }> {
  return stateNodesOf(machine).flatMap((node) =>
    transitionsOf(node).map((transition, i) => ({ id: transitionId(transition, i), transition })),
  );
}
