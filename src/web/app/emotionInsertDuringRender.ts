// Replaces @emotion/use-insertion-effect-with-fallbacks in the production build (scripts/vite-emotion-insertion.ts).
// Emotion compiles and inserts each new class's CSS in React's insertion effect, so a whole page's styles
// were compiled (stylis) and inserted (CSSOM) in the one task that commits the page: ~40 ms on a laptop,
// ×4 on Lighthouse's phone, blocking input. Inserting as each component renders (Emotion's own fallback for
// Reacts without insertion effects) spreads that work over the render's 5 ms slices, which yield to the
// browser. A render React throws away leaves only rules no element uses; every class is inserted once.
import { useInsertionEffect, useLayoutEffect } from 'react';

export const useInsertionEffectAlwaysWithSyncFallback = <T>(create: () => T): T => create();

// Emotion's Global styles keep React's insertion effect (they also remove their rules on unmount).
export const useInsertionEffectWithLayoutFallback = useInsertionEffect ?? useLayoutEffect;
