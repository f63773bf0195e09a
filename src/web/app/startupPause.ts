// Splits the evaluation of the app's script in two tasks. A task over 50 ms blocks input, and on a phone the
// app's modules take ~120 ms to evaluate (~30 ms here, ×4 on Lighthouse's phone). The production build evaluates its
// chunk's modules one after the other in main.tsx's import order, and waits here: the modules imported before
// this one run in one task, those after it in the next. (In development, where modules load one by one, it
// only delays main.tsx by a task.)
import { nextTask } from '../kernel/nextTask';

await nextTask();
