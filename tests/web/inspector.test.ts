/**
 * Live inspection (src/web/kernel/inspector.ts): every actor the web app creates is connected to the Stately
 * inspector when `VITE_INSPECT=1 npm run dev` asks for it, so every `createActor`, `useActorRef`,
 * `useMachine` and `useActor` call in src/web passes `inspect`. Off in tests and production builds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../src/web/kernel/inspector';

const webRoot = path.resolve('src/web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The text of each call `name(...)` in the source, with balanced parentheses. */
function calls(source: string, name: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`\\b${name}\\(`, 'g');
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < source.length; end += 1) {
      if (source[end] === '(') depth += 1;
      if (source[end] === ')' && --depth === 0) break;
    }
    found.push(source.slice(match.index, end + 1));
  }
  return found;
}

describe('live inspection', () => {
  it('every actor created in src/web passes the inspector', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(webRoot)) {
      if (file.endsWith(path.join('app', 'inspector.ts'))) continue;
      const source = readFileSync(file, 'utf8');
      for (const name of ['createActor', 'useActorRef', 'useMachine', 'useActor']) {
        for (const call of calls(source, name)) {
          seen += 1;
          if (!/\binspect\b/.test(call)) missing.push(`${path.relative(webRoot, file)}: ${call.split('\n')[0]}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(missing, 'pass `inspect` from src/web/kernel/inspector.ts: createActor(logic, { inspect })').toEqual([]);
  });

  it('is off unless a development build asks for it', () => {
    // Vitest runs with DEV true but without VITE_INSPECT: no inspector, nothing loaded.
    expect(import.meta.env.VITE_INSPECT).toBeUndefined();
    expect(inspect).toBeUndefined();
  });
});
