// Starts a model run with no coverage left over from the previous one (and, when this run shoots the
// screens, none of the previous screens).
import fs from 'node:fs';
import { COVERAGE_DIR, SCREENS_DIR } from './report';

export default function reset(): void {
  fs.rmSync(COVERAGE_DIR, { recursive: true, force: true });
  if (process.env.MODEL_SCREENS === '1') fs.rmSync(SCREENS_DIR, { recursive: true, force: true });
}
