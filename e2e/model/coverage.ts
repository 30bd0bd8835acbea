// After the model run: prints, per machine, the transitions the real UI took (as the app itself
// reported them, and the server's copy of the machine where the app cannot see them) out of all
// transitions of its definition, then the figure over the machines walked; fails the run below the
// floor (MODEL_E2E_FLOOR, a percentage; by default the goal, MODEL_E2E_GOAL, 80 %: every
// counted transition is caused on demand, none by timing). Writes out/model-coverage.json (which
// path walked which transition, read by the flows studio) and, with MODEL_SCREENS=1, out/screens.json.
import fs from 'node:fs';
import path from 'node:path';
import { COVERAGE_DIR, modelCoverage, OUT_DIR, screensIndex, SCREENS_DIR, type WalkRecord } from './report';

// Only the live session runs in `npm test`; the others only with --full (see playwright.config.ts).
const MACHINES = process.env.E2E_FULL ? ['auth', 'booking', 'live-session', 'order', 'request', 'teacher-status'] : ['live-session'];

function records(id: string): WalkRecord[] {
  const file = path.join(COVERAGE_DIR, `${id}.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as WalkRecord);
}

export default function report(): void {
  const goal = Number(process.env.MODEL_E2E_GOAL ?? 80);
  const floor = Math.min(goal, Number(process.env.MODEL_E2E_FLOOR ?? goal));
  const walks = Object.fromEntries(MACHINES.map((id) => [id, records(id)]));
  const coverage = modelCoverage(walks);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.writeFileSync(path.join(OUT_DIR, 'model-coverage.json'), `${JSON.stringify(coverage, null, 2)}\n`);
  if (process.env.MODEL_SCREENS === '1')
    fs.writeFileSync(path.join(OUT_DIR, 'screens.json'), `${JSON.stringify(screensIndex(SCREENS_DIR), null, 2)}\n`);
  let covered = 0;
  let total = 0;
  const lines = ['', 'Transitions walked in the browser (model e2e):'];
  for (const id of MACHINES) {
    const { walked, total: all, transitions } = coverage.machines[id]!;
    covered += walked;
    total += all;
    const pct = all ? ((100 * walked) / all).toFixed(0) : '–';
    lines.push(`  ${id.padEnd(14)} ${String(walked).padStart(3)}/${String(all).padEnd(3)} ${pct}%  (${walks[id]!.length} paths)`);
    if (process.env.MODEL_E2E_MISSING)
      for (const [t, { walked: w }] of Object.entries(transitions)) if (!w) lines.push(`      missing ${t}`);
  }
  const figure = total ? (100 * covered) / total : 0;
  lines.push(`  all walked     ${covered}/${total} ${figure.toFixed(1)}% (floor ${floor}%, goal ${goal}%)`);
  lines.push(`  reports: ${path.relative(process.cwd(), OUT_DIR)}/{report/index.html,junit.xml,model-coverage.json}`, '');
  console.log(lines.join('\n'));
  if (figure < floor)
    throw new Error(`model e2e: ${figure.toFixed(1)}% of transitions walked in the browser, below the floor of ${floor}%`);
  if (figure < goal)
    console.log(`model e2e: ${figure.toFixed(1)}% walked; the goal of ${goal}% is not reached yet (MODEL_E2E_MISSING=1 lists the rest)`);
}
