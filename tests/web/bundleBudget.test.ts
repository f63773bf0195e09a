// The bundle budget's computation (scripts/check-bundle-budget.ts): which chunks count as the home page's
// first load, and how they are weighed against the budget.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, constants } from 'node:zlib';
import { checkBudget, firstLoadFiles, type Manifest } from '../../scripts/check-bundle-budget';

const INDEX_HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="icon" href="/favicon.svg">
</head><body><script src="/legacy.js"></script></body></html>`;

const manifest: Manifest = {
  'main.tsx': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js', '_chakra.js'], dynamicImports: ['features/Page.tsx'] },
  '_react.js': { file: 'assets/react-b.js' },
  '_chakra.js': { file: 'assets/chakra-c.js', imports: ['_react.js', '_emotion.js'] },
  '_emotion.js': { file: 'assets/emotion-d.js' },
  'features/Page.tsx': { file: 'assets/Page-e.js', imports: ['_charts.js'] },
  '_charts.js': { file: 'assets/charts-f.js' },
  'style.css': { file: 'assets/style-g.css' },
};

describe('firstLoadFiles', () => {
  it('is what index.html loads and everything that imports statically, each once, without what loads on demand', () => {
    expect(firstLoadFiles(manifest, INDEX_HTML)).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/chakra-c.js', 'assets/emotion-d.js']);
  });

  it('counts a script index.html loads even when the manifest does not describe it', () => {
    const html = '<script type="module" src="/assets/runtime-z.js"></script><script type="module" src="/assets/index-a.js"></script>';
    expect(firstLoadFiles(manifest, html)).toEqual([
      'assets/runtime-z.js',
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/chakra-c.js',
      'assets/emotion-d.js',
    ]);
  });

  it('refuses an index.html without module scripts, or a manifest naming an import it does not describe', () => {
    expect(() => firstLoadFiles(manifest, '<html></html>')).toThrow(/no module script/);
    expect(() => firstLoadFiles({ a: { file: 'assets/a.js', imports: ['gone'] } }, '<script type="module" src="/assets/a.js"></script>')).toThrow(/gone/);
  });
});

describe('checkBudget', () => {
  function buildDir(sizes: Record<string, number>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'paybench-budget-'));
    mkdirSync(path.join(dir, '.vite'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    for (const [file, size] of Object.entries(sizes)) writeFileSync(path.join(dir, file), randomBytes(size)); // incompressible
    return dir;
  }

  it('adds up the brotli size of the first-load chunks only and compares it with the budget', () => {
    const dir = buildDir({
      'assets/index-a.js': 3000,
      'assets/react-b.js': 2000,
      'assets/chakra-c.js': 1000,
      'assets/emotion-d.js': 500,
      'assets/Page-e.js': 50_000,
      'assets/charts-f.js': 50_000,
    });
    try {
      const report = checkBudget(dir, 8000);
      expect(report.files.map((file) => file.file)).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/chakra-c.js', 'assets/emotion-d.js']);
      expect(report.total.raw).toBe(6500);
      expect(report.total.brotli).toBeGreaterThanOrEqual(6500); // random bytes do not compress
      expect(report.withinBudget).toBe(true);
      expect(checkBudget(dir, 6000).withinBudget).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('weighs text by its compressed size', () => {
    const dir = buildDir({ 'assets/react-b.js': 1, 'assets/chakra-c.js': 1, 'assets/emotion-d.js': 1 });
    const text = 'export const a = "paybench";\n'.repeat(2000);
    writeFileSync(path.join(dir, 'assets/index-a.js'), text);
    try {
      const entry = checkBudget(dir).files[0];
      expect(entry.raw).toBe(text.length);
      expect(entry.brotli).toBe(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
      expect(entry.brotli).toBeLessThan(text.length / 20);
      expect(entry.gzip).toBeLessThan(text.length / 10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails plainly when there is no build', () => {
    expect(() => checkBudget(path.join(tmpdir(), 'no-such-build'))).toThrow(/npm run build/);
  });
});
