// The cell key method for counts (as statistical offices run it for flexible table builders: ABS TableBuilder, the
// UK census' custom tables). Every counted form carries a random, secret record key (forms.record_key,
// 0..2^32−1); the cell key of a group is the sum of its members' record keys modulo 2^32. A group's count noise is
// drawn from its cell key alone, so the same set of people always gets the same count, however it is asked for.
//
//   counts  n + d, d uniform in −2..+2, then rounded to a multiple of 5 and never under K: two published counts
//           never subtract to an exact small head-count, and a count alone never tells a group size exactly.
//
// Money is not perturbed per group any more: noise tied to a set of people is fresh for every distinct set, and one
// person belongs to hundreds of sets, whose independent draws average away (Dinur–Nissim). Money is protected by
// noise that travels with the person instead: infusion.ts.
import { createHmac } from 'node:crypto';
import { COUNT_NOISE, COUNT_ROUNDING_BASE } from '../../domain/constants';

export { COUNT_NOISE, COUNT_ROUNDING_BASE } from '../../domain/constants';

/** Cell keys live in 0..2^32−1. */
export const CELL_KEY_MODULUS = 4_294_967_296;

/**
 * Draws for one cell. `secret` keys the draws so that even a leaked record key predicts nothing; `cellKey` is
 * the sum of the members' record keys modulo 2^32.
 */
export function createCellNoise(secret: string, cellKey: number) {
  /** Uniform in [0, 1) for a named draw of this cell. */
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
  };
}

export type CellNoise = ReturnType<typeof createCellNoise>;

/** The published size of a group of n ≥ K people: perturbed, rounded to 5, never under K. */
export function perturbCount(n: number, noise: CellNoise, threshold: number): number {
  const rounded = Math.round((n + noise.countNoise()) / COUNT_ROUNDING_BASE) * COUNT_ROUNDING_BASE;
  return Math.max(threshold, rounded);
}
