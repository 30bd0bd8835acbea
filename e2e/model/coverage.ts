// After the model run: prints, per machine, the transitions the real UI took (as the app itself
// reported them) out of all transitions of its definition, then the figure over the machines walked;
// fails the run below the floor (MODEL_E2E_FLOOR, a percentage; by default the goal,
// MODEL_E2E_GOAL, 80 %: every counted transition is caused on demand, none by timing).
import fs from 'node:fs';
import path from 'node:path';
import { machines } from '../../machines/index';
import { allTransitions, COVERAGE_DIR } from './walker';

// The auth and booking walks run only with --full (see playwright.config.ts); the figure is over the machines walked.
const MACHINES = process.env.E2E_FULL ? ['auth', 'booking', 'live-session'] : ['live-session'];

export default function report(): void {
  const goal = Number(process.env.MODEL_E2E_GOAL ?? 80);
  const floor = Math.min(goal, Number(process.env.MODEL_E2E_FLOOR ?? goal));
  let covered = 0;
  let total = 0;
  const lines = ['', 'Transitions walked in the browser (model e2e):'];
  for (const id of MACHINES) {
    const file = path.join(COVERAGE_DIR, `${id}.jsonl`);
    const runs = fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { total: string[]; taken: string[] })
      : [];
    const all = new Set(allTransitions(machines.find((m) => m.id === id)!.machine));
    const taken = new Set(runs.flatMap((r) => r.taken).filter((t) => all.has(t)));
    covered += taken.size;
    total += all.size;
    const pct = all.size ? ((100 * taken.size) / all.size).toFixed(0) : '–';
    lines.push(`  ${id.padEnd(13)} ${String(taken.size).padStart(3)}/${String(all.size).padEnd(3)} ${pct}%  (${runs.length} paths)`);
    if (process.env.MODEL_E2E_MISSING) for (const t of [...all].filter((x) => !taken.has(x))) lines.push(`      missing ${t}`);
  }
  const figure = total ? (100 * covered) / total : 0;
  lines.push(`  all walked    ${covered}/${total} ${figure.toFixed(1)}% (floor ${floor}%, goal ${goal}%)`, '');
  console.log(lines.join('\n'));
  if (figure < floor)
    throw new Error(`model e2e: ${figure.toFixed(1)}% of transitions walked in the browser, below the floor of ${floor}%`);
  if (figure < goal)
    console.log(`model e2e: ${figure.toFixed(1)}% walked; the goal of ${goal}% is not reached yet (MODEL_E2E_MISSING=1 lists the rest)`);
}
