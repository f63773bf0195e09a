// Production builds leave the statecharts' description texts out of the bundle (scripts/vite-strip-machine-descriptions.ts):
// every description of every machine must go, the code left must still be valid, and nothing else may change.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isMachineSource, stripDescriptions, stripMachineDescriptions } from '../../scripts/vite-strip-machine-descriptions';

const machineFiles = readdirSync('machines', { recursive: true, encoding: 'utf8' })
  .map((file) => path.resolve('machines', file))
  .filter((file) => isMachineSource(file));

describe('the build strips the machines’ descriptions', () => {
  it('takes every description out of every machine file, leaving code that still parses', () => {
    expect(machineFiles.length).toBeGreaterThan(40);
    let stripped = 0;
    for (const file of machineFiles) {
      const code = readFileSync(file, 'utf8');
      const result = stripDescriptions(code);
      stripped += (code.match(/\bdescription:/g) ?? []).length;
      expect(result, file).not.toMatch(/\bdescription:/);
      const { diagnostics } = ts.transpileModule(result, { fileName: file, reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext } });
      expect(diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) ?? [], file).toEqual([]);
    }
    expect(stripped).toBeGreaterThan(300);
  });

  it('removes the description and its comma only', () => {
    const code = `createMachine({ id: 'x', description: 'A flow, with "quotes"', states: { a: { description: \`Two
lines\`, on: { go: { target: 'b', description: "it's done" } } }, b: { type: 'final', description: 'last' } } })`;
    expect(stripDescriptions(code)).toBe(`createMachine({ id: 'x', states: { a: { on: { go: { target: 'b', } } }, b: { type: 'final', } } })`);
  });

  it('applies to production builds and machine files only: not the Stately exports, not the web app', () => {
    expect(stripMachineDescriptions().apply).toBe('build');
    expect(isMachineSource(path.resolve('machines/auth/authMachine.ts'))).toBe(true);
    expect(isMachineSource(path.resolve('machines/stately/authMachine.stately.ts'))).toBe(false);
    expect(isMachineSource(path.resolve('src/web/components/ui/ToasterRegion.tsx'))).toBe(false);
    expect(isMachineSource(path.resolve('src/web/features/news/pageMeta.ts'))).toBe(false);
  });
});
