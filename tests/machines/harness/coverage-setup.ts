// Vitest global setup of the unit project: a run starts with no path-coverage records, so the report
// (`npm run flows:coverage`, after `vitest run` in `npm test`) shows this run's paths only.
import { rmSync } from 'node:fs';
import { coverageDir } from './coverage';

export default function clearPathCoverage(): void {
  rmSync(coverageDir('unit'), { recursive: true, force: true });
}
