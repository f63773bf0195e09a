// Playwright global setup: the run starts with no path-coverage records of an earlier run.
import { rmSync } from 'node:fs';
import { coverageDir } from '../tests/machines/harness/coverage';

export default function clearPathCoverage(): void {
  rmSync(coverageDir('e2e'), { recursive: true, force: true });
}
