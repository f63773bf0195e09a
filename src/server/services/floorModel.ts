// The deconvolution that knows the survey's floor (docs/statistics-and-privacy.md, "Percentiles near the floor").
// Nobody's counted fixed salary is under the survey's minimum (LIMITS.fixedSalary.min, and the admin's minimum is
// never lower), so a group of the lowest position levels piles up against a wall there; the infusion smears that wall
// below it, and a correction that only narrows the spread (publication.ts) leaves p10 and p25 too low. Here the
// group is modelled as a log-normal cut at the floor, convolved with the infusion's known distribution, and fitted
// to the group's five infused percentiles (least squares in probability, Levenberg–Marquardt). The model then says,
// percentile by percentile, where the true value lies for the infused one the group shows.
// It reads nothing but the infused percentiles, the public floor and the infusion's public distribution: a
// post-processing, which adds no information about anyone.
import { INFUSION_BOUND, INFUSION_LOG_VARIANCE } from '../../domain/constants';
import { normalCdf, normalQuantile, solveIncreasing } from '../../domain/normal';

export { normalCdf };

/**
 * The infusion's log multiplier log F + log J as 64 equally likely points: quantile midpoints of a normal with the
 * infusion's log variance (the jitter's small uniform part folded into it), rescaled to that exact variance. The
 * factor is normal with a log spread of 0.335, so its tails matter where the floor cuts the group: 16 points left p90
 * 3.5 % off near the floor, 64 points 1.3 % at most (tests/server/floorModel.test.ts).
 */
const KERNEL: number[] = (() => {
  const size = 64;
  const z = Array.from({ length: size }, (_, i) => normalQuantile((i + 0.5) / size));
  const scale = Math.sqrt(INFUSION_LOG_VARIANCE / (z.reduce((s, v) => s + v * v, 0) / z.length));
  return z.map((v) => v * scale);
})();

export interface FloorModel {
  /** The fitted log-normal (log space) before the cut at the floor. */
  mu: number;
  sigma: number;
  /** The share of that log-normal the floor cuts off: how much the floor shapes the group. */
  floorShare: number;
  /** Log percentiles of the true values, and of the infused ones, that the model gives at each requested level. */
  truePercentiles: number[];
  infusedPercentiles: number[];
}

/**
 * Fits the floor model to infused log percentiles `q` at levels `levels` (ascending), with `logFloor` the log of
 * the floor; `noiseScale` scales the infusion's log multiplier (below 1 for a total of parts with independent
 * factors). Null when the fit does not settle (the caller then keeps its first-order correction).
 */
export function fitFloorModel(q: number[], levels: readonly number[], logFloor: number, noiseScale = 1): FloorModel | null {
  // A total's parts carry independent factors, so its own infusion is narrower (publication.ts noiseShare).
  const kernel = noiseScale === 1 ? KERNEL : KERNEL.map((l) => l * noiseScale);
  // The model's distribution functions at (μ, σ): the log-normal cut at the floor, and the same convolved with the
  // infusion's kernel.
  const model = (mu: number, sigma: number) => {
    const cut = normalCdf((logFloor - mu) / sigma);
    const kept = Math.max(1 - cut, 1e-12);
    const trueCdf = (t: number) => (t <= logFloor ? 0 : Math.min(1, Math.max(0, (normalCdf((t - mu) / sigma) - cut) / kept)));
    const infusedCdf = (t: number) => {
      let sum = 0;
      for (const l of kernel) sum += trueCdf(t - l);
      return sum / kernel.length;
    };
    return { cut, trueCdf, infusedCdf };
  };
  const weights = levels.map((p) => 1 / Math.sqrt(p * (1 - p)));
  const residuals = ([mu, logSigma]: number[]) => {
    const { infusedCdf } = model(mu, Math.exp(logSigma));
    return q.map((t, k) => (infusedCdf(t) - levels[k]) * weights[k]);
  };
  const cost = (r: number[]) => r.reduce((s, x) => s + x * x, 0);

  // Levenberg–Marquardt on (μ, log σ) from the first-order guess: the median and the spread narrowed by the infusion.
  const spread = (q[q.length - 1] - q[0]) / (2 * 1.2816);
  const variance = kernel.reduce((s, l) => s + l * l, 0) / kernel.length;
  let theta = [q[Math.floor(q.length / 2)], Math.log(Math.sqrt(Math.max(spread * spread - variance, (0.5 * spread) ** 2, 1e-6)))];
  let r = residuals(theta);
  let lambda = 1e-3;
  for (let iteration = 0; iteration < 50; iteration++) {
    const h = 1e-6;
    const [j0, j1] = [0, 1].map((i) => {
      const moved = [...theta];
      moved[i] += h;
      return residuals(moved).map((x, k) => (x - r[k]) / h);
    });
    const a00 = j0.reduce((s, x) => s + x * x, 0);
    const a11 = j1.reduce((s, x) => s + x * x, 0);
    const a01 = j0.reduce((s, x, k) => s + x * j1[k], 0);
    const g0 = j0.reduce((s, x, k) => s + x * r[k], 0);
    const g1 = j1.reduce((s, x, k) => s + x * r[k], 0);
    let improved = false;
    while (lambda < 1e8) {
      const b00 = a00 * (1 + lambda);
      const b11 = a11 * (1 + lambda);
      const det = b00 * b11 - a01 * a01;
      if (!(Math.abs(det) > 1e-300)) break;
      const step = [-(b11 * g0 - a01 * g1) / det, -(b00 * g1 - a01 * g0) / det];
      const next = [theta[0] + step[0], Math.max(Math.log(1e-3), Math.min(Math.log(5), theta[1] + step[1]))];
      const rn = residuals(next);
      if (cost(rn) < cost(r)) {
        theta = next;
        r = rn;
        lambda = Math.max(lambda / 10, 1e-9);
        improved = Math.abs(step[0]) + Math.abs(step[1]) > 1e-6;
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  const [mu, logSigma] = theta;
  const sigma = Math.exp(logSigma);
  if (!Number.isFinite(mu) || !Number.isFinite(sigma)) return null;
  const fitted = model(mu, sigma);
  if (fitted.cut > 0.99) return null;
  // The infused percentiles lie within the infusion's reach of the group's own (the fit matches them closely);
  // the true ones are the cut log-normal's, in closed form but for Φ⁻¹.
  return {
    mu,
    sigma,
    floorShare: fitted.cut,
    truePercentiles: levels.map((p) => mu + sigma * solveIncreasing(normalCdf, fitted.cut + p * (1 - fitted.cut), -10, 10, 26)),
    infusedPercentiles: levels.map((p, k) => solveIncreasing(fitted.infusedCdf, p, q[k] - 2 * INFUSION_BOUND, q[k] + 2 * INFUSION_BOUND, 26)),
  };
}
