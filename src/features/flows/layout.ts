// The layout model: a FlowGraph laid out by ELK (elkjs, the engine of the XState visualizer) into
// absolute rectangles and routed, labelled edges — compound states as boxes holding their children,
// parallel regions side by side (dashed separators between them), edges in the innermost box that
// holds both ends. Text sizes are estimated, not measured, so the Node script and the browser agree.
// The flow reads in the language's direction: ELK lays it out left to right with the definition's
// order deciding which arrows run back (so a machine starts at the reading edge), and a right-to-left
// layout is that picture mirrored.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { FlowGraph, FlowState, FlowTransition } from './graph';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

export interface LaidState extends FlowState, Rect {}
/** One arrow: a transition to one of its targets (a transition into parallel regions draws several). */
export interface LaidEdge extends FlowTransition {
  /** The arrow's own id: the transition's id, with `@target` after the first target. */
  key: string;
  target: string;
  points: Point[];
  labelBox: Rect | null;
}
/** The "from any state" node the root's transitions leave from. */
export interface LaidRoot extends Rect {
  id: string;
  label: string;
}
export type Direction = 'ltr' | 'rtl';

export interface Layout {
  graph: FlowGraph;
  /** Which way the flow reads: from the left edge (ltr) or from the right (rtl). */
  direction: Direction;
  width: number;
  height: number;
  states: LaidState[];
  edges: LaidEdge[];
  root: LaidRoot | null;
  /** Dashed lines between the regions of a parallel state. */
  separators: Array<{ from: Point; to: Point }>;
}

export const FONT = { state: 14, edge: 12, title: 14 };
export const TITLE_HEIGHT = 30;

/** A generous width estimate (Arabic and Latin) so text never overflows its box. */
export function textWidth(text: string, size: number): number {
  return Math.ceil([...text].length * size * 0.58) + 4;
}

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.spacing.nodeNodeBetweenLayers': '40',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeNode': '16',
  'elk.edgeLabels.inline': 'false',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.padding': '[top=20,left=20,bottom=20,right=20]',
};
const COMPOUND_PADDING = `[top=${TITLE_HEIGHT + 12},left=16,bottom=16,right=16]`;
const ORDER_EDGE = '__order__';

/** The arrows of the graph: one per transition and target. */
function arrows(graph: FlowGraph): Array<{ key: string; transition: FlowTransition; target: string }> {
  return graph.transitions.flatMap((transition) =>
    transition.targets.map((target, i) => ({ key: i === 0 ? transition.id : `${transition.id}@${target}`, transition, target })),
  );
}

function ancestorsOf(graph: FlowGraph): Map<string, string[]> {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const chains = new Map<string, string[]>();
  for (const s of graph.states) {
    const chain: string[] = [];
    for (let at = s.parent; at; at = byId.get(at)?.parent ?? null) chain.push(at);
    chains.set(s.id, chain);
  }
  return chains;
}

/** The innermost state holding both ends (null: the machine's root). */
function containerOf(chains: Map<string, string[]>, source: string, target: string): string | null {
  const targetChain = new Set(chains.get(target));
  if (source === target) return chains.get(source)?.[0] ?? null;
  return chains.get(source)?.find((a) => targetChain.has(a) && a !== target) ?? null;
}

export function toElk(graph: FlowGraph): ElkNode {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const chains = ancestorsOf(graph);
  const elkNodes = new Map<string, ElkNode & { edges: ElkExtendedEdge[] }>();
  const build = (s: FlowState): ElkNode => {
    const kids = s.children.map((id) => build(byId.get(id)!));
    const node: ElkNode & { edges: ElkExtendedEdge[] } = {
      id: s.id,
      labels: [{ text: s.name }],
      children: kids,
      edges: [],
    };
    if (kids.length === 0) {
      node.width = Math.max(90, textWidth(s.name, FONT.state) + 28);
      node.height = 40;
    } else {
      node.layoutOptions = {
        'elk.padding': COMPOUND_PADDING,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${textWidth(s.name, FONT.title) + 40}, ${TITLE_HEIGHT + 40})`,
      };
      if (s.kind === 'parallel') {
        // Invisible edges from each region to the next put the regions in consecutive layers: side by side.
        node.edges = s.children.slice(1).map((id, i) => ({ id: `${ORDER_EDGE}${s.id}#${i}`, sources: [s.children[i]!], targets: [id] }));
      }
    }
    elkNodes.set(s.id, node);
    return node;
  };
  const roots = graph.states.filter((s) => s.parent === null).map(build);
  if (graph.root) {
    // The root's transitions leave from a node of their own, before every state (model order).
    roots.unshift({
      id: graph.root.id,
      labels: [{ text: graph.root.label }],
      width: Math.max(110, textWidth(graph.root.label, FONT.state) + 28),
      height: 40,
    });
  }
  const root: ElkNode & { edges: ElkExtendedEdge[] } = { id: '__root__', layoutOptions: ROOT_OPTIONS, children: roots, edges: [] };
  for (const { key, transition: t, target } of arrows(graph)) {
    const fromRoot = t.source === graph.root?.id;
    const container = fromRoot ? null : containerOf(chains, t.source, target);
    const owner = container ? elkNodes.get(container)! : root;
    owner.edges.push({
      id: key,
      sources: [t.source],
      targets: [target],
      labels: [{ text: t.label, width: textWidth(t.label, FONT.edge), height: FONT.edge + 6 }],
    });
  }
  return root;
}

let engine: InstanceType<typeof ELK> | null = null;

/** The layout read from the other side: every x reflected across the middle. */
export function mirrored(layout: Layout): Layout {
  const { width } = layout;
  const rect = <R extends Rect>(r: R): R => ({ ...r, x: width - r.x - r.width });
  const point = (p: Point): Point => ({ x: width - p.x, y: p.y });
  return {
    ...layout,
    direction: 'rtl',
    states: layout.states.map(rect),
    edges: layout.edges.map((e) => ({ ...e, points: e.points.map(point), labelBox: e.labelBox && rect(e.labelBox) })),
    root: layout.root && rect(layout.root),
    separators: layout.separators.map((s) => ({ from: point(s.from), to: point(s.to) })),
  };
}

export async function layoutGraph(graph: FlowGraph, direction: Direction = 'ltr'): Promise<Layout> {
  engine ??= new ELK();
  const laid = await engine.layout(toElk(graph));
  const rects = new Map<string, Rect>();
  const edges = new Map<string, { points: Point[]; labelBox: Rect | null }>();
  const visit = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      rects.set(child.id, { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 });
      visit(child);
    }
    for (const edge of (node.edges ?? []) as ElkExtendedEdge[]) {
      if (edge.id.startsWith(ORDER_EDGE)) continue;
      const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const label = edge.labels?.[0];
      const labelBox = label ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null;
      edges.set(edge.id, { points, labelBox });
    }
  };
  visit(laid);
  const states: LaidState[] = graph.states.map((s) => ({ ...s, ...rects.get(s.id)! }));
  const separators: Layout['separators'] = [];
  for (const s of states) {
    if (s.kind !== 'parallel') continue;
    const regions = s.children.map((id) => rects.get(id)!).sort((a, b) => a.x - b.x);
    for (let i = 1; i < regions.length; i++) {
      const x = Math.round((regions[i - 1]!.x + regions[i - 1]!.width + regions[i]!.x) / 2);
      separators.push({ from: { x, y: s.y + TITLE_HEIGHT }, to: { x, y: s.y + s.height - 4 } });
    }
  }
  const rootRect = graph.root ? rects.get(graph.root.id) : undefined;
  const ltr: Layout = {
    graph,
    direction: 'ltr',
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    states,
    edges: arrows(graph).map(({ key, transition, target }) => ({
      ...transition,
      key,
      target,
      ...(edges.get(key) ?? { points: [], labelBox: null }),
    })),
    root: graph.root && rootRect ? { ...graph.root, ...rootRect } : null,
    separators,
  };
  return direction === 'rtl' ? mirrored(ltr) : ltr;
}
