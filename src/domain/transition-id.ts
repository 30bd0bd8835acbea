// One name per transition of a statechart definition, shared by the model tests (coverage of the
// definition) and live watching (which transitions the running app took): `<source id> --<event>#<n>--> <targets>`,
// n being the transition's place among its source state's transitions. Structure only, no data.
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** The transitions a state node owns, in definition order: by event, then eventless ones. */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const byEvent = [...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat();
  return [...byEvent, ...((node.always as AnyTransitionDefinition[] | undefined) ?? [])];
}

export function transitionId(t: AnyTransitionDefinition, indexInSource = transitionsOf(t.source).indexOf(t)): string {
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)';
  return `${t.source.id} --${t.eventType || 'always'}#${indexInSource}--> ${targets}`;
}
