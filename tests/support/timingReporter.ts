// After every vitest run, the time each project took (summed over its files: import, setup and tests)
// and the 15 slowest files, so a change that makes the suite slower shows in the CI log before it lands.
// It only reports; the default reporter still prints every test and failure.
import type { Reporter, TestModule } from 'vitest/node';
import { relative } from 'node:path';

const SLOWEST = 15;

/** A file's own time: collecting (importing) it, its setup files and its tests and hooks. */
export function moduleSeconds(module: TestModule): number {
  const d = module.diagnostic();
  return (d.collectDuration + d.setupDuration + d.duration) / 1000;
}

export default class TimingReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart(): void {
    this.startedAt = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const byProject = new Map<string, { files: number; seconds: number }>();
    for (const module of modules) {
      const name = module.project.name || 'default';
      const entry = byProject.get(name) ?? { files: 0, seconds: 0 };
      entry.files += 1;
      entry.seconds += moduleSeconds(module);
      byProject.set(name, entry);
    }
    const lines = ['', `Test time by project (wall clock ${((Date.now() - this.startedAt) / 1000).toFixed(1)} s; file times add up across workers):`];
    for (const [name, { files, seconds }] of [...byProject].sort((a, b) => b[1].seconds - a[1].seconds)) {
      lines.push(`  ${name.padEnd(16)} ${String(files).padStart(4)} files ${seconds.toFixed(1).padStart(8)} s`);
    }
    lines.push(`The ${Math.min(SLOWEST, modules.length)} slowest files:`);
    const slowest = [...modules].sort((a, b) => moduleSeconds(b) - moduleSeconds(a)).slice(0, SLOWEST);
    for (const module of slowest) {
      lines.push(
        `  ${moduleSeconds(module).toFixed(1).padStart(7)} s  ${(module.project.name || 'default').padEnd(16)} ${relative(process.cwd(), module.moduleId)}`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
