import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// API tests run on the embedded database always, and again on PostgreSQL when DATABASE_URL is set.
const serverProject = (db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${db}`,
    root: '.',
    include: ['tests/server/**/*.test.ts', 'tests/privacy/**/*.test.ts'],
    environment: 'node',
    env: { PAYBENCH_TEST_DB: db },
    globalSetup: ['tests/server/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  root,
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // react-apexcharts 1.x is CommonJS
    commonjsOptions: { transformMixedEsModules: true },
  },
  resolve: {
    alias: {
      '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': apiTarget },
    fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['tests/{domain,client,machines,contract,web}/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
