/**
 * `npm run flows`: writes machines/stately/ — every machine of machines/ as a file the Stately editor
 * imports as it is, its JSON and an index (machines/stately/README.md). Files of machines that are gone
 * are removed. tests/machines/flowsExport.test.ts fails while the folder does not match the machines.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { discoverMachines, repoRoot, statelyDir } from './flows/catalog';
import { statelyFiles } from './flows/stately';

const entries = await discoverMachines();
const files = statelyFiles(entries);
mkdirSync(statelyDir, { recursive: true });
let written = 0;
for (const [name, content] of files) {
  const file = path.join(statelyDir, name);
  let current: string | null = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // new file
  }
  if (current !== content) {
    writeFileSync(file, content);
    written += 1;
  }
}
const stale = readdirSync(statelyDir).filter((name) => !files.has(name));
for (const name of stale) rmSync(path.join(statelyDir, name));
console.log(`flows: ${entries.length} machines → ${path.relative(repoRoot, statelyDir)}/ (${written} files written, ${stale.length} removed)`);
