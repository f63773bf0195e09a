// The floors of the web side (docs/architecture.md, "Layers"), drawn from its imports. Each file imports only its
// own floor or the floors below it, and a feature never imports another feature:
//   src/web/main.tsx, early.ts (the entries)
//   src/web/app/          the shell: router, providers, layout, header and footer (it imports the features)
//   src/web/features/<f>/ the pages by feature
//   src/web/kernel/, src/web/components/   what the features lean on: session, config, i18n, theme, logger,
//                         hooks, shared components and formatters (one floor: the kernel and its components)
//   machines/ → src/api → src/domain
// Static, type-only and dynamic `import()` imports alike: a page loaded on demand is still a dependency.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src/web', 'machines', 'src/api', 'src/domain'];
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'public') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** Every import between the scanned files, as [from, to] paths from the root. */
function importEdges(): Array<readonly [string, string]> {
  const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const known = new Set(files);
  return files.flatMap((file) =>
    ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.flatMap(({ fileName }) => {
      if (!fileName.startsWith('.')) return []; // packages
      const base = path.resolve(path.dirname(file), fileName);
      const target = [base, ...EXTENSIONS.map((extension) => base + extension)].find((candidate) => known.has(candidate));
      return target ? [[relative(file), relative(target)] as const] : []; // JSON, CSS: not code
    }),
  );
}

/** The floors, highest first. */
const FLOORS = ['entry', 'shell', 'feature', 'kernel', 'machines', 'api', 'domain'] as const;
type Floor = (typeof FLOORS)[number];

/** The floor of a file and, for a feature, which one; null for a file outside the floors (a test fails on it). */
function placeOf(file: string): { floor: Floor; feature?: string } | null {
  if (/^src\/web\/[^/]+\.tsx?$/.test(file)) return { floor: 'entry' };
  if (file.startsWith('src/web/app/')) return { floor: 'shell' };
  const feature = /^src\/web\/features\/([^/]+)\//.exec(file);
  if (feature) return { floor: 'feature', feature: feature[1] };
  if (file.startsWith('src/web/kernel/') || file.startsWith('src/web/components/')) return { floor: 'kernel' };
  if (file.startsWith('machines/')) return { floor: 'machines' };
  if (file.startsWith('src/api/')) return { floor: 'api' };
  if (file.startsWith('src/domain/')) return { floor: 'domain' };
  return null;
}

/** The imports that break the floors: one running back up, or one from a feature into another. */
function violations(edges: ReadonlyArray<readonly [string, string]>): string[] {
  return edges.flatMap(([from, to]) => {
    const a = placeOf(from);
    const b = placeOf(to);
    if (!a || !b) return [];
    if (FLOORS.indexOf(b.floor) < FLOORS.indexOf(a.floor)) return [`${from} → ${to} (${a.floor} imports ${b.floor}, a floor above it)`];
    if (a.feature && b.feature && a.feature !== b.feature) return [`${from} → ${to} (feature ${a.feature} imports feature ${b.feature})`];
    return [];
  });
}

describe('the floors of the web side', () => {
  const edges = importEdges();

  it('reads the code (a sanity check: the shell reaches the features, the features the kernel)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual(['src/web/main.tsx', 'src/web/app/router.tsx']);
    expect(edges).toContainEqual(['src/web/app/router.tsx', 'src/web/features/comparison/routePages.tsx']);
    expect(edges.some(([from, to]) => from.startsWith('src/web/features/') && to.startsWith('src/web/kernel/'))).toBe(true);
  });

  it('places every web file on a floor', () => {
    const files = sourceFiles(path.join(ROOT, 'src/web')).map(relative);
    expect(files.filter((file) => placeOf(file) === null)).toEqual([]);
  });

  it('has no import running back up and none between features', () => {
    expect(violations(edges)).toEqual([]);
  });

  it('finds an import running back up and one between features (the detector itself)', () => {
    expect(violations([['src/web/kernel/session.ts', 'src/web/app/router.tsx']])).toHaveLength(1);
    expect(violations([['src/web/components/PageIntro.tsx', 'src/web/features/home/HomePage.tsx']])).toHaveLength(1);
    expect(violations([['machines/comparison/actors.ts', 'src/web/kernel/session.ts']])).toHaveLength(1);
    expect(violations([['src/domain/money.ts', 'src/api/client.ts']])).toHaveLength(1);
    expect(violations([['src/web/features/personal-views/EvolutionPage.tsx', 'src/web/features/comparison/ComparisonScreen.tsx']])).toHaveLength(1);
    expect(violations([['src/web/features/comparison/ComparisonPage.tsx', 'src/web/features/comparison/ComparisonScreen.tsx']])).toEqual([]);
    expect(violations([['src/web/app/router.tsx', 'src/web/features/comparison/routePages.tsx']])).toEqual([]);
    expect(violations([['src/web/features/comparison/ComparisonPage.tsx', 'src/web/components/paidSearch/ResultPanel.tsx']])).toEqual([]);
  });
});
