// The floor model (src/server/services/floorModel.ts): fitted to the infused percentiles of a large sample, it must
// give back the true percentiles of a log-normal cut at the floor — the shape the deconvolution assumes — and say
// how much the floor shapes the group.
import { describe, expect, it } from 'vitest';
import { fitFloorModel } from '../../src/server/services/floorModel';
import { INFUSION, INFUSION_FACTOR_LOG_VARIANCE, LIMITS } from '../../src/domain/constants';
import { PERCENTILES, percentileCont } from '../../src/domain/statistics';
import { seededRandom } from '../../src/server/db/demoForms';

const FLOOR = LIMITS.fixedSalary.min;

/** A sample of a log-normal (median `median`, log-sd `sigma`) cut at the floor, and its infused values. */
function sample(median: number, sigma: number, n: number, seed: number) {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const truth: number[] = [];
  const infused: number[] = [];
  while (truth.length < n) {
    const x = median * Math.exp(sigma * normal());
    if (x < FLOOR) continue;
    // The infusion as services/infusion.ts draws it: log F normal (permanent and yearly parts together), log J uniform.
    const logFactor = Math.sqrt(INFUSION_FACTOR_LOG_VARIANCE) * normal() + INFUSION.jitter * (2 * random() - 1);
    truth.push(x);
    infused.push(x * Math.exp(logFactor));
  }
  const percentiles = (list: number[]) => {
    const sorted = Float64Array.from(list).sort();
    return PERCENTILES.map((p) => percentileCont(sorted, p));
  };
  return { truth: percentiles(truth), infused: percentiles(infused) };
}

describe('floor model', () => {
  it('gives back the true percentiles of a group piled against the floor, which the infusion smeared below it', () => {
    const { truth, infused } = sample(86_000, 0.3, 200_000, 1);
    // The infusion moved p10 well under the floor: the smear the first-order correction could not undo.
    expect(infused[0]).toBeLessThan(FLOOR);
    const model = fitFloorModel(infused.map(Math.log), PERCENTILES, Math.log(FLOOR))!;
    expect(model.floorShare).toBeGreaterThan(0.3);
    model.truePercentiles.forEach((t, k) => expect(Math.abs(Math.exp(t) / truth[k] - 1), `p${PERCENTILES[k] * 100}`).toBeLessThan(0.01));
    model.infusedPercentiles.forEach((t, k) => expect(Math.abs(Math.exp(t) / infused[k] - 1)).toBeLessThan(0.01));
  });

  it('far above the floor: no floor share, and the true spread narrower than the infused one', () => {
    const { truth, infused } = sample(250_000, 0.3, 200_000, 2);
    const model = fitFloorModel(infused.map(Math.log), PERCENTILES, Math.log(FLOOR))!;
    expect(model.floorShare).toBeLessThan(0.001);
    expect(model.sigma).toBeGreaterThan(0.28);
    expect(model.sigma).toBeLessThan(0.32);
    model.truePercentiles.forEach((t, k) => expect(Math.abs(Math.exp(t) / truth[k] - 1), `p${PERCENTILES[k] * 100}`).toBeLessThan(0.01));
    expect(Math.exp(model.truePercentiles[4] - model.truePercentiles[0])).toBeLessThan(infused[4] / infused[0]);
  });
});
