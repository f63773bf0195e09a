// How a person's belief about their pay moved against their published position over the survey years (the
// perception over the years): the gap is the distance, in percentage points, between what they believed (step 5's
// difference from their peers) and the difference from the median their personalised comparison published.

/** One survey year: the belief and the published position (percent), each null when unknown. */
export interface PerceptionPoint {
  year: number;
  believed: number | null;
  position: number | null;
}

/**
 * What one sentence says about the belief over the years, from the first and the last year that have both figures:
 * closer (the gap narrowed), further (it widened), steady (the same whole number of points), single (one such year
 * only), or none (no year has both).
 */
export type PerceptionTrend =
  | { kind: 'closer' | 'further' | 'steady'; fromYear: number; fromGap: number; toYear: number; toGap: number }
  | { kind: 'single'; year: number; gap: number }
  | { kind: 'none' };

/** The distance between belief and position, in whole percentage points. */
export function perceptionGap(believed: number, position: number): number {
  return Math.round(Math.abs(believed - position));
}

export function perceptionTrend(points: readonly PerceptionPoint[]): PerceptionTrend {
  const known = points
    .filter((point): point is { year: number; believed: number; position: number } => point.believed !== null && point.position !== null)
    .sort((a, b) => a.year - b.year);
  if (known.length === 0) return { kind: 'none' };
  const first = known[0];
  const last = known[known.length - 1];
  if (known.length === 1) return { kind: 'single', year: first.year, gap: perceptionGap(first.believed, first.position) };
  const fromGap = perceptionGap(first.believed, first.position);
  const toGap = perceptionGap(last.believed, last.position);
  const kind = toGap < fromGap ? 'closer' : toGap > fromGap ? 'further' : 'steady';
  return { kind, fromYear: first.year, fromGap, toYear: last.year, toGap };
}
