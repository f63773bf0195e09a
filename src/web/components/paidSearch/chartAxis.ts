// The value axis of the distribution charts: round ticks (1, 2 or 5 × a power of ten) that cover the range
// closely, labelled as often as the chart's width leaves room for, never two labels that read the same once
// abbreviated ("85 mil €", "€85K"). Pure, so it is tested without drawing.

export interface AxisTicks {
  min: number;
  max: number;
  step: number;
  /** Number of intervals between min and max (ApexCharts' tickAmount): intervals + 1 ticks. */
  intervals: number;
  /** Every how many ticks one is labelled (the first and the last always are). */
  labelEvery: number;
  /** Every tick. */
  values: number[];
  /** The labelled ticks. */
  labelled: number[];
}

/** Estimated width in px of an axis label at the charts' 11 px font (wide digits, a margin for "€"/"K"). */
export function labelWidth(text: string, fontSizePx = 11): number {
  return Math.ceil(text.length * fontSizePx * 0.62);
}

/** Gap left between two neighbouring labels, in px. */
export const LABEL_GAP_PX = 14;

/** How many intervals fit in `plotWidth` px when each label needs `widestLabel` px plus the gap. */
export function intervalsThatFit(plotWidth: number, widestLabel: number, most = 6): number {
  return Math.max(1, Math.min(most, Math.floor(plotWidth / (widestLabel + LABEL_GAP_PX))));
}

const MULTIPLIERS = [1, 2, 5];
/** At most this many tick intervals (grid lines) on an axis, labelled or not. */
export const MOST_TICK_INTERVALS = 12;

/**
 * The ticks for [low, high]: a round step (at most MOST_TICK_INTERVALS intervals) and every how many ticks
 * to label so that at most `maxLabelIntervals` gaps lie between labels, all reading differently once
 * formatted; the most labels win, then the axis closest to the data. The axis starts and ends on a labelled
 * tick, so the first and last labels sit exactly at the plot's edges.
 */
export function axisTicks(low: number, high: number, maxLabelIntervals: number, format: (value: number) => string): AxisTicks {
  const most = Math.max(1, Math.floor(maxLabelIntervals));
  const span = Math.max(high - low, 1);
  const first = Math.floor(Math.log10(span / MOST_TICK_INTERVALS));
  let best: AxisTicks | null = null;
  // From the finest step up: the most labels that fit win; on a tie, the axis closest to the data.
  for (let exponent = first; exponent < first + 40 && !(best && exponent > first + 3); exponent++) {
    for (const multiplier of MULTIPLIERS) {
      const step = multiplier * 10 ** exponent;
      const min = Math.floor(low / step) * step;
      const max = Math.ceil(high / step) * step;
      const intervals = Math.max(1, Math.round((max - min) / step));
      if (intervals > MOST_TICK_INTERVALS) continue;
      const values = Array.from({ length: intervals + 1 }, (_, i) => min + i * step);
      for (let labelEvery = 1; labelEvery <= intervals; labelEvery++) {
        if (intervals % labelEvery !== 0 || intervals / labelEvery > most) continue;
        const labelled = values.filter((_, i) => i % labelEvery === 0);
        const labels = labelled.map(format);
        if (new Set(labels).size !== labels.length) continue;
        const candidate = { min, max, step, intervals, labelEvery, values, labelled };
        if (!best || labelled.length > best.labelled.length || (labelled.length === best.labelled.length && max - min < best.max - best.min)) best = candidate;
        break;
      }
    }
  }
  // Always found for finite input (a step larger than the range gives one or two distinct labels).
  return best ?? { min: low, max: high, step: high - low, intervals: 1, labelEvery: 1, values: [low, high], labelled: [low, high] };
}

/**
 * The same ticks with one blank interval before the first label. ApexCharts removes the first label of a
 * horizontal chart when more than 20 px of it stick out left of the plot, which a centred label wider than
 * 40 px at the plot's edge always does; one step in, it has room. Not needed (nor possible) from 0.
 */
export function withLeadingBlank(ticks: AxisTicks): AxisTicks {
  if (ticks.min - ticks.step < 0) return ticks;
  const min = ticks.min - ticks.step;
  return { ...ticks, min, intervals: ticks.intervals + 1, values: [min, ...ticks.values] };
}

/** The label of an axis value (ApexCharts passes the tick's value): blank between labelled ticks. */
export function tickLabel(ticks: AxisTicks, value: number, format: (value: number) => string): string {
  const index = Math.round((value - ticks.labelled[0]) / ticks.step);
  return index >= 0 && index % ticks.labelEvery === 0 ? format(ticks.labelled[0] + index * ticks.step) : '';
}
