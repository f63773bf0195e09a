/**
 * `npm run flows:coverage` (in `npm test`, after `vitest run`): the path-coverage table of every machine;
 * exits 1 when a machine has a state no path test reached. `-- e2e` prints the Playwright table instead.
 */
import { printCoverage } from './flows/coverage-report';

const runner = process.argv[2] ?? 'unit';
if (runner !== 'unit' && runner !== 'e2e') throw new Error(`unknown runner "${runner}" (unit or e2e)`);
if (!(await printCoverage(runner))) process.exitCode = 1;
