// The floors of the code, drawn from its imports (docs/architecture.md): web → machines → api → domain, and the
// server apart (routes → services → db) over domain. Two rules a reviewer cannot check by eye on 600 files:
// - no circle of imports (static, type-only and dynamic `import()` alike: a circle through a page's lazy import is
//   still two modules that cannot be understood, or moved, one without the other);
// - nothing under src/server imports the web app (the route table both need lives in src/domain/routes.ts), and
//   nothing in src/domain or machines/ imports the server or the web app.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { chunkCycles } from '../../scripts/chunk-cycles';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src', 'machines'];
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'public') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** A relative specifier as the bundler resolves it (extensionless, or a folder's index); null for packages. */
function resolve(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  if (known.has(base)) return base;
  for (const extension of EXTENSIONS) if (known.has(base + extension)) return base + extension;
  return null; // JSON, CSS and the like: not part of the code's graph
}

function importGraph(): Map<string, string[]> {
  const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolve(file, i.fileName, known)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of imports, as paths from the root (Tarjan's components, shared with the bundle check). */
function circles(graph: Map<string, string[]>): string[][] {
  return chunkCycles(graph).map((component) => component.map((f) => path.relative(ROOT, f)).sort());
}

describe('the import graph', () => {
  const graph = importGraph();
  const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
  const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => [relative(from), relative(to)] as const));

  it('reads the code (a sanity check: the router reaches the pages, the server its services)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(edges).toContainEqual(['src/web/app/router.tsx', 'src/domain/routes.ts']);
    expect(edges.some(([from, to]) => from === 'src/server/app.ts' && to.startsWith('src/server/'))).toBe(true);
  });

  it('has no circle of imports', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('keeps the server out of the web app, and domain and machines out of both', () => {
    const crossing = edges.filter(
      ([from, to]) =>
        (from.startsWith('src/server/') && to.startsWith('src/web/')) ||
        ((from.startsWith('src/domain/') || from.startsWith('machines/')) && (to.startsWith('src/web/') || to.startsWith('src/server/'))),
    );
    expect(crossing).toEqual([]);
  });

  it('finds a circle when there is one (the detector itself)', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ).length,
    ).toBe(1);
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, []],
        ]),
      ),
    ).toEqual([]);
  });
});
