// The theme leaves out the recipes of Chakra components Paybench does not use (src/web/kernel/theme.ts), to keep
// them out of every page's first load. A view that starts using one renders it unstyled without any error (the
// real/nominal switch and the audit log's codes once did): this fails first. The first load's theme carries only
// the recipes of what the shell and home draw; the others join it before anything else renders
// (src/web/kernel/pageRecipes.ts): a component the first load draws without its recipe would render unstyled.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { COMPONENTS_WITHOUT_RECIPE, system } from '../../src/web/kernel/theme';
import { chakraThemeBase } from '../../src/web/kernel/chakraThemeBase';
import { addPageRecipes, pageRecipes, pageSlotRecipes } from '../../src/web/kernel/pageRecipes';

// What the first load's theme has, before the page recipes join it.
const firstLoadRecipes = new Set([...Object.keys(system._config.theme?.recipes ?? {}), ...Object.keys(system._config.theme?.slotRecipes ?? {})]);
beforeAll(() => addPageRecipes(system));

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
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )
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

  it('gives the first load the recipe of every component it draws (the modules main.tsx and early.ts import statically)', () => {
    const laterRecipes = new Set([...Object.keys(pageRecipes), ...Object.keys(pageSlotRecipes)]);
    const drawnLater = firstLoadModules()
      .flatMap((file) => chakraImports(readFileSync(file, 'utf8')).map((name) => ({ file, recipe: name[0].toLowerCase() + name.slice(1) })))
      .filter(({ recipe }) => laterRecipes.has(recipe))
      .map(({ file, recipe }) => `${file}: ${recipe}`);
    expect(drawnLater).toEqual([]);
    expect(firstLoadModules()).toContain(path.join('src', 'web', 'app', 'Header.tsx'));
    expect([...firstLoadRecipes].sort()).toEqual(['badge', 'button', 'card', 'container', 'heading', 'link', 'spinner', 'stat']);
  });

  it("composes the first load's theme as Chakra composes its own, recipes aside", () => {
    const { recipes, slotRecipes, ...theme } = defaultThemeConfig.theme ?? {};
    expect(recipes).toBeDefined();
    expect(slotRecipes).toBeDefined();
    const { theme: _, ...config } = defaultThemeConfig;
    expect(chakraThemeBase).toEqual({ ...config, theme });
  });

  it('reads the imports it checks (a component the app uses is found)', () => {
    const names = new Set(sourceFiles('src/web').flatMap((file) => chakraImports(readFileSync(file, 'utf8'))));
    expect(names.has('SegmentGroup')).toBe(true);
    expect(names.has('Button')).toBe(true);
  });
});

/** The app's modules the entries import statically (not through import()), from src/web/main.tsx and early.ts. */
function firstLoadModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm)) {
      const base = path.join(path.dirname(file), match[1]);
      const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
      if (resolved) visit(path.normalize(resolved));
    }
  };
  visit(path.join('src', 'web', 'main.tsx'));
  visit(path.join('src', 'web', 'early.ts'));
  return [...seen];
}
