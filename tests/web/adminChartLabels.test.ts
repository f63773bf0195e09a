// The admin charts' labels: categories wrapped onto lines rather than cut, and a value axis of whole counts.
import { describe, expect, it } from 'vitest';
import { countAxis, horizontalChartHeight, MOST_COUNT_INTERVALS, wrapLabel } from '../../src/web/features/admin/stats/chartLabels';

describe('wrapLabel', () => {
  it('keeps a short label as it is', () => {
    expect(wrapLabel('Director', 20)).toBe('Director');
  });

  it('breaks a long label between words, keeping every word', () => {
    const lines = wrapLabel('Responsable de área / senior manager', 20);
    expect(lines).toEqual(['Responsable de área', '/ senior manager']);
    expect((lines as string[]).join(' ')).toBe('Responsable de área / senior manager');
  });

  it('gives a word longer than a line its own line rather than cutting it', () => {
    expect(wrapLabel('Telecomunicaciones y medios', 10)).toEqual(['Telecomunicaciones', 'y medios']);
  });
});

describe('countAxis', () => {
  it.each([
    [0, 1, 1],
    [1, 1, 1],
    [3, 3, 1],
    [6, 6, 2],
    [14, 15, 5],
    [38, 40, 10],
    [190, 200, 50],
    [1234, 1500, 500],
  ])('counts up to %i: axis to %i in steps of %i', (largest, max, step) => {
    const axis = countAxis(largest);
    expect(axis).toEqual({ max, step, tickAmount: max / step });
  });

  it('always ends on a whole step at or above the largest count, in few intervals', () => {
    for (let largest = 0; largest <= 5000; largest += 7) {
      const axis = countAxis(largest);
      expect(Number.isInteger(axis.step)).toBe(true);
      expect(axis.max).toBeGreaterThanOrEqual(largest);
      expect(axis.max).toBe(axis.step * axis.tickAmount);
      expect(axis.tickAmount).toBeLessThanOrEqual(MOST_COUNT_INTERVALS);
      expect(axis.tickAmount).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('horizontalChartHeight', () => {
  it('gives a row of wrapped labels more room than a row of one-line labels, per category', () => {
    const oneLine = ['Banca', 'Seguros', 'Energía'];
    const wrapped = ['Banca', wrapLabel('Administración pública', 16), wrapLabel('Transporte y logística', 16)];
    expect(wrapped.some(Array.isArray)).toBe(true);
    const perRow = (labels: Array<string | string[]>) => (horizontalChartHeight(labels, 0) - horizontalChartHeight([], 0)) / labels.length;
    expect(perRow(wrapped)).toBeGreaterThan(perRow(oneLine));
    expect(horizontalChartHeight([...oneLine, ...oneLine], 0)).toBeGreaterThan(horizontalChartHeight(oneLine, 0));
  });

  it('never goes below the height asked for', () => {
    expect(horizontalChartHeight(['Banca'], 260)).toBe(260);
  });
});
