import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import path from 'node:path';
import { precompress } from './scripts/vite-precompress';
import { localeSplit } from './scripts/vite-locale-split';
import { chakraStaticCss } from './scripts/vite-chakra-static-css';
import { emotionInsertDuringRender } from './scripts/vite-emotion-insertion';
import { stripMachineDescriptions } from './scripts/vite-strip-machine-descriptions';

const root = fileURLToPath(new URL('./src/web', import.meta.url));

// The first load is two chunks: src/web/early.ts's (Chakra, React, Emotion and the theme: evaluated as soon as it
// arrives, while the larger app chunk still downloads) and main.tsx's. The early chunk takes every library of the
// first load but those only the app's code uses, and must not import the app chunk (npm run check:bundle checks).
const APP_ONLY_LIBRARY =
  /node_modules[\\/](react-dom[\\/](client|cjs[\\/]react-dom-client)|scheduler|react-router|react-router-dom|i18next|react-i18next|html-parse-stringify|void-elements|xstate|@xstate|openapi-fetch|cookie|set-cookie-parser)[\\/.]/;
const EARLY_SOURCE = /src[\\/]web[\\/](early|kernel[\\/](theme|chakraThemeBase|nextTask)|app[\\/]emotionInsertDuringRender)\.ts$/;
const isEarlyModule = (id: string) => EARLY_SOURCE.test(id) || (/node_modules/.test(id) && !APP_ONLY_LIBRARY.test(id));
// Libraries and app modules that pages load on demand (ApexCharts is fetched on its own, with a chart).
const PAGE_LIBRARY = /node_modules[\\/](?!(react-)?apexcharts)/;
const SHARED_SOURCE = /(machines|src)[\\/](?!.*Page\.tsx$)/;
/** Pages (lazy entries) using a module for it to go in the common chunks of pages (see codeSplitting). */
const WIDELY_SHARED = 8;
// React Router's package exports its development build only (its warnings on); the production build beside it,
// without them, is what the production bundle takes.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction: Plugin = {
  name: 'paybench-react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(id) {
    if (id === 'react-router') return path.join(reactRouterDir, 'dist/production/index.mjs');
    if (id === 'react-router/dom') return path.join(reactRouterDir, 'dist/production/dom-export.mjs');
    return null;
  },
};
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// The privacy attack suites whose figures take minutes. The infusion is deterministic, so their figures are
// identical on both engines (tests/privacy/engine-parity.test.ts proves it on every run): they run once, on PostgreSQL
// when DATABASE_URL is set (faster for their bulk queries), else on the embedded database. Every other server test,
// the lighter privacy files included, runs on both.
const HEAVY_ATTACKS = [
  'averaging',
  'raise',
  'own-accounts',
  'utility',
  'endpoints-and-releases',
  'intervals-and-coherence',
  'own-position',
  'filling',
  'engine-parity',
  'informed-attacker',
].map((name) => `tests/privacy/${name}.test.ts`);

/** The unit files that replace modules for their tests (vi.mock, vi.resetModules): they run with a module graph each. */
const UNIT_FILES_REPLACING_MODULES = ['tests/web/newsEditorCover.test.tsx', 'tests/web/comparisonView.test.tsx', 'tests/web/firstPaint.test.ts'];

/** A project of tests on one engine: PAYBENCH_TEST_DB tells the test databases which (tests/server/support). */
const databaseProject = (
  name: string,
  db: 'pglite' | 'postgres',
  include: string[],
  options: { exclude?: string[]; isolate: boolean; setupFiles?: string[] },
) => ({
  extends: true as const,
  test: {
    name: `${name}-${db}`,
    root: '.',
    include,
    exclude: options.exclude ?? [],
    environment: 'node',
    env: { PAYBENCH_TEST_DB: db },
    globalSetup: ['tests/server/support/global-setup.ts'],
    setupFiles: options.setupFiles ?? [],
    isolate: options.isolate,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// API tests run on the embedded database always, and again on PostgreSQL when DATABASE_URL is set.
// The server files of a worker share one module graph (isolate: false: importing the server and compiling the
// contract cost ~4 s a file otherwise); each file still gets a database and an app of its own. So do the privacy
// files: their people, ids and noise keys come from seeded generators, which PRIVACY_SETUP starts afresh per file.
const PRIVACY_SETUP = ['tests/privacy/freshDraws.ts'];
const serverProjects = (db: 'pglite' | 'postgres') => [
  databaseProject('server', db, ['tests/server/**/*.test.ts'], { isolate: false }),
  databaseProject('privacy', db, ['tests/privacy/**/*.test.ts'], { exclude: HEAVY_ATTACKS, isolate: false, setupFiles: PRIVACY_SETUP }),
];

export default defineConfig({
  root,
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    reactRouterProduction,
    chakraStaticCss(),
    emotionInsertDuringRender(),
    stripMachineDescriptions(),
    localeSplit(fileURLToPath(new URL('./locales', import.meta.url))),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: the chunk graph scripts/check-bundle-budget.ts measures the first load from.
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk, only without the
    // early start: the polyfill would put its script in every first load.
    modulePreload: { polyfill: false },
    // react-apexcharts 1.x is CommonJS
    commonjsOptions: { transformMixedEsModules: true },
    // No console output in production. The app logs through src/web/kernel/logger.ts (a no-op in
    // production); this drops the console calls dependencies make (scripts/check-bundle.ts checks dist/web).
    rolldownOptions: {
      output: {
        // Everything the entries import statically goes in two chunks (early's and the app's, see isEarlyModule): the
        // first load is 3 requests with the runtime, not ~40 small ones queueing on a phone's 6 connections
        // (Lighthouse counted 46 scripts). Pages stay split, and what they share is grouped by the set of pages
        // using it (a group per set). Small groups are not merged into a neighbour: merging made chunks import each
        // other in a circle, and a page then failed when a module ran before one it needs (Zag's createMachine, on
        // /steps); grouped by the exact set of pages, a chunk only imports chunks used by at least the same pages, so
        // no circle is possible (npm run check:bundle checks).
        // What at least WIDELY_SHARED pages use goes in two chunks (pages-lib, pages-shared) instead: a page then
        // loads ~8 chunks instead of ~36 (/steps), for about the same bytes. Each chunk costs the phone a request
        // started from script (Vite's modulepreload links: ~0.7 ms each here, one long task of ~110 ms with
        // Lighthouse's slowdown on /steps). Still no circle: whatever such a module imports is used by at least the
        // same pages, so it is in the same chunk, in the first load, or a library (which imports no app code).
        // ApexCharts (126 KB) keeps its own chunk, fetched only with a chart.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'early', test: isEarlyModule, tags: ['$initial'], priority: 4 },
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'pages-lib', test: PAGE_LIBRARY, minShareCount: WIDELY_SHARED, priority: 2.5 },
            { name: 'lib', test: PAGE_LIBRARY, entriesAware: true, priority: 2 },
            { name: 'pages-shared', test: SHARED_SOURCE, minShareCount: WIDELY_SHARED, priority: 1.5 },
            { name: 'shared', test: SHARED_SOURCE, minShareCount: 2, entriesAware: true, priority: 1 },
          ],
        },
        minify: { compress: { dropConsole: true } },
        // A group of modules shared by a set of pages is named after every page of the set (`lib~A~B~C…`, up to
        // ~90 characters); the app's script lists every chunk file a page needs (for its modulepreload links), so
        // those go by their hash alone.
        chunkFileNames: (chunk) => (chunk.name.includes('~') ? 'assets/[hash].js' : 'assets/[name]-[hash].js'),
      },
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }] },
    },
  },
  resolve: {
    alias: {
      '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
      // Chakra's theme modules one by one (src/web/kernel/chakraThemeBase.ts): its package exports only their index.
      '@chakra-theme': path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm/theme'),
    },
  },
  server: {
    proxy: { '/api': apiTarget },
    fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    // Per-project totals and the slowest files after every run, beside the usual report.
    reporters: ['default', './tests/support/timingReporter.ts'],
    // Vitest's default on this 2-core machine is one worker, but the server files wait on their database much of the
    // time. Three workers oversubscribe the cores once ESLint and the type check run beside: 1,346 s against 1,120 s.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      // The unit files of a worker share one module graph (isolate: false): each file re-importing xstate, React and
      // Chakra in a fresh process cost a fifth of the project's CPU. The files that replace modules (vi.mock,
      // vi.resetModules) keep a graph each, so a replacement never leaks into, or misses, another file.
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['tests/{domain,client,machines,contract,web}/**/*.test.{ts,tsx}'],
          exclude: UNIT_FILES_REPLACING_MODULES,
          environment: 'node',
          globalSetup: ['tests/machines/harness/coverage-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          root: '.',
          include: UNIT_FILES_REPLACING_MODULES,
          environment: 'node',
          isolate: true,
        },
      },
      ...serverProjects('pglite'),
      ...(process.env.DATABASE_URL ? serverProjects('postgres') : []),
      databaseProject('attacks', process.env.DATABASE_URL ? 'postgres' : 'pglite', HEAVY_ATTACKS, { isolate: false, setupFiles: PRIVACY_SETUP }),
      // Three real app processes on one PostgreSQL (and Redis with REDIS_URL); one file, run after the other
      // projects (groupOrder) so its timings (seen within 1 s) are not measured while the rest of the suite loads the cores.
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'cluster',
                root: '.',
                include: ['tests/cluster/**/*.test.ts'],
                environment: 'node',
                testTimeout: 240_000,
                hookTimeout: 300_000,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
