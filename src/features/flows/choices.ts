// What the studio's simulation offers in a state: one button per meaningful event, each named by the
// transition it takes (its guard in words), so no two buttons read alike. An event that carries data
// with several meaningful values (a status, a clock time, an actor's answer) is one group: the event's
// words, then a button per value ("the server changed the status → in review / approved / …"). A value
// is meaningful when it takes other transitions than the values before it, or the scenario names it.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { transitionId } from '../../domain/transition-id';
import type { FlowGraph } from './graph';
import { enabledEvents } from './paths';
import { sampleName, type Scenario } from './scenarios';

export interface Choice {
  event: EventObject;
  /** The whole choice in words: the transition's label, with the value when the group has several. */
  label: string;
  /** The value alone, when the event's group offers several ("in review"). */
  value: string | null;
}

export interface ChoiceGroup {
  /** What happens, in words ("the server changed the status"). */
  event: string;
  choices: Choice[];
}

/** A compact view of an event's data, for a value nothing names: `now: 1800001800000`. */
function dataOf(event: EventObject): string {
  const { type: _type, ...data } = event as EventObject & Record<string, unknown>;
  const text = JSON.stringify(data, (_k, v: unknown) => (v instanceof Error ? v.message : v));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export function offeredChoices(scenario: Scenario, snapshot: AnyMachineSnapshot, graph: FlowGraph, i18n: I18n): ChoiceGroup[] {
  const byId = new Map(graph.transitions.map((t, order) => [t.id, { ...t, order }]));
  const groups = new Map<
    string,
    Array<{ event: EventObject; transition: string; guard: string | null; named: string | null; order: number }>
  >();
  const seen = new Set<string>();
  for (const event of enabledEvents(scenario, snapshot)) {
    const taken = scenario.machine.getTransitionData(snapshot, event).map((t) => transitionId(t));
    const first = byId.get(taken[0] ?? '');
    const described = sampleName(event);
    const named = described ? i18n._(described) : null;
    const key = JSON.stringify([taken, named]);
    if (seen.has(key)) continue;
    seen.add(key);
    const words = first?.event ?? event.type;
    const list = groups.get(words) ?? [];
    list.push({ event, transition: first?.label ?? words, guard: first?.guard ?? null, named, order: first?.order ?? 0 });
    groups.set(words, list);
  }
  // A group's values in the order the machine defines their transitions.
  for (const list of groups.values()) list.sort((a, b) => a.order - b.order);
  return [...groups].map(([words, list]) => {
    if (list.length === 1) return { event: words, choices: [{ event: list[0]!.event, label: list[0]!.transition, value: null }] };
    const values = list.map((c) => c.named ?? c.guard ?? dataOf(c.event));
    // Two values that still read alike (the same guard, nothing named) are told apart by their data.
    const clash = (v: string) => values.filter((o) => o === v).length > 1;
    return {
      event: words,
      choices: list.map((c, i) => {
        const value = clash(values[i]!) ? `${values[i]!} ${dataOf(c.event)}` : values[i]!;
        return { event: c.event, label: i18n._(msg({ message: `${words} → ${value}`, context: 'flows' })), value };
      }),
    };
  });
}
