/**
 * The Stately export (machines/stately/, `npm run flows`) never drifts from the machines: every machine of
 * machines/ has its files, each file imported back with `createMachine` has the same states and the same
 * transitions (source, event, guard, targets) as its machine, and the committed folder is exactly what
 * `npm run flows` writes now.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { discoverMachines, isStateMachine, machineFiles, stateIds, stateNodes, statelyDir, transitionFacts } from '../../scripts/flows/catalog';
import { codeFileName, jsonFileName, statelyFiles } from '../../scripts/flows/stately';

const RUN = 'run `npm run flows` and commit machines/stately/';
const entries = await discoverMachines();
const transitionsOf = (machine: Parameters<typeof transitionFacts>[0]) =>
  transitionFacts(machine)
    .map((t) => t.description)
    .sort();

describe('Stately export of the machines', () => {
  it('finds a machine in every machine file', () => {
    const files = new Set(entries.map((entry) => entry.file));
    expect(machineFiles().filter((file) => !files.has(file))).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(machineFiles().length);
  });

  it(`the committed folder is what npm run flows writes (${RUN})`, () => {
    const expected = statelyFiles(entries);
    const present = readdirSync(statelyDir).sort();
    expect(present, `machines/stately/ has other files than the machines give: ${RUN}`).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) {
      expect(readFileSync(path.join(statelyDir, name), 'utf8'), `machines/stately/${name} is out of date: ${RUN}`).toBe(content);
    }
  });

  for (const entry of entries) {
    describe(`${entry.machine.id} (${entry.file})`, () => {
      it('the editor file imports back with createMachine: same states and transitions', async () => {
        const module = (await import(pathToFileURL(path.join(statelyDir, codeFileName(entry))).href)) as { machine: unknown };
        expect(isStateMachine(module.machine), `${codeFileName(entry)} exports no machine: ${RUN}`).toBe(true);
        const exported = module.machine as typeof entry.machine;
        expect(exported.id).toBe(entry.machine.id);
        expect(stateIds(exported), `states of ${codeFileName(entry)}: ${RUN}`).toEqual(stateIds(entry.machine));
        expect(transitionsOf(exported), `transitions of ${codeFileName(entry)}: ${RUN}`).toEqual(transitionsOf(entry.machine));
        expect(stateIds(entry.machine).length).toBeGreaterThan(0);
      });

      it('the JSON builds the same chart', () => {
        const json = JSON.parse(readFileSync(path.join(statelyDir, jsonFileName(entry)), 'utf8'));
        const rebuilt = createMachine(json);
        expect(stateIds(rebuilt)).toEqual(stateIds(entry.machine));
        expect(transitionsOf(rebuilt)).toEqual(transitionsOf(entry.machine));
      });

      it('keeps descriptions, tags, invoked actors and delays by name', () => {
        const code = readFileSync(path.join(statelyDir, codeFileName(entry)), 'utf8');
        const json = JSON.parse(readFileSync(path.join(statelyDir, jsonFileName(entry)), 'utf8'));
        const exported = createMachine(json);
        const twins = new Map(stateNodes(exported).map((node) => [node.id, node]));
        for (const node of [entry.machine.root, ...stateNodes(entry.machine)]) {
          const twin = node === entry.machine.root ? exported.root : twins.get(node.id)!;
          expect(twin, `state ${node.id}`).toBeDefined();
          expect(twin.description, `description of ${node.id}`).toBe(node.description);
          expect([...twin.tags], `tags of ${node.id}`).toEqual([...node.tags]);
          expect(
            twin.invoke.map((i) => i.id),
            `invoked actors of ${node.id}`,
          ).toEqual(node.invoke.map((i) => i.id));
          for (const invoked of node.invoke) {
            if (typeof invoked.src === 'string') expect(twin.invoke.find((i) => i.id === invoked.id)?.src).toBe(invoked.src);
          }
        }
        // Delays by name are compared with the transitions: `after` events are `xstate.after.<delay>.<state id>`.
        // No log() actions: they would print through XState's console logger, which ships in the bundle.
        expect(code).not.toContain("'xstate.log'");
        expect(code).toMatch(/^import \{ createMachine \} from 'xstate';$/m);
        expect(code).toMatch(/^export const machine = createMachine\(\{$/m);
      });
    });
  }
});
