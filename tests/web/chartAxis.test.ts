import { describe, expect, it } from 'vitest';
import { axisTicks, intervalsThatFit, labelWidth, MOST_TICK_INTERVALS, tickLabel, withLeadingBlank } from '../../src/web/components/paidSearch/chartAxis';

const spanish = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 0 });
const english = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 0 });
const es = (value: number) => spanish.format(value);
const en = (value: number) => english.format(value);

describe('axisTicks', () => {
  it('covers the range closely with a round step, starting and ending on a labelled tick', () => {
    const ticks = axisTicks(89_200, 305_200, 3, en);
    expect(ticks.min).toBeLessThanOrEqual(89_200);
    expect(ticks.max).toBeGreaterThanOrEqual(305_200);
    expect(ticks.intervals).toBeLessThanOrEqual(MOST_TICK_INTERVALS);
    expect([10_000, 20_000, 50_000, 100_000]).toContain(ticks.step);
    // Much closer to the data than 0–400K, which labelling every tick would need at this width.
    expect(ticks.max - ticks.min).toBeLessThan(300_000);
    expect(ticks.labelled[0]).toBe(ticks.min);
    expect(ticks.labelled.at(-1)).toBe(ticks.max);
    expect(ticks.labelled.length - 1).toBeLessThanOrEqual(3);
    expect(ticks.values.every((value, i) => i === 0 || value - ticks.values[i - 1] === ticks.step)).toBe(true);
  });

  it('labels more ticks when more fit', () => {
    const wide = axisTicks(40_000, 210_000, 6, es);
    const narrow = axisTicks(40_000, 210_000, 2, es);
    expect(wide.labelled.length).toBeGreaterThan(narrow.labelled.length);
    expect(narrow.labelled.length - 1).toBeLessThanOrEqual(2);
  });

  it('never gives two labels that read the same once abbreviated', () => {
    // Around a million, "1 M €" stands for 1,000,000 to 1,499,999: labels 100,000 apart would repeat it.
    const ticks = axisTicks(900_000, 1_800_000, 6, es);
    const labels = ticks.labelled.map(es);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('never starts below zero for positive pay', () => {
    expect(axisTicks(1_200, 9_000, 5, es).min).toBeGreaterThanOrEqual(0);
  });
});

describe('tickLabel', () => {
  it('labels every labelEvery-th tick from the first and leaves the others blank', () => {
    const ticks = axisTicks(89_200, 305_200, 3, es);
    const shown = ticks.values.map((value) => tickLabel(ticks, value + 0.0001, es));
    expect(shown.filter((text) => text !== '')).toEqual(ticks.labelled.map(es));
    expect(shown[0]).toBe(es(ticks.min));
    expect(shown.at(-1)).toBe(es(ticks.max));
  });
});

describe('withLeadingBlank', () => {
  it('adds one unlabelled step before the first label, never below zero', () => {
    const ticks = axisTicks(89_200, 305_200, 3, es);
    const padded = withLeadingBlank(ticks);
    expect(padded.min).toBe(ticks.min - ticks.step);
    expect(padded.intervals).toBe(ticks.intervals + 1);
    expect(tickLabel(padded, padded.min, es)).toBe('');
    expect(padded.values.map((value) => tickLabel(padded, value, es)).filter((text) => text !== '')).toEqual(ticks.labelled.map(es));
    const fromZero = axisTicks(0, 90_000, 3, es);
    expect(withLeadingBlank(fromZero)).toEqual(fromZero);
  });
});

describe('intervalsThatFit', () => {
  it('leaves each label its width and a gap', () => {
    const widest = labelWidth('150 mil €');
    const phone = intervalsThatFit(250, widest);
    const laptop = intervalsThatFit(900, widest);
    expect(phone * (widest + 14)).toBeLessThanOrEqual(250);
    expect(laptop).toBeGreaterThan(phone);
    expect(intervalsThatFit(10, widest)).toBe(1);
  });
});
