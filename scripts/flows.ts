// `npm run flows`: draws every machine of machines/index.ts in docs/flows/ — <id>.svg laid out by
// ELK (the studio's drawing, English labels) and <id>.md with that picture, the Mermaid source and
// the table of states — plus docs/flows/README.md indexing them, straight from the definitions, so
// product owners and QA read the flows the code really has. tests/machines/flows.test.ts fails when
// a committed file is stale. Run through scripts/vite-run.mjs (Lingui macros in the label table).
// `npm run flows -- --diff <git ref>` instead compares the machines with those at <ref> (taken out of
// git into a folder of their own and loaded the same way) and draws each changed machine in
// docs/flows/diff/<id>.svg (not committed), printing what changed. The last browser walk's results
// (e2e/model/out/model-coverage.json and screens.json, when present) are copied to docs/flows/walk/,
// where the studio's coverage overlay and state screens read them, with the screenshots in Arabic at
// phone width and English at desktop width only (the others stay out of the repository).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { machines, type MachineEntry } from '../machines/index';
import { stateNodesOf, transitionsOf } from '../src/domain/transition-id';
import { diffGraphs, diffSummary, renderDiffSvg } from '../src/features/flows/diff';
import { toFlowGraph } from '../src/features/flows/graph';
import { createLabeller, type Labeller } from '../src/features/flows/labels';
import { layoutGraph } from '../src/features/flows/layout';
import { renderSvg } from '../src/features/flows/svg';

export const FLOWS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'flows');

const mid = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');
const anyId = (root: AnyStateNode) => `${mid(root)}__any`;
const children = (node: AnyStateNode) => Object.values(node.states as Record<string, AnyStateNode>);
/** Mermaid labels break on these; the text stays readable without them. */
const clean = (text: string) =>
  text
    .replace(/[{}#;:<>"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Inside a note block only the block syntax itself can break. */
const cleanNote = (text: string) =>
  text
    .replace(/[{}#;<>"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function guardName(t: AnyTransitionDefinition): string | null {
  const guard: unknown = t.guard;
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'inline guard';
}

function delayText(machine: AnyStateMachine, delay: unknown): string {
  const value: unknown = typeof delay === 'string' ? machine.implementations.delays[delay] : delay;
  const ms = typeof value === 'number' ? value : null;
  const amount = ms === null ? '' : ms % 1000 === 0 ? ` ${ms / 1000}s` : ` ${ms}ms`;
  return typeof delay === 'string' ? `after ${delay}${amount}` : `after${amount}`;
}

function eventLabel(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const type = t.eventType;
  let label: string;
  if (type === '') label = 'always';
  else if (type.startsWith('xstate.done.actor.')) label = `${type.slice('xstate.done.actor.'.length)} done`;
  else if (type.startsWith('xstate.error.actor.')) label = `${type.slice('xstate.error.actor.'.length)} error`;
  else if (type.startsWith('xstate.after.')) label = delayText(machine, (t as { delay?: unknown }).delay);
  else label = type;
  const guard = guardName(t);
  return guard ? `${label} [${guard}]` : label;
}

function walk(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...walk(child)]);
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let at = node.parent; at; at = at.parent) chain.push(at);
  return chain;
}

/**
 * Mermaid draws an arrow best inside the block of the innermost state holding both ends (never inside
 * a parallel state's block, where it would land in the last region).
 */
function containerOf(source: AnyStateNode, target: AnyStateNode): AnyStateNode {
  const targetAncestors = new Set(ancestors(target));
  let container = ancestors(source).find((a) => targetAncestors.has(a)) ?? source.machine.root;
  while (container.type === 'parallel' && container.parent) container = container.parent;
  return container;
}

interface Edge {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
}

function edgesByContainer(machine: AnyStateMachine): Map<AnyStateNode, Edge[]> {
  const map = new Map<AnyStateNode, Edge[]>();
  // The root's own transitions (taken from any state) leave from a "from any state" node.
  for (const node of stateNodesOf(machine)) {
    for (const t of transitionsOf(node)) {
      const targets: readonly AnyStateNode[] = t.target?.length ? t.target : [node];
      for (const target of targets) {
        const container = containerOf(node, target);
        const list = map.get(container) ?? [];
        list.push({ from: node, to: target, label: clean(eventLabel(machine, t)) });
        map.set(container, list);
      }
    }
  }
  return map;
}

function declare(node: AnyStateNode, indent: string, edges: Map<AnyStateNode, Edge[]>, out: string[]): void {
  const kids = children(node);
  if (kids.length === 0) {
    out.push(`${indent}state "${node.key}" as ${mid(node)}`);
    return;
  }
  out.push(`${indent}state "${node.key}${node.type === 'parallel' ? ' (in parallel)' : ''}" as ${mid(node)} {`);
  if (node.type === 'parallel') {
    kids.forEach((region, i) => {
      if (i > 0) out.push(`${indent}  --`);
      declare(region, `${indent}  `, edges, out);
    });
  } else {
    const initial = node.initial?.target?.[0];
    if (initial) out.push(`${indent}  [*] --> ${mid(initial)}`);
    for (const kid of kids) declare(kid, `${indent}  `, edges, out);
    for (const e of edges.get(node) ?? []) out.push(`${indent}  ${mid(e.from)} --> ${mid(e.to)} : ${e.label}`);
  }
  out.push(`${indent}}`);
}

export function renderDiagram(machine: AnyStateMachine): string {
  const out: string[] = ['stateDiagram-v2'];
  const root = machine.root;
  const edges = edgesByContainer(machine);
  const initial = root.initial?.target?.[0];
  if (initial) out.push(`  [*] --> ${mid(initial)}`);
  for (const node of children(root)) declare(node, '  ', edges, out);
  const fromRoot = (edges.get(root) ?? []).some((e) => e.from === root);
  if (fromRoot) out.push(`  state "(from any state)" as ${anyId(root)}`);
  const name = (node: AnyStateNode) => (node === root ? anyId(root) : mid(node));
  for (const e of edges.get(root) ?? []) out.push(`  ${name(e.from)} --> ${name(e.to)} : ${e.label}`);
  for (const node of walk(root)) {
    const lines = [node.description ?? null, node.tags.length ? `tags: ${node.tags.join(', ')}` : null]
      .filter((line): line is string => line !== null)
      .map(cleanNote);
    if (lines.length === 0) continue;
    out.push(`  note right of ${mid(node)}`, ...lines.map((line) => `    ${line}`), '  end note');
  }
  return out.join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderFlow(entry: MachineEntry): string {
  const { machine } = entry;
  const rows = walk(machine.root).map((node) => {
    const name = node.id.split('.').slice(1).join('.');
    return `| \`${name}\` | ${cell(node.description ?? '')} | ${node.tags.map((t) => `\`${t}\``).join(' ')} |`;
  });
  return [
    `# Flow: ${entry.id}`,
    '',
    `<!-- Generated by \`npm run flows\` from machines/index.ts. Do not edit by hand. -->`,
    '',
    cell(entry.description),
    '',
    `![${entry.id} statechart](./${entry.id}.svg)`,
    '',
    'The picture is laid out by ELK, like the flows studio (`/flows` in the app). The Mermaid source below',
    'reads `event [guard]`; `X done` / `X error` are the answer of the request `X`; `after …` is a timer.',
    '',
    '```mermaid',
    renderDiagram(machine),
    '```',
    '',
    '## States',
    '',
    '| state | what it means | tags |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export function renderIndex(entries: readonly MachineEntry[]): string {
  return [
    '# Flows',
    '',
    '<!-- Generated by `npm run flows`. Do not edit by hand. -->',
    '',
    'Every statechart of the product, drawn from its definition. Regenerate with `npm run flows`;',
    'a test fails when a diagram here no longer matches the code.',
    '',
    ...entries.map((e) => `- [${e.id}](./${e.id}.md) — ${cell(e.description)}`),
    '',
  ].join('\n');
}

/** The English SVG of one machine, as the docs hold it. */
export async function renderFlowSvg(entry: MachineEntry): Promise<string> {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const layout = await layoutGraph(toFlowGraph(entry.machine, createLabeller(i18n)));
  return renderSvg(layout, { title: `${entry.id} statechart`, lang: 'en' }) + '\n';
}

/** Every file the docs/flows folder should hold, by name. */
export async function renderAll(entries: readonly MachineEntry[] = machines): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of entries) {
    files.set(`${entry.id}.md`, renderFlow(entry));
    files.set(`${entry.id}.svg`, await renderFlowSvg(entry));
  }
  files.set('README.md', renderIndex(entries));
  return files;
}

const ROOT = path.join(FLOWS_DIR, '..', '..');
const WALK_OUT = path.join(ROOT, 'e2e', 'model', 'out');

/** The screenshots kept in the docs: Arabic at phone width, English at desktop width. */
const KEPT_SCREENS = [
  { locale: 'ar', width: 390 },
  { locale: 'en', width: 1280 },
];
type ScreensIndex = Record<string, Record<string, Array<{ locale: string; width: number; file: string }>>>;

/** The browser walk's result files, when a walk has run here, beside the diagrams (screens: only those kept). */
function copyWalk(): void {
  const walk = path.join(FLOWS_DIR, 'walk');
  const coverage = path.join(WALK_OUT, 'model-coverage.json');
  if (existsSync(coverage)) {
    mkdirSync(walk, { recursive: true });
    copyFileSync(coverage, path.join(walk, 'model-coverage.json'));
    console.log('docs/flows/walk/model-coverage.json');
  }
  const screens = path.join(WALK_OUT, 'screens.json');
  if (!existsSync(screens)) return;
  const index = JSON.parse(readFileSync(screens, 'utf8')) as ScreensIndex;
  const kept: ScreensIndex = {};
  rmSync(path.join(walk, 'screens'), { recursive: true, force: true });
  let bytes = 0;
  for (const [machine, states] of Object.entries(index)) {
    for (const [state, shots] of Object.entries(states)) {
      const keep = shots.filter((s) => KEPT_SCREENS.some((k) => k.locale === s.locale && k.width === s.width));
      const present = keep.filter((s) => existsSync(path.join(WALK_OUT, 'screens', s.file)));
      if (!present.length) continue;
      (kept[machine] ??= {})[state] = present;
      for (const shot of present) {
        const to = path.join(walk, 'screens', shot.file);
        mkdirSync(path.dirname(to), { recursive: true });
        copyFileSync(path.join(WALK_OUT, 'screens', shot.file), to);
        bytes += statSync(to).size;
      }
    }
  }
  mkdirSync(walk, { recursive: true });
  writeFileSync(path.join(walk, 'screens.json'), `${JSON.stringify(kept, null, 2)}\n`);
  console.log(`docs/flows/walk/screens.json and screens/ (${bytes} bytes of images)`);
}

/** The machines as they were at a git ref: machines/ and contract/ of that commit, loaded like ours. */
async function machinesAt(ref: string): Promise<readonly MachineEntry[]> {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  // Inside the repository, so their imports of xstate and zod resolve to node_modules.
  const dir = path.join(ROOT, '.flows-diff', sha);
  mkdirSync(dir, { recursive: true });
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', sha, 'machines', 'contract'], { cwd: ROOT, maxBuffer: 64 << 20 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    const mod = (await import(/* @vite-ignore */ path.join(dir, 'machines', 'index.ts'))) as { machines: readonly MachineEntry[] };
    return mod.machines;
  } finally {
    rmSync(path.join(ROOT, '.flows-diff'), { recursive: true, force: true });
  }
}

/** English words, descriptions as the machine writes them (so a changed description shows). */
function diffLabeller(): Labeller {
  const labels = createLabeller(setupI18n({ locale: 'en', messages: { en: {} } }));
  return { ...labels, description: () => null };
}

/** `--diff <ref>`: a diagram per changed machine and a summary; returns the exit code. */
async function diff(ref: string): Promise<number> {
  const before = await machinesAt(ref);
  const labels = diffLabeller();
  const dir = path.join(FLOWS_DIR, 'diff');
  rmSync(dir, { recursive: true, force: true });
  const ids = [...new Set([...before.map((e) => e.id), ...machines.map((e) => e.id)])];
  let changed = 0;
  for (const id of ids) {
    const old = before.find((e) => e.id === id);
    const now = machines.find((e) => e.id === id);
    if (!old || !now) {
      console.log(`${id}: ${old ? 'removed' : 'added'} (the whole machine)`);
      changed++;
      continue;
    }
    const result = diffGraphs(toFlowGraph(old.machine, labels), toFlowGraph(now.machine, labels));
    const lines = diffSummary(id, result);
    if (!lines.length) continue;
    changed++;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${id}.svg`), (await renderDiffSvg(result, `${id}: changes since ${ref}`)) + '\n');
    console.log([...lines, `  drawn in docs/flows/diff/${id}.svg`].join('\n'));
  }
  if (!changed) console.log(`No machine changed since ${ref}.`);
  return 0;
}

/** Entry point for scripts/vite-run.mjs: `[--diff <ref>]`. */
export async function main(argv: string[] = []): Promise<number> {
  const at = argv.indexOf('--diff');
  if (at >= 0) {
    const ref = argv[at + 1];
    if (!ref) {
      console.error('usage: npm run flows -- --diff <git ref>');
      return 2;
    }
    return diff(ref);
  }
  mkdirSync(FLOWS_DIR, { recursive: true });
  for (const [name, text] of await renderAll()) {
    writeFileSync(path.join(FLOWS_DIR, name), text);
    console.log(`docs/flows/${name}`);
  }
  copyWalk();
  return 0;
}
