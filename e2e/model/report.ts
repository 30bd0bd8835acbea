// What a model run leaves for QA and the flows studio, as plain data (no Playwright here, so unit
// tests read it too): where the files go, the stable id of a path, the transitions of a machine by the
// ids the app, the studio and `npm run paths` use, and the two indexes the studio reads,
// out/model-coverage.json and out/screens.json.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, EventObject } from 'xstate';
import { machines } from '../../machines/index';
import { definitionTransitions } from '../../src/domain/transition-id';

/** What a run leaves (gitignored): reports, coverage, screens. */
export const OUT_DIR = path.resolve(import.meta.dirname, 'out');
/** One line per walked path and machine (WalkRecord). */
export const COVERAGE_DIR = path.join(OUT_DIR, 'coverage');
/** With MODEL_SCREENS=1: a JPEG per state reached, `<machine>/<state id>.<locale>.<width>.jpg`. */
export const SCREENS_DIR = path.join(OUT_DIR, 'screens');
/** The widths each state is shot at: a phone and a desktop. */
export const SCREEN_WIDTHS = [390, 1280] as const;

/** One line of COVERAGE_DIR/<machine>.jsonl: a path's stable id and the transitions it took. */
export interface WalkRecord {
  path: string;
  taken: string[];
}

/**
 * Every transition of the definition, by transitionId (the same names the app posts, the studio draws
 * and `npm run paths` counts).
 */
export function allTransitions(machine: AnyStateMachine): string[] {
  return definitionTransitions(machine).map((t) => t.id);
}

/** An event as plain data (an actor's error with its name and message), for hashing and titles. */
export function plain(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, ...Object.fromEntries(Object.entries(value)) };
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/**
 * A path's stable id: a short hash of its event sequence (with the events' data). It stays when other
 * paths come or go, names the path in the reports and the coverage file, and re-runs it alone with
 * `--grep <id>`.
 */
export function pathKey(events: readonly EventObject[]): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(plain(events)))
    .digest('hex')
    .slice(0, 8);
}

export interface ModelCoverage {
  generatedAt: string;
  machines: Record<string, { total: number; walked: number; transitions: Record<string, { walked: boolean; paths: string[] }> }>;
}

/** Which paths took each transition of each machine (names outside the definition are dropped). */
export function modelCoverage(walks: Record<string, WalkRecord[]>, now = new Date()): ModelCoverage {
  const result: ModelCoverage = { generatedAt: now.toISOString(), machines: {} };
  for (const [id, records] of Object.entries(walks)) {
    const machine = machines.find((m) => m.id === id)?.machine;
    if (!machine) throw new Error(`no machine ${id} in machines/index.ts`);
    const transitions = Object.fromEntries(
      allTransitions(machine).map((t) => {
        const paths = [...new Set(records.filter((r) => r.taken.includes(t)).map((r) => r.path))].sort();
        return [t, { walked: paths.length > 0, paths }];
      }),
    );
    const all = Object.values(transitions);
    result.machines[id] = { total: all.length, walked: all.filter((t) => t.walked).length, transitions };
  }
  return result;
}

export type ScreensIndex = Record<string, Record<string, Array<{ locale: string; width: number; file: string }>>>;

/** The screens on disk by machine and state id (`<machine>/<state id>.<locale>.<width>.jpg`). */
export function screensIndex(dir: string): ScreensIndex {
  const index: ScreensIndex = {};
  if (!fs.existsSync(dir)) return index;
  for (const machine of fs.readdirSync(dir).sort()) {
    for (const file of fs.readdirSync(path.join(dir, machine)).sort()) {
      const match = /^(.+)\.([a-z]{2})\.(\d+)\.jpg$/.exec(file);
      if (!match) continue;
      const [, state, locale, width] = match;
      ((index[machine] ??= {})[state!] ??= []).push({ locale: locale!, width: Number(width), file: `${machine}/${file}` });
    }
  }
  return index;
}
