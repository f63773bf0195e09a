// The cell key method (as statistical offices run it for flexible table builders: ABS TableBuilder, the UK
// census' custom tables). Every counted form carries a random, secret record key (forms.record_key, 0..2^32−1);
// the cell key of a group is the sum of its members' record keys modulo 2^32. Every perturbation of a group is
// drawn from its cell key alone, so the same set of people always gets the same noise, however it is asked for
// (other filters, another endpoint, another day, another release) and averaging repeated answers gains nothing.
// A different set of people (one more, one fewer) gets a fresh, unrelated draw.
//
// What is perturbed (services/publication.ts applies it):
//   counts  n + d, d uniform in −2..+2, then rounded to a multiple of 5: two published counts never subtract to
//           an exact small head-count, and a count alone never tells a group size exactly.
//   money   value + moneyNoiseBound(n) × scale × u, u uniform in [−1, 1], bound ≈ 1.5 / n (domain/constants.ts):
//           the noise is scaled to how far one person can move a figure of n people (1/n of that person's
//           pay), with `scale` the group's root-mean-square pay of the measure (large when one person's pay is
//           large, so an outlier's pay is covered too). An attacker who multiplies a mean by n to isolate one
//           person gets ±1.5 × scale back: whatever n, the uncertainty on that person's pay stays about as large
//           as the pay itself. For large groups the noise vanishes (n = 200: at most ±0.77 % of typical pay).
import { createHmac } from 'node:crypto';
import { COUNT_NOISE, COUNT_ROUNDING_BASE, moneyNoiseBound } from '../../domain/constants';

export { COUNT_NOISE, COUNT_ROUNDING_BASE, MONEY_NOISE_WIDTH, moneyNoiseBound } from '../../domain/constants';

/** Cell keys live in 0..2^32−1. */
export const CELL_KEY_MODULUS = 4_294_967_296;

/**
 * Draws for one cell. `secret` keys the draws so that even a leaked record key predicts nothing; `cellKey` is
 * the sum of the members' record keys modulo 2^32.
 */
export function createCellNoise(secret: string, cellKey: number) {
  /** Uniform in [0, 1) for a named draw of this cell (one per figure, so figures are independent). */
  function uniform(label: string): number {
    const digest = createHmac('sha256', secret).update(`${cellKey}|${label}`).digest();
    // 48 bits are plenty for a double in [0, 1).
    return digest.readUIntBE(0, 6) / 2 ** 48;
  }
  return {
    cellKey,
    uniform,
    /** Integer noise of the group's count, uniform in −COUNT_NOISE..+COUNT_NOISE. */
    countNoise(): number {
      return Math.floor(uniform('count') * (2 * COUNT_NOISE + 1)) - COUNT_NOISE;
    },
    /** Noise in [−1, 1] of one money figure (measure × figure). */
    moneyNoise(measure: string, figure: string): number {
      return uniform(`money|${measure}|${figure}`) * 2 - 1;
    },
  };
}

export type CellNoise = ReturnType<typeof createCellNoise>;

/** The published size of a group of n ≥ K people: perturbed, rounded to 5, never under K. */
export function perturbCount(n: number, noise: CellNoise, threshold: number): number {
  const rounded = Math.round((n + noise.countNoise()) / COUNT_ROUNDING_BASE) * COUNT_ROUNDING_BASE;
  return Math.max(threshold, rounded);
}

/** A money figure of a group of n perturbed (not yet rounded); never negative. */
export function perturbMoney(value: number, n: number, scale: number, u: number): number {
  return Math.max(0, value + moneyNoiseBound(n) * scale * u);
}
