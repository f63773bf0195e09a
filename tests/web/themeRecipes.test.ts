// The theme leaves out the recipes of Chakra components Paybench does not use (src/web/kernel/theme.ts), to keep
// them out of every page's first load. A view that starts using one renders it unstyled without any error (the
// real/nominal switch and the audit log's codes once did): this fails first.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPONENTS_WITHOUT_RECIPE, system } from '../../src/web/kernel/theme';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|jsx?)$/.test(entry.name) ? [full] : [];
  });
}

/** The names a file imports from @chakra-ui/react. */
function chakraImports(source: string): string[] {
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0])
      .filter(Boolean),
  );
}

describe('the theme has a recipe for every Chakra component the web app uses', () => {
  it('no view imports a component whose recipe the theme leaves out', () => {
    const left = new Set<string>(COMPONENTS_WITHOUT_RECIPE);
    const offenders = sourceFiles('src/web').flatMap((file) =>
      chakraImports(readFileSync(file, 'utf8'))
        .filter((name) => left.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has the recipes of the components that were once missing', () => {
    expect(system.getRecipe('code')).toBeTruthy();
    expect(system.getSlotRecipe('segmentGroup')).toBeTruthy();
  });

  it('reads the imports it checks (a component the app uses is found)', () => {
    const names = new Set(sourceFiles('src/web').flatMap((file) => chakraImports(readFileSync(file, 'utf8'))));
    expect(names.has('SegmentGroup')).toBe(true);
    expect(names.has('Button')).toBe(true);
  });
});
