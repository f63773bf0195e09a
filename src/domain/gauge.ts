// The personalised comparison's gauge (docs/statistics-and-privacy.md): a difference from the peer median shown on a fixed
// −30..+30 % scale. Values beyond the scale are pinned to its end (the true figure is shown in text). Pure.

/** The gauge's half-range in percent: it shows −30 % … +30 %. */
export const GAUGE_LIMIT = 30;

export interface GaugeReading {
  /** The true difference in percent. */
  value: number;
  /** The difference drawn on the gauge: the true one, or the nearest end of the scale. */
  shown: number;
  /** The true difference lies beyond the scale (the needle sits at the end). */
  pinned: 'below' | 'above' | null;
  /** Where the needle sits across the gauge, 0 (−30 %) … 1 (+30 %). */
  fraction: number;
}

/** The reading of a difference on the gauge; null when there is no difference to show. */
export function gaugeReading(value: number | null | undefined, limit: number = GAUGE_LIMIT): GaugeReading | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const pinned = value < -limit ? 'below' : value > limit ? 'above' : null;
  const shown = pinned === 'below' ? -limit : pinned === 'above' ? limit : value;
  return { value, shown, pinned, fraction: (shown + limit) / (2 * limit) };
}
