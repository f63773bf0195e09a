// Setup file of the privacy projects, run before each of their files: the files of a worker share one module graph
// (the server imported and compiled once), so the seeded draws of support.ts (ids, record and noise keys) start again
// here, and every file sees the people, ids and noise it would see alone.
import { restartDraws } from './support';

restartDraws();
