// After the browser run, the time of the whole run and of each project (its tests' time, added up across
// workers, retries included) and the 15 slowest spec files, as the Vitest run prints them, so a journey that grew
// shows in the CI log. It only reports; the list reporter still prints every test.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const SLOWEST = 15;

export default class TimingReporter implements Reporter {
  private readonly byFile = new Map<string, number>();
  private readonly byProject = new Map<string, { tests: number; ms: number }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(`${process.cwd()}/`, '');
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
    const project = test.parent.project()?.name ?? 'default';
    const entry = this.byProject.get(project) ?? { tests: 0, ms: 0 };
    entry.tests += 1;
    entry.ms += result.duration;
    this.byProject.set(project, entry);
  }

  onEnd(result: FullResult): void {
    if (this.byFile.size === 0) return;
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    const lines = ['', `Browser test time by project (wall clock ${(result.duration / 1000).toFixed(1)} s; test times add up across workers):`];
    for (const [name, { tests, ms }] of this.byProject) lines.push(`  ${name.padEnd(16)} ${String(tests).padStart(4)} runs ${seconds(ms)} s`);
    lines.push(`The ${Math.min(SLOWEST, this.byFile.size)} slowest spec files:`);
    for (const [file, ms] of [...this.byFile].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST)) lines.push(`  ${seconds(ms)} s  ${file}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
