// Splits the evaluation of the first script in two tasks. A task over 50 ms blocks input, and on a phone the
// app's modules take ~150 ms to evaluate (Lighthouse's 4× slower CPU). The production build evaluates its first
// chunk's modules one after the other in main.tsx's import order, and waits here: the modules imported before
// this one run in one task, those after it in the next. (In development, where modules load one by one, it
// only delays main.tsx by a task.)
import { nextTask } from './nextTask';

await nextTask();
