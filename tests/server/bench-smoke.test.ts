// A small run of the bench (scripts/bench.ts, `npm run bench`): every figure is produced, with no errors, on
// the database of this test project (PGlite, or a fresh PostgreSQL database next to the test ones).
import { describe, expect, it } from 'vitest';
import { formatReport, runBench, type EngineName } from '../../scripts/bench';

describe('bench, small', () => {
  it('produces every figure with 0 errors', { timeout: 120_000 }, async () => {
    const engine: EngineName = process.env.PAYBENCH_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
    const result = await runBench({
      forms: 3000,
      engines: [engine],
      iterations: 4,
      repeats: 20,
      durationSeconds: 1,
      connections: 8,
      databaseUrl: process.env.DATABASE_URL,
    });
    expect(result.engines).toHaveLength(1);
    const [run] = result.engines;
    expect(run.forms).toBe(3000);
    expect(run.loadSeconds).toBeGreaterThan(0);
    expect(run.cut.size).toBeGreaterThan(0);
    expect(run.cut.precomputedGroups).toBeGreaterThan(0);
    expect(run.settingsDirect.p95).toBeGreaterThan(0);
    expect(run.latencies.map((l) => l.name)).toEqual(['no filter', 'sector', 'sector + position level + country', 'five filters', 'same query again (cache)']);
    expect(run.latencies.map((l) => l.kind)).toEqual(['precomputed', 'precomputed', 'on demand', 'on demand', 'cache']);
    for (const line of run.latencies) {
      expect(line.errors, line.name).toBe(0);
      expect(line.samples).toBeGreaterThan(0);
      expect(line.p50).toBeGreaterThan(0);
      expect(line.p95).toBeGreaterThanOrEqual(line.p50);
      expect(line.direct?.p95, line.name).toBeGreaterThan(0);
    }
    expect(run.latencies[0].outcomes).toEqual({ ok: 4 });
    // The personal views: each cold and again, none failing.
    expect(run.personal.map((l) => l.name)).toHaveLength(12);
    for (const line of run.personal) {
      expect(line.errors, line.name).toBe(0);
      expect(line.p95, line.name).toBeGreaterThanOrEqual(line.p50);
    }
    // The insights and the personalised comparison read the groups stored at the cut.
    const kinds = ['on demand', 'on demand', 'precomputed', 'precomputed', 'precomputed', 'precomputed'];
    expect(run.personal.map((l) => l.kind)).toEqual(kinds.flatMap((kind) => [kind, 'cache']));
    expect(run.personalLoad).toHaveLength(2);
    expect(run.throughput.requests).toBeGreaterThan(0);
    expect(run.throughput.errors).toBe(0);
    expect(run.throughput.non2xx).toBe(0);
    expect(run.demoThroughput.errors).toBe(0);
    expect(result.floor.map((l) => l.name)).toEqual(run.latencies.slice(0, 4).map((l) => l.name));
    for (const line of result.floor) expect(line.p95).toBeGreaterThanOrEqual(0);
    const report = formatReport(result);
    expect(report).toContain('comparisons/s');
    expect(report).toContain('personalised comparison, cold');
    expect(report).toContain('Floor');
    expect(report).toMatch(/cut a release of .* snapshot .* precompute .* target ≤\d+ s {2}(PASS|MISS)/);
  });
});
