import { describe, expect, it } from 'vitest';
import { EXPERIENCE_BAND_TABLE, EXPERIENCE_BANDS, experienceBand, experienceBandRange } from '../../src/domain/questionnaire';

describe('the experience bands', () => {
  it('are the bands of the table, in order, covering every number of years once', () => {
    expect(EXPERIENCE_BANDS).toEqual(['0-5', '5-10', '10-15', '15-20', '20-plus']);
    EXPERIENCE_BAND_TABLE.forEach(([, from, to], i) => {
      const next = EXPERIENCE_BAND_TABLE[i + 1];
      if (next) expect(to).toBe(next[1]);
      else expect(to).toBeNull();
      expect(from).toBe(i === 0 ? 0 : EXPERIENCE_BAND_TABLE[i - 1][2]);
    });
  });

  it('give the band of a number of years, the lower bound inclusive', () => {
    expect(experienceBand(0)).toBe('0-5');
    expect(experienceBand(4.9)).toBe('0-5');
    expect(experienceBand(5)).toBe('5-10');
    expect(experienceBand(14)).toBe('10-15');
    expect(experienceBand(15)).toBe('15-20');
    expect(experienceBand(19)).toBe('15-20');
    expect(experienceBand(20)).toBe('20-plus');
    expect(experienceBand(60)).toBe('20-plus');
  });

  it("give a band's years for the SQL filters (upper bound exclusive, none for the last)", () => {
    expect(experienceBandRange('0-5')).toEqual([0, 5]);
    expect(experienceBandRange('10-15')).toEqual([10, 15]);
    expect(experienceBandRange('20-plus')).toEqual([20, null]);
    for (const band of EXPERIENCE_BANDS) {
      const [from, to] = experienceBandRange(band);
      expect(experienceBand(from)).toBe(band);
      if (to !== null) expect(experienceBand(to - 0.5)).toBe(band);
    }
  });
});
