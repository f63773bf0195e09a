// Hand-computed cases: 1.21 = 1.1², so growth between 100,000 and 121,000 over two years is exactly 10 %.
import { describe, expect, it } from 'vitest';
import {
  averageInflation,
  cagr,
  incomeProjection,
  inRealTerms,
  latestMedian,
  nextPositionLevel,
  peerGrowth,
  project,
  type GrowthPoint,
} from '../../src/domain/incomeProjection';

const PEERS: GrowthPoint[] = [
  { year: 2023, p25: 80_000, p50: 100_000, p75: 125_000 },
  // A year under K: no figures, skipped by the growth (not treated as zero).
  { year: 2024, p25: null, p50: null, p75: null },
  // p25 × 1.05², p50 × 1.1², p75 × 1.12²
  { year: 2025, p25: 88_200, p50: 121_000, p75: 156_800 },
];

describe('growth', () => {
  it('is the compound annual growth between two values', () => {
    expect(cagr(100_000, 121_000, 2)).toBeCloseTo(0.1, 12);
    expect(cagr(100_000, 100_000, 3)).toBe(0);
    expect(cagr(0, 100, 1)).toBeNull();
    expect(cagr(100, 200, 0)).toBeNull();
  });

  it("is the peer group's median CAGR over the years with a median, the band centred on it and holding the p25/p75 growth", () => {
    const growth = peerGrowth(PEERS, [2, 4]);
    expect(growth.source).toBe('peers');
    expect(growth.fromYear).toBe(2023);
    expect(growth.toYear).toBe(2025);
    expect(growth.median).toBeCloseTo(0.1, 12);
    // p25 grew 5 %, p75 12 %: the farther (5 points below 10 %) sets the band's half-width.
    expect(growth.low).toBeCloseTo(0.05, 12);
    expect(growth.high).toBeCloseTo(0.15, 12);
  });

  it('keeps the central line strictly inside its band, even when both quartiles grew faster (or slower) than the median', () => {
    const faster: GrowthPoint[] = [
      { year: 2022, p25: 80_000, p50: 100_000, p75: 120_000 },
      { year: 2025, p25: 96_000, p50: 103_000, p75: 150_000 },
    ];
    const slower: GrowthPoint[] = [
      { year: 2022, p25: 80_000, p50: 100_000, p75: 120_000 },
      { year: 2025, p25: 80_500, p50: 130_000, p75: 121_000 },
    ];
    for (const peers of [faster, slower, PEERS]) {
      const growth = peerGrowth(peers, []);
      expect(growth.low).toBeLessThan(growth.median);
      expect(growth.high).toBeGreaterThan(growth.median);
      expect(growth.high - growth.median).toBeCloseTo(growth.median - growth.low, 12);
      // The quartiles' own growth stays inside the band.
      for (const [quartile, pick] of [
        ['p25', (p: GrowthPoint) => p.p25!],
        ['p75', (p: GrowthPoint) => p.p75!],
      ] as const) {
        const g = (pick(peers.at(-1)!) / pick(peers[0])) ** (1 / (peers.at(-1)!.year - peers[0].year)) - 1;
        expect(g, quartile).toBeGreaterThanOrEqual(growth.low - 1e-12);
        expect(g, quartile).toBeLessThanOrEqual(growth.high + 1e-12);
      }
      const { current } = incomeProjection({ start: { year: 2025, value: 100_000 }, peers, inflationRates: [2] });
      current.years.forEach((year, t) => {
        if (t === 0) {
          expect([current.low[0], current.high[0]]).toEqual([current.nominal[0], current.nominal[0]]);
          return;
        }
        expect(current.low[t], String(year)).toBeLessThan(current.nominal[t]);
        expect(current.nominal[t], String(year)).toBeLessThan(current.high[t]);
      });
    }
  });

  it('falls back to average inflation with fewer than two years with a median', () => {
    const growth = peerGrowth(
      [
        { year: 2025, p25: 90_000, p50: 100_000, p75: 110_000 },
        { year: 2024, p25: null, p50: null, p75: null },
      ],
      [2, 4],
    );
    expect(growth).toEqual({ median: 0.03, low: 0.03, high: 0.03, source: 'inflation', fromYear: null, toYear: null });
    expect(averageInflation([])).toBe(0);
  });
});

describe('projection', () => {
  it('grows the start by (1 + g)^t', () => {
    expect(project(100_000, 0.1, 2)).toEqual([100_000, 110_000, 121_000]);
    expect(project(50_000, 0, 5)).toEqual([50_000, 50_000, 50_000, 50_000, 50_000, 50_000]);
  });

  it('deflates a path to money of its first year', () => {
    expect(inRealTerms([100_000, 110_000, 121_000], 0.1)).toEqual([100_000, 100_000, 100_000]);
  });

  it('knows the next position level', () => {
    expect(nextPositionLevel('manager')).toBe('head');
    expect(nextPositionLevel('director')).toBe('executive-committee');
    expect(nextPositionLevel('ceo')).toBeNull();
    expect(nextPositionLevel(undefined)).toBeNull();
    expect(latestMedian(PEERS)).toEqual({ year: 2025, p50: 121_000 });
  });

  it('projects five years, the band, real terms and the next level', () => {
    const projection = incomeProjection({
      start: { year: 2025, value: 110_000 },
      peers: PEERS,
      // The next level earns 1.5 × the group's median and grows 10 % a year as well.
      nextLevel: {
        level: 'head',
        series: [
          { year: 2023, p25: null, p50: 150_000, p75: null },
          { year: 2025, p25: null, p50: 181_500, p75: null },
        ],
      },
      inflationRates: [10, 10],
    });
    const { current, nextLevel } = projection;
    expect(projection.inflation).toBeCloseTo(0.1, 12);
    expect(current.years).toEqual([2025, 2026, 2027, 2028, 2029, 2030]);
    // 110,000 × 1.1^t
    expect(current.nominal).toEqual([110_000, 121_000, 133_100, 146_410, 161_051, 177_156]);
    // 110,000 × 1.05^t
    expect(current.low).toEqual([110_000, 115_500, 121_275, 127_339, 133_706, 140_391]);
    // 110,000 × 1.15^t: as far above the median growth as the p25's is below
    expect(current.high).toEqual([110_000, 126_500, 145_475, 167_296, 192_391, 221_249]);
    // Growth equals inflation: flat in real terms.
    expect(current.real).toEqual([110_000, 110_000, 110_000, 110_000, 110_000, 110_000]);
    // 110,000 × 181,500 / 121,000 = 165,000, then × 1.1^t (no quartiles: the band is the median growth).
    expect(nextLevel!.level).toBe('head');
    expect(nextLevel!.startValue).toBe(165_000);
    expect(nextLevel!.nominal).toEqual([165_000, 181_500, 199_650, 219_615, 241_577, 265_734]);
    expect(nextLevel!.low).toEqual(nextLevel!.nominal);
  });

  it('has no next-level scenario without a median for the next level', () => {
    const projection = incomeProjection({
      start: { year: 2025, value: 110_000 },
      peers: PEERS,
      nextLevel: { level: 'head', series: [{ year: 2025, p25: null, p50: null, p75: null }] },
      inflationRates: [],
    });
    expect(projection.nextLevel).toBeNull();
    expect(projection.current.real).toEqual(projection.current.nominal);
  });
});
