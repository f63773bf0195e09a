// `npm run budget` (part of `npm test`, after `npm run build`): the JavaScript the home page loads first —
// the scripts index.html loads and modulepreloads and every chunk they import statically (the build
// manifest) — must weigh at most 170 KB compressed with brotli. Chunks loaded with import()
// (the other pages, the footer, the account menu, the toasts, ApexCharts) are not in it: the browser fetches
// them when needed.
// Exits 1 when over the budget or when no build is there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const FIRST_LOAD_BUDGET_BYTES = 170 * 1024;

/** One entry of Vite's `.vite/manifest.json` (the fields used here). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The scripts index.html loads or modulepreloads (`/assets/x.js` → `assets/x.js`). */
export function scriptsOfIndexHtml(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  return tags
    .filter((tag) => (/^<script\b/i.test(tag) ? /type="module"/i.test(tag) : /rel="modulepreload"/i.test(tag)))
    .map((tag) => /(?:src|href)="([^"]+)"/i.exec(tag)?.[1])
    .filter((url): url is string => !!url && url.endsWith('.js'))
    .map((url) => url.replace(/^\//, ''));
}

/**
 * The first load: the scripts index.html names and everything they import statically (the manifest's
 * `imports`), each once, in load order. What they import with import() is not in it.
 */
export function firstLoadFiles(manifest: Manifest, indexHtml: string): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const roots = scriptsOfIndexHtml(indexHtml);
  if (roots.length === 0) throw new Error('index.html loads no module script');
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const imported of byFile.get(file)?.imports ?? []) {
      const chunk = manifest[imported];
      if (!chunk) throw new Error(`the manifest names ${imported} as an import but has no entry for it`);
      visit(chunk.file);
    }
  };
  roots.forEach(visit);
  return files.filter((file) => file.endsWith('.js'));
}

export interface SizedFile {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizeOf(file: string, contents: Buffer): SizedFile {
  return {
    file,
    raw: contents.length,
    gzip: gzipSync(contents, { level: 9 }).length,
    brotli: brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export interface BudgetReport {
  files: SizedFile[];
  total: Omit<SizedFile, 'file'>;
  budget: number;
  withinBudget: boolean;
}

export function checkBudget(webDir: string, budget = FIRST_LOAD_BUDGET_BYTES): BudgetReport {
  const manifestPath = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build manifest at ${manifestPath}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const files = firstLoadFiles(manifest, indexHtml).map((file) => sizeOf(file, readFileSync(path.join(webDir, file))));
  const total = files.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip, brotli: sum.brotli + file.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
  return { files, total, budget, withinBudget: total.brotli <= budget };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const webDir = path.resolve(process.argv[2] ?? 'dist/web');
  const report = checkBudget(webDir);
  console.log('First load of /home (index.html scripts + their static imports):');
  for (const file of [...report.files].sort((a, b) => b.brotli - a.brotli)) {
    console.log(`  ${file.file.padEnd(48)} ${kb(file.raw).padStart(10)} raw ${kb(file.gzip).padStart(10)} gzip ${kb(file.brotli).padStart(10)} brotli`);
  }
  const { total } = report;
  console.log(`  ${'total'.padEnd(48)} ${kb(total.raw).padStart(10)} raw ${kb(total.gzip).padStart(10)} gzip ${kb(total.brotli).padStart(10)} brotli`);
  console.log(`${report.withinBudget ? 'PASS' : 'FAIL'}: ${kb(total.brotli)} brotli against a budget of ${kb(report.budget)}`);
  if (!report.withinBudget) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
