// Production builds make Emotion (under Chakra) insert a class's CSS while its component renders, not in React's
// insertion effect (scripts/vite-emotion-insertion.ts, src/web/app/emotionInsertDuringRender.ts): a page's
// commit is then not one long task of CSS compilation on a phone. The swap must keep Emotion's module contract,
// and must still catch the import Emotion and Chakra make.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { useInsertionEffect } from 'react';
import { describe, expect, it } from 'vitest';
import * as original from '@emotion/use-insertion-effect-with-fallbacks';
import * as replacement from '../../src/web/app/emotionInsertDuringRender';
import { EMOTION_INSERTION_MODULE, emotionInsertDuringRender } from '../../scripts/vite-emotion-insertion';

const require = createRequire(import.meta.url);

function resolveWith(source: string): unknown {
  const plugin = emotionInsertDuringRender();
  const resolveId = plugin.resolveId as (this: unknown, source: string) => unknown;
  return resolveId.call({}, source);
}

describe("the build swaps Emotion's insertion hook module", () => {
  it('resolves the module to the render-time insertion, and nothing else', () => {
    expect(resolveWith(EMOTION_INSERTION_MODULE)).toBe(path.resolve('src/web/app/emotionInsertDuringRender.ts'));
    expect(resolveWith('@emotion/react')).toBeUndefined();
    expect(resolveWith('react')).toBeUndefined();
  });

  it("applies to production builds only (development and tests keep Emotion's own module)", () => {
    expect(emotionInsertDuringRender().apply).toBe('build');
  });

  it('exports what the installed Emotion module exports', () => {
    expect(Object.keys(replacement).sort()).toEqual(Object.keys(original).sort());
  });

  it('runs the insertion at once, during render, and returns what it returns', () => {
    const calls: string[] = [];
    const value = replacement.useInsertionEffectAlwaysWithSyncFallback(() => {
      calls.push('inserted');
      return 'rules';
    });
    calls.push('after');
    expect(value).toBe('rules');
    expect(calls).toEqual(['inserted', 'after']);
  });

  it("keeps React's insertion effect for global styles, which also remove their rules on unmount", () => {
    expect(replacement.useInsertionEffectWithLayoutFallback).toBe(useInsertionEffect);
  });

  it("is the specifier Chakra's styled factory and Emotion's browser build import", () => {
    const chakraFactory = readFileSync(path.join(path.dirname(require.resolve('@chakra-ui/react')), '../esm/styled-system/factory.js'), 'utf8');
    const emotionDist = path.join(path.dirname(require.resolve('@emotion/react/package.json')), 'dist');
    const emotionBrowser = readFileSync(path.join(emotionDist, 'emotion-react.browser.esm.js'), 'utf8');
    for (const source of [chakraFactory, emotionBrowser]) expect(source).toContain(`from '${EMOTION_INSERTION_MODULE}'`);
  });
});
