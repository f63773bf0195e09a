// Playwright global teardown: prints the path coverage of the graph paths the specs replayed in the real UI
// (walkPath records them; tests/machines/harness/coverage.ts).
import { printCoverage } from '../scripts/flows/coverage-report';

export default async function printPathCoverage(): Promise<void> {
  await printCoverage('e2e');
}
