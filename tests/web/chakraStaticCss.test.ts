// The theme's global CSS is built with the app (scripts/vite-chakra-static-css.ts) instead of in the
// browser: the patch to Chakra's createSystem must still match the installed version, and the built CSS must
// carry everything the provider would have inserted (the layers' order, the reset, every token variable).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChakraGlobalCss, GLOBAL_STYLES_ONLY, globalStylesOnlyStub, lazyGlobalStyles } from '../../scripts/vite-chakra-static-css';
import { system } from '../../src/web/kernel/theme';

const require = createRequire(import.meta.url);
const chakraSystemSource = () => readFileSync(path.join(path.dirname(require.resolve('@chakra-ui/react')), '../esm/styled-system/system.js'), 'utf8');

describe('createSystem patch', () => {
  it('turns the eager global styles of the installed Chakra into a getter', () => {
    const patched = lazyGlobalStyles(chakraSystemSource());
    expect(patched).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(patched).toContain('get _global() {');
    expect(patched).toContain('return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];');
  });

  it('stops the build when Chakra changed the code it patches', () => {
    expect(() => lazyGlobalStyles('function createSystem() { return {}; }')).toThrow(/createSystem changed/);
    expect(() => globalStylesOnlyStub('/x/@chakra-ui/react/dist/esm/styled-system/preflight.js', 'export { other };')).toThrow(/preflight\.js changed/);
  });

  it('leaves out of the production bundle what of the installed Chakra only the global styles use, keeping its export', () => {
    const esm = path.join(path.dirname(require.resolve('@chakra-ui/react')), '../esm');
    for (const { file, exported } of GLOBAL_STYLES_ONLY) {
      const stub = globalStylesOnlyStub(path.join(esm, file), readFileSync(path.join(esm, file), 'utf8'));
      expect(stub?.trimEnd().endsWith(exported), file).toBe(true);
    }
    expect(globalStylesOnlyStub(path.join(esm, 'styled-system/system.js'), chakraSystemSource())).toBeUndefined();
    // Only the global styles (the getter above) build the reset: one call, beside its definition.
    expect(chakraSystemSource().match(/getPreflightCss\(\)(?! \{)/g)).toHaveLength(1);
  });
});

describe('the built global CSS', () => {
  const css = buildChakraGlobalCss();

  it('declares the cascade layers first, then the reset, the global styles and the tokens in their layers', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    for (const layer of ['reset', 'base', 'tokens']) expect(css).toContain(`@layer ${layer}{`);
    expect(css).toMatch(/html, ?body\{[^}]*background:var\(--chakra-colors-bg\)/);
  });

  it('defines every design token variable of the theme, the brand palette and the darker status texts included', () => {
    // Per condition (base, dark mode…), every variable it sets (an empty value writes no declaration, here as
    // in the browser).
    const variables = [...system.tokens.cssVarMap.values()].flatMap((values) =>
      [...values].filter(([, value]) => String(value).trim() !== '').map(([variable]) => variable),
    );
    expect(variables.length).toBeGreaterThan(300);
    const missing = variables.filter((variable) => !css.includes(`${variable}:`));
    expect(missing).toEqual([]);
    expect(css).toContain('--chakra-colors-brand-700:#196259');
    expect(css).toMatch(/--chakra-colors-fg-error:var\(--chakra-colors-red-700\)/);
  });
});
