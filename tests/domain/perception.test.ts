// The sentence about a belief over the years: from the first to the last year with both a belief and a position.
import { describe, expect, it } from 'vitest';
import { perceptionGap, perceptionTrend } from '../../src/domain/perception';

describe('perceptionTrend', () => {
  it('says the belief came closer when the gap narrowed, from the first to the last year with both figures', () => {
    expect(
      perceptionTrend([
        { year: 2025, believed: 4, position: -2 },
        { year: 2023, believed: 20, position: -4 },
        { year: 2024, believed: 12, position: null },
      ]),
    ).toEqual({ kind: 'closer', fromYear: 2023, fromGap: 24, toYear: 2025, toGap: 6 });
  });

  it('says it moved further away when the gap widened, and steady when the whole points are the same', () => {
    expect(
      perceptionTrend([
        { year: 2023, believed: 0, position: 3 },
        { year: 2024, believed: 10, position: -5.4 },
      ]),
    ).toEqual({ kind: 'further', fromYear: 2023, fromGap: 3, toYear: 2024, toGap: 15 });
    expect(
      perceptionTrend([
        { year: 2023, believed: -5, position: 5.2 },
        { year: 2025, believed: 5, position: -5 },
      ]),
    ).toMatchObject({ kind: 'steady', fromGap: 10, toGap: 10 });
  });

  it('reports a single year, or nothing, when fewer than two years have both figures', () => {
    expect(
      perceptionTrend([
        { year: 2023, believed: null, position: 3 },
        { year: 2024, believed: 7, position: 2 },
      ]),
    ).toEqual({ kind: 'single', year: 2024, gap: 5 });
    expect(perceptionTrend([{ year: 2024, believed: 7, position: null }])).toEqual({ kind: 'none' });
    expect(perceptionTrend([])).toEqual({ kind: 'none' });
  });

  it('measures the gap as whole points whichever side the belief is on', () => {
    expect(perceptionGap(-10, 5)).toBe(15);
    expect(perceptionGap(5, -10)).toBe(15);
    expect(perceptionGap(2.4, 2)).toBe(0);
  });
});
