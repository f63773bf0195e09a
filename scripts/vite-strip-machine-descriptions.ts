// A Vite build step: the statecharts' `description` texts are left out of the production bundle. They are written
// for the people who read a machine (its file, the Stately visualizer, the generated exports in machines/stately);
// the running app never reads them, and the auth and app machines' texts alone are kilobytes of the first load.
// Development, the tests and the exports keep them.
import path from 'node:path';
import type { Plugin } from 'vite';

/** A state's or transition's `description: '…'` (one-line string, or a template without placeholders) and its comma. */
const DESCRIPTION = /\bdescription:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)\s*(?:,\s*|(?=\s*}))/g;

/** The machine files: `machines/**.ts`, but not the Stately exports. */
export function isMachineSource(id: string): boolean {
  const file = id.split('?')[0].split(path.sep).join('/');
  return /\/machines\/.+\.ts$/.test(file) && !file.includes('/machines/stately/');
}

/** The code without its description texts. */
export function stripDescriptions(code: string): string {
  return code.replace(DESCRIPTION, '');
}

export function stripMachineDescriptions(): Plugin {
  return {
    name: 'paybench-strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!isMachineSource(id) || !code.includes('description')) return null;
      return { code: stripDescriptions(code), map: null };
    },
  };
}
