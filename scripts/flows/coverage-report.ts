/**
 * Path-coverage table of the machines, from the records the path tests left in .tmp/coverage/<runner>/
 * (tests/machines/harness/coverage.ts). Totals come from the machine definitions (scripts/flows/catalog.ts).
 * Runner `unit` lists every machine of machines/ (one no path test walked shows 0) and fails below full
 * state coverage; runner `e2e` lists the machines the Playwright specs replayed in the real UI.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverMachines, stateIds, transitionFacts } from './catalog';
import { coverageDir, type CoverageRecord, type CoverageRunner } from '../../tests/machines/harness/coverage';

export interface CoverageRow {
  machine: string;
  statesCovered: number;
  statesTotal: number;
  transitionsCovered: number;
  transitionsTotal: number;
  missingStates: string[];
}

export function readRecords(runner: CoverageRunner): Map<string, { states: Set<string>; transitions: Set<string> }> {
  const merged = new Map<string, { states: Set<string>; transitions: Set<string> }>();
  let names: string[] = [];
  try {
    names = readdirSync(coverageDir(runner)).filter((name) => name.endsWith('.json'));
  } catch {
    return merged; // no path test recorded anything
  }
  for (const name of names) {
    const record = JSON.parse(readFileSync(path.join(coverageDir(runner), name), 'utf8')) as CoverageRecord;
    for (const [id, seen] of Object.entries(record.machines)) {
      const entry = merged.get(id) ?? { states: new Set<string>(), transitions: new Set<string>() };
      seen.states.forEach((state) => entry.states.add(state));
      seen.transitions.forEach((key) => entry.transitions.add(key));
      merged.set(id, entry);
    }
  }
  return merged;
}

export async function coverageRows(runner: CoverageRunner): Promise<CoverageRow[]> {
  const records = readRecords(runner);
  const rows: CoverageRow[] = [];
  for (const { machine } of await discoverMachines()) {
    const seen = records.get(machine.id);
    if (runner === 'e2e' && !seen) continue;
    const states = stateIds(machine);
    const transitions = transitionFacts(machine).map((fact) => fact.key);
    rows.push({
      machine: machine.id,
      statesCovered: states.filter((id) => seen?.states.has(id)).length,
      statesTotal: states.length,
      transitionsCovered: transitions.filter((key) => seen?.transitions.has(key)).length,
      transitionsTotal: transitions.length,
      missingStates: states.filter((id) => !seen?.states.has(id)),
    });
  }
  return rows;
}

const percent = (covered: number, total: number) => (total ? `${Math.floor((covered / total) * 100)} %` : '—');

export function coverageTable(rows: CoverageRow[]): string {
  const lines = [
    ['machine', 'states', '', 'transitions', ''],
    ...rows.map((row) => [
      row.machine,
      `${row.statesCovered}/${row.statesTotal}`,
      percent(row.statesCovered, row.statesTotal),
      `${row.transitionsCovered}/${row.transitionsTotal}`,
      percent(row.transitionsCovered, row.transitionsTotal),
    ]),
  ];
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  return lines.map((line) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n');
}

/** Prints the table; for the unit runner, sets a failing exit code when a machine lacks a state. */
export async function printCoverage(runner: CoverageRunner): Promise<boolean> {
  const rows = await coverageRows(runner);
  const title = runner === 'unit' ? 'Machine path coverage (Vitest path tests)' : 'Machine path coverage (Playwright paths in the real UI)';
  console.log(`\n${title}\n${rows.length ? coverageTable(rows) : '(no graph path was walked)'}\n`);
  const short = rows.filter((row) => row.statesCovered < row.statesTotal);
  if (runner !== 'unit') return true;
  for (const row of short) console.error(`${row.machine}: no path test reaches ${row.missingStates.join(', ')}`);
  if (short.length) console.error('Every machine needs full state coverage: add path tests (tests/machines/<flow>.test.ts, describeMachinePaths).');
  return short.length === 0;
}
