import { describe, expect, it } from 'vitest';
import { gaugeReading, GAUGE_LIMIT } from '../../src/domain/gauge';

describe('gauge pinning (−30..+30 %)', () => {
  it('shows a difference inside the scale as it is', () => {
    expect(gaugeReading(4)).toEqual({ value: 4, shown: 4, pinned: null, fraction: 34 / 60 });
    expect(gaugeReading(-10)!.fraction).toBeCloseTo(20 / 60);
    expect(gaugeReading(0)!.fraction).toBe(0.5);
  });

  it('keeps the ends of the scale unpinned', () => {
    expect(gaugeReading(30)).toEqual({ value: 30, shown: 30, pinned: null, fraction: 1 });
    expect(gaugeReading(-30)).toEqual({ value: -30, shown: -30, pinned: null, fraction: 0 });
  });

  it('pins values beyond the scale and keeps the true value', () => {
    expect(gaugeReading(42.5)).toEqual({ value: 42.5, shown: GAUGE_LIMIT, pinned: 'above', fraction: 1 });
    expect(gaugeReading(-55)).toEqual({ value: -55, shown: -GAUGE_LIMIT, pinned: 'below', fraction: 0 });
  });

  it('has no reading without a difference', () => {
    expect(gaugeReading(null)).toBeNull();
    expect(gaugeReading(undefined)).toBeNull();
    expect(gaugeReading(Number.NaN)).toBeNull();
  });
});
