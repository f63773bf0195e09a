/**
 * `npm run check:bundle` (in `npm test`, after `npm run build`): what must never ship in dist/web.
 * - No Stately inspector (src/web/kernel/inspector.ts is development-only and tree-shaken from the build).
 * - No console.log / console.info / console.debug call (console output is silenced in production;
 *   the app writes through src/web/kernel/logger.ts, a no-op in production; vite.config.ts drops any call
 *   a dependency makes).
 * - The page links the theme's global CSS built with the app (scripts/vite-chakra-static-css.ts; the browser no
 *   longer builds it).
 * - No chunks that import each other in a circle (scripts/chunk-cycles.ts: a module could run before one it needs).
 * - src/web/early.ts's chunk does not import main.tsx's: it would then wait for the app's script instead of running
 *   while it downloads (vite.config.ts, isEarlyModule).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chunkCycles, staticallyImported, staticImportsOf } from './chunk-cycles';

const dist = path.resolve('dist/web');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

let all: string[];
try {
  all = files(dist).filter((file) => /\.(js|mjs|html)$/.test(file));
} catch {
  console.error(`check:bundle: ${dist} is missing; run npm run build first`);
  process.exit(1);
}

const rules: Array<{ what: string; pattern: RegExp }> = [
  { what: 'the Stately inspector (@statelyai/inspect)', pattern: /@statelyai\/inspect|createBrowserInspector|stately\.ai\/inspect/ },
  // Calls, also through call/apply. XState's default actor logger (`console.log.bind(console)`) stays: it only
  // prints for `log()` actions, and tests/machines/flowsExport.test.ts keeps machines free of them.
  {
    what: 'a console.log/info/debug call',
    pattern: /\bconsole\s*(\.\s*(log|info|debug)|\[\s*["'`](log|info|debug)["'`]\s*\])\s*(\(|\.\s*(call|apply)\s*\()/,
  },
];

const problems: string[] = [];
for (const file of all) {
  const text = readFileSync(file, 'utf8');
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (match) {
      const around = text.slice(Math.max(0, match.index - 60), match.index + 60).replace(/\s+/g, ' ');
      problems.push(`${path.relative(process.cwd(), file)}: ${rule.what}: …${around}…`);
    }
  }
}

if (all.length === 0) problems.push('dist/web has no script: run npm run build first');

// What index.html must load beside the app's script.
const indexHtml = all.some((file) => file.endsWith(`${path.sep}index.html`)) ? readFileSync(path.join(dist, 'index.html'), 'utf8') : '';
const linked = (pattern: RegExp) => pattern.exec(indexHtml)?.[1];
const chakraCss = linked(/<link rel="stylesheet" href="\/(assets\/chakra-[\w-]+\.css)">/);
if (!chakraCss) problems.push("index.html: no link to the theme's global CSS (assets/chakra-*.css)");
else if (!readFileSync(path.join(dist, chakraCss), 'utf8').startsWith('@layer reset,base,tokens,recipes;')) {
  problems.push(`${chakraCss}: not the theme's global CSS (it must start with the cascade layers' order)`);
}

const chunks = new Map(all.filter((file) => file.endsWith('.js')).map((file) => [path.basename(file), staticImportsOf(readFileSync(file, 'utf8'))] as const));
for (const cycle of chunkCycles(chunks)) problems.push(`chunks importing each other in a circle: ${cycle.join(' → ')}`);

// The chunks of vite.config.ts's `early` and `app` groups, which index.html loads.
const earlyChunk = linked(/<script type="module" crossorigin src="\/assets\/(early-[\w-]+\.js)">/);
const appChunk = linked(/<script type="module" crossorigin src="\/assets\/(app-[\w-]+\.js)">/);
if (!earlyChunk || !appChunk) problems.push('index.html: no early-*.js or app-*.js script (the groups of vite.config.ts)');
else if (staticallyImported(chunks, earlyChunk).has(appChunk)) {
  problems.push(`${earlyChunk} (src/web/early.ts) imports ${appChunk} (main.tsx): move what it needs into the early chunk (vite.config.ts)`);
}

if (problems.length) {
  console.error(`check:bundle: the production bundle contains what it must not:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `check:bundle: ${all.length} files of dist/web: no inspector, no console.log/info/debug; ${chakraCss} linked; ${chunks.size} chunks, no circular imports; ${earlyChunk} does not wait for ${appChunk}`,
);
