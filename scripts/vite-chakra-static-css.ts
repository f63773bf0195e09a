// A Vite build step that takes Chakra's global styles off the phone's main thread. Chakra's provider builds
// ~48 KB of CSS (cascade layers, reset, global styles, every design token as a variable) in the browser on
// every load and parses it through Emotion: ~100 ms of script on a fast laptop, ×4 on Lighthouse's phone.
// That CSS depends only on the theme, so it is built here once (scripts/chakra-global-css.tsx), written as a
// hashed stylesheet the page links, and the browser skips it:
// - createSystem's eager `_global` (the token CSS) becomes a getter, computed only if something asks;
// - src/web/app/providers.tsx hands the provider a system with no global styles when the page links them
//   (`import.meta.env.PROD`; development and tests keep Chakra's own path);
// - the production bundle leaves out what only those global styles use: the reset's builder (createPreflight),
//   the theme's keyframes (@keyframes rules) and its global CSS.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
/** Chakra's modules only the global styles use, and what the production bundle has instead (the same export). */
export const GLOBAL_STYLES_ONLY = [
  {
    module: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]preflight\.js$/,
    file: 'styled-system/preflight.js',
    exported: 'export { createPreflight };',
    stub: 'function createPreflight() {\n  return {};\n}\n\nexport { createPreflight };\n',
  },
  {
    module: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]tokens[\\/]keyframes\.js$/,
    file: 'theme/tokens/keyframes.js',
    exported: 'export { keyframes };',
    stub: 'const keyframes = {};\n\nexport { keyframes };\n',
  },
  {
    module: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]global-css\.js$/,
    file: 'theme/global-css.js',
    exported: 'export { globalCss };',
    stub: 'const globalCss = {};\n\nexport { globalCss };\n',
  },
] as const;
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED_GLOBAL = '    _global,\n';

/** createSystem's source with `_global` computed on first read; throws when Chakra's code no longer matches. */
export function lazyGlobalStyles(source: string): string {
  if (!source.includes(EAGER_GLOBAL) || !source.includes(RETURNED_GLOBAL)) {
    throw new Error("vite-chakra-static-css: Chakra's createSystem changed; update the patch (or drop it) for this version");
  }
  return source
    .replace(EAGER_GLOBAL, 'let _global;')
    .replace(RETURNED_GLOBAL, '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n');
}

/**
 * A module of GLOBAL_STYLES_ONLY as the production bundle has it (the linked stylesheet carries those styles and the
 * provider's system has none, so nothing there reads it); undefined for any other module. Throws when Chakra's
 * module no longer exports what the stub does.
 */
export function globalStylesOnlyStub(id: string, source: string): string | undefined {
  const entry = GLOBAL_STYLES_ONLY.find((candidate) => candidate.module.test(id));
  if (!entry) return undefined;
  if (!source.trimEnd().endsWith(entry.exported)) {
    throw new Error(`vite-chakra-static-css: Chakra's ${entry.file} changed; update the stub (or drop it) for this version`);
  }
  return `// Only the global styles use this, and the page links them built (scripts/vite-chakra-static-css.ts).\n${entry.stub}`;
}

/** The global CSS of the app's theme, as Chakra's provider would insert it. */
export function buildChakraGlobalCss(): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/chakra-global-css.tsx'], { encoding: 'utf8', maxBuffer: 16 << 20 });
}

export function chakraStaticCss(): Plugin {
  let fileName = '';
  let css = '';
  let building = false;
  return {
    name: 'paybench-chakra-static-css',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    transform(code, id) {
      if (SYSTEM_MODULE.test(id)) return { code: lazyGlobalStyles(code), map: null };
      const stub = building ? globalStylesOnlyStub(id, code) : undefined;
      return stub === undefined ? undefined : { code: stub, map: null };
    },
    buildStart() {
      if (!building) return;
      css = buildChakraGlobalCss();
      fileName = `assets/chakra-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    },
    generateBundle() {
      if (css) this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        // In the head before the app's script, so the first paint already has the reset and the tokens.
        return css ? [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' }] : [];
      },
    },
  };
}
