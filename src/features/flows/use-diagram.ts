// The studio's data for one machine: its graph, ELK layout and generated paths in the current
// language, and a click-driven simulation over the same machine (pure transitions: no actor runs,
// no timer fires; their answers are buttons) with an undo-able event log.
import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { getNextSnapshot, getStateNodes, initialTransition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createLabeller } from './labels';
import { toFlowGraph } from './graph';
import { layoutGraph, type Layout } from './layout';
import { generatePaths, type PathReport } from './paths';
import type { Scenario } from './scenarios';
import { WATCH_CHANNEL, type WatchMessage } from '../../bindings/watch';

export interface SimStep {
  event: EventObject;
  label: string;
  snapshot: AnyMachineSnapshot;
}

export function useDiagram(scenario: Scenario) {
  const { i18n } = useLingui();
  const labels = useMemo(() => createLabeller(i18n), [i18n]);
  const graph = useMemo(() => toFlowGraph(scenario.machine, labels), [scenario, labels]);
  const direction = i18n.locale === 'ar' ? 'rtl' : 'ltr';
  const [laid, setLaid] = useState<Layout | null>(null);
  // A layout of the previous machine or language is not shown while the new one is computed.
  const layout = laid?.graph === graph ? laid : null;
  useEffect(() => {
    let live = true;
    void layoutGraph(graph, direction).then((result) => live && setLaid(result));
    return () => {
      live = false;
    };
  }, [graph, direction]);
  const report: PathReport = useMemo(() => generatePaths(scenario, labels), [scenario, labels]);
  return { graph, layout, report, labels };
}

export function useSimulation(scenario: Scenario) {
  const start = useMemo(() => initialTransition(scenario.machine, scenario.input)[0] as AnyMachineSnapshot, [scenario]);
  const [log, setLog] = useState<{ scenario: Scenario; steps: SimStep[] }>({ scenario, steps: [] });
  // Another machine starts a fresh simulation.
  const steps = log.scenario === scenario ? log.steps : [];
  const setSteps = (next: (list: SimStep[]) => SimStep[]) => setLog({ scenario, steps: next(steps) });
  const snapshot = steps.at(-1)?.snapshot ?? start;
  const active = useMemo(() => new Set(getStateNodes(scenario.machine.root, snapshot.value).map((n) => n.id)), [scenario, snapshot]);
  return {
    snapshot,
    active,
    steps,
    send: (event: EventObject, label: string) =>
      setSteps((list) => [...list, { event, label, snapshot: getNextSnapshot(scenario.machine, snapshot, event) }]),
    undo: () => setSteps((list) => list.slice(0, -1)),
    reset: () => setSteps(() => []),
  };
}

/** State values the app's tabs post (src/bindings/watch.ts), by machine id, while `on`. */
export function useWatched(on: boolean): Record<string, unknown> {
  const [values, setValues] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (!on || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(WATCH_CHANNEL);
    channel.onmessage = (event: MessageEvent<WatchMessage>) => {
      if (event.data?.kind === 'state') setValues((v) => ({ ...v, [event.data.machine]: event.data.value }));
    };
    channel.postMessage({ kind: 'hello' });
    return () => channel.close();
  }, [on]);
  return values;
}
