// Starts a model run with no coverage left over from the previous one.
import fs from 'node:fs';
import { COVERAGE_DIR } from './walker';

export default function reset(): void {
  fs.rmSync(COVERAGE_DIR, { recursive: true, force: true });
}
