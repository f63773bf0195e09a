// A Vite build step: Emotion (under Chakra) inserts styles while a component renders instead of in React's
// insertion effect, so a page's commit is not one long task of CSS compilation on a phone
// (src/web/app/emotionInsertDuringRender.ts says why). Build only: development and tests keep Emotion's own.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const EMOTION_INSERTION_MODULE = '@emotion/use-insertion-effect-with-fallbacks';
const replacement = fileURLToPath(new URL('../src/web/app/emotionInsertDuringRender.ts', import.meta.url));

export function emotionInsertDuringRender(): Plugin {
  return {
    name: 'paybench-emotion-insert-during-render',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === EMOTION_INSERTION_MODULE ? replacement : undefined;
    },
  };
}
