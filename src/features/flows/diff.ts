// What changed in a statechart between two versions (`npm run flows -- --diff <git ref>`): states
// added, removed or changed (kind, parent, initial mark, description, tags) by state id, and
// transitions by their source, event and place among that source's transitions of the same event —
// so a transition whose target or guard moved reads "changed", not "removed" and "added". The two
// versions merge into one graph to lay out and draw, every part marked; the drawing adds a legend and
// a +/−/~ before each changed label, so colour is never the only cue. Pure: no git, no files.
import type { FlowGraph, FlowState, FlowTransition } from './graph';
import { layoutGraph, type Layout } from './layout';
import { renderSvg } from './svg';

export type Change = 'added' | 'removed' | 'changed';

export interface GraphDiff {
  states: Array<{ id: string; change: Change; name: string }>;
  transitions: Array<{ key: string; change: Change; label: string; before: FlowTransition | null; after: FlowTransition | null }>;
  /** The union of both versions (the removed parts from the old one), to draw. */
  merged: FlowGraph;
  /** Change by state id and by transition id in `merged`. */
  marks: Map<string, Change>;
}

/** A transition's name across versions: source, event and its place among that source's transitions of the event. */
function matchKeys(graph: FlowGraph): Map<string, FlowTransition> {
  const seen = new Map<string, number>();
  const keys = new Map<string, FlowTransition>();
  for (const t of graph.transitions) {
    const base = `${t.source} ${t.eventType || 'always'}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    keys.set(`${base}#${n}`, t);
  }
  return keys;
}

const stateShape = (s: FlowState) =>
  JSON.stringify([s.kind, s.parent, s.initial, s.region, s.description, [...s.tags].sort(), s.children.length > 0]);
const transitionShape = (t: FlowTransition) => JSON.stringify([t.targets, t.kind, t.label]);

export function diffGraphs(before: FlowGraph, after: FlowGraph): GraphDiff {
  const marks = new Map<string, Change>();
  const oldStates = new Map(before.states.map((s) => [s.id, s]));
  const newStates = new Map(after.states.map((s) => [s.id, s]));
  const states: GraphDiff['states'] = [];
  for (const s of after.states) {
    const old = oldStates.get(s.id);
    const change: Change | null = !old ? 'added' : stateShape(old) !== stateShape(s) ? 'changed' : null;
    if (change) states.push({ id: s.id, change, name: s.name });
  }
  for (const s of before.states) if (!newStates.has(s.id)) states.push({ id: s.id, change: 'removed', name: s.name });
  for (const s of states) marks.set(s.id, s.change);

  // Removed states go back under their old parent when it still exists, else at the top.
  const mergedStates: FlowState[] = after.states.map((s) => ({ ...s, children: [...s.children] }));
  const byId = new Map(mergedStates.map((s) => [s.id, s]));
  for (const s of before.states) {
    if (newStates.has(s.id)) continue;
    const copy: FlowState = { ...s, children: s.children.filter((c) => !newStates.has(c)) };
    mergedStates.push(copy);
    byId.set(s.id, copy);
  }
  for (const s of mergedStates) {
    if (!marks.has(s.id) || marks.get(s.id) !== 'removed') continue;
    const parent = s.parent ? byId.get(s.parent) : undefined;
    if (!parent) s.parent = null;
    else if (!parent.children.includes(s.id)) parent.children.push(s.id);
  }

  const oldKeys = matchKeys(before);
  const newKeys = matchKeys(after);
  const transitions: GraphDiff['transitions'] = [];
  const mergedTransitions: FlowTransition[] = [];
  for (const [key, t] of newKeys) {
    const old = oldKeys.get(key);
    const change: Change | null = !old ? 'added' : transitionShape(old) !== transitionShape(t) ? 'changed' : null;
    mergedTransitions.push(t);
    if (!change) continue;
    transitions.push({ key, change, label: t.label, before: old ?? null, after: t });
    marks.set(t.id, change);
  }
  for (const [key, t] of oldKeys) {
    if (newKeys.has(key)) continue;
    transitions.push({ key, change: 'removed', label: t.label, before: t, after: null });
    // An old transition may share its id with a new one (same place, new event before it): keep both.
    const id = mergedTransitions.some((m) => m.id === t.id) ? `${t.id} (removed)` : t.id;
    mergedTransitions.push({ ...t, id });
    marks.set(id, 'removed');
  }
  const hasRoot = mergedTransitions.some((t) => t.source === (after.root?.id ?? before.root?.id));
  const merged: FlowGraph = {
    id: after.id,
    root: hasRoot ? (after.root ?? before.root) : null,
    states: mergedStates,
    transitions: mergedTransitions,
    missing: [],
  };
  return { states, transitions, merged, marks };
}

const SIGN: Record<Change, string> = { added: '+', removed: '−', changed: '~' };

/** One line per change, for the terminal. */
export function diffSummary(machine: string, diff: GraphDiff): string[] {
  if (!diff.states.length && !diff.transitions.length) return [];
  const count = (change: Change) =>
    diff.states.filter((s) => s.change === change).length + diff.transitions.filter((t) => t.change === change).length;
  return [
    `${machine}: ${count('added')} added, ${count('removed')} removed, ${count('changed')} changed`,
    ...diff.states.map((s) => `  ${SIGN[s.change]} state ${s.id} (${s.name})`),
    ...diff.transitions.map((t) =>
      t.change === 'changed'
        ? `  ~ transition ${t.key}: ${t.before!.label} → ${t.before!.targets.join(',')}  becomes  ${t.after!.label} → ${t.after!.targets.join(',')}`
        : `  ${SIGN[t.change]} transition ${t.key}: ${t.label} → ${(t.after ?? t.before)!.targets.join(',')}`,
    ),
  ];
}

const LEGEND_HEIGHT = 44;

/** The merged diagram with its legend above: added green and "+", removed red, dashed and "−", changed amber, dotted and "~". */
export async function renderDiffSvg(diff: GraphDiff, title: string): Promise<string> {
  const layout: Layout = await layoutGraph(diff.merged);
  const inner = renderSvg(layout, { title, lang: 'en', marks: diff.marks });
  const w = Math.max(Math.ceil(layout.width), 560);
  const h = Math.ceil(layout.height) + LEGEND_HEIGHT;
  const item = (x: number, change: Change, text: string) =>
    `<g class="fl-${change}" transform="translate(${x} 12)"><rect class="fl-key" width="26" height="18" rx="4"/><text x="34" y="14" font-size="13">${SIGN[change]} ${text}</text></g>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${title}" lang="en">`,
    `<title>${title}</title>`,
    `<rect width="${w}" height="${h}" fill="#ffffff"/>`,
    `<g class="fl-legend" font-family="system-ui,sans-serif" data-legend="true">`,
    `<style>.fl-key{fill:#fff;stroke-width:2.5}.fl-added .fl-key{stroke:#15803d}.fl-removed .fl-key{stroke:#b91c1c;stroke-dasharray:5 3}.fl-changed .fl-key{stroke:#b45309;stroke-dasharray:2 2}.fl-legend text{fill:#1c2333}</style>`,
    item(20, 'added', 'added'),
    item(170, 'removed', 'removed'),
    item(320, 'changed', 'changed'),
    '</g>',
    `<g transform="translate(0 ${LEGEND_HEIGHT})">`,
    inner,
    '</g>',
    '</svg>',
  ].join('\n');
}
