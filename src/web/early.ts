// index.html starts this script before main.tsx. It does the first page's work that needs none of the app's own
// code, so that on a slow connection it runs while main.tsx's larger script is still downloading rather than
// after it, when every task over 50 ms holds up a phone's first taps (and Lighthouse counts it as blocking time):
// - Chakra's system for the theme (createSystem: ~50 ms on a laptop, ×4 on Lighthouse's phone), built by theme.ts;
// - the browser's number-formatting data, which the first Intl.NumberFormat of a page loads (~35 ms on a laptop):
//   the first figure a page shows would otherwise wait for it.
// Its chunk holds the libraries of the first load that the app's code does not need alone (vite.config.ts) and
// must not import main.tsx's chunk, or it would wait for it (npm run check:bundle fails when it does).
import './kernel/theme';
import { nextTask } from './kernel/nextTask';

// In a task of its own, not after createSystem in the same one (together ~60 ms on a laptop, one long task); the app
// chunk, which waits for this module, then starts evaluating in the task after.
await nextTask();
new Intl.NumberFormat(document.documentElement.lang).format(0);
await nextTask();
