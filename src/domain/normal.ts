// The standard normal distribution, shared by the server's deconvolution (floorModel.ts) and the pages that state
// the noise infusion's figures (peerDistribution.ts infusionPercents).

/** Standard normal distribution function (Abramowitz & Stegun 7.1.26: error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** x with f(x) = target for an increasing f, by bisection on [low, high]. */
export function solveIncreasing(f: (x: number) => number, target: number, low: number, high: number, steps = 40): number {
  for (let i = 0; i < steps; i++) {
    const mid = (low + high) / 2;
    if (f(mid) < target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Φ⁻¹(p) for 0 < p < 1. */
export function normalQuantile(p: number): number {
  return solveIncreasing(normalCdf, p, -12, 12);
}
