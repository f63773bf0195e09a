// The attacker who knows every line of the method. The factor's distribution is published (docs, constants,
// the methodology page), so the attacker here knows it exactly; what it gets from the product is the value V that a
// release holds for the victim (pay × factor × jitter: averaging every filter combination, year and release converges
// on it, tests/privacy/averaging.test.ts shows it live) and the published figures of the victim's group. It estimates
// the victim's fixed salary with the Bayes-optimal rule of each bar: the posterior median for the median error, and the
// estimate that maximises the chance of landing within 5 % (a window of the posterior) for the share within 5 %. Every
// error is measured against the entered values.
//
// The promise is relative: no design can hide a person better than their group does, so the bar is the attacker's gain
// over the baseline of taking the group's published median as the person's pay:
//   median error ≥ 0.7 × the baseline's; share within 5 % ≤ max(1.3 × the baseline's, the baseline's + 10 points).
// The same bars hold when the attacker also knows the victim's true bonus (and sees its released value), when it knows
// the victim's true fixed salary of another survey year (the baseline then is the better of the group median and that
// pay × the panel's median raise), and for the attacker who combines a person's values over every year they answered.
//
// The panel is the demo generator's (src/server/db/demoForms.ts: realistic profiles, pay and year-to-year raises);
// the attacker's knowledge of the noise is estimated from the release's own values against the entered ones, as the
// published design allows; the prior is a log-normal fitted to the group's published percentiles, cut at the floor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_COUNTRY, addPeopleWithAccounts, compare, cut, startAttackApp, summarise, type Attacker, type Person, type Published } from './support';
import { generateDemoPeople, seededRandom, type DemoPerson } from '../../src/server/db/demoForms';
import { INFUSION_LOG_VARIANCE, LIMITS } from '../../src/domain/constants';
import { normalCdf, normalQuantile } from '../../src/domain/normal';
import { MEASURED_PRIVACY } from '../../src/domain/privacyFigures';

/** Forms in the panel (an audit of the earlier factor used 20,000). */
const FORMS = 24_000;
/** Offline victims per attack: the issue asks for at least 200. */
const VICTIMS = 600;
const NOW = new Date('2026-06-30T12:00:00Z');
const TARGET_YEAR = 2025;
const FLOOR = Math.log(LIMITS.fixedSalary.min);

interface Entry {
  person: number;
  year: number;
  formId: string;
  profile: Person;
  fixed: number;
  bonus: number;
  /** What the release holds for this form (infused). */
  released: { fixed: number; bonus: number };
}

let a: Attacker;
const entries: Entry[] = [];
const byPerson = new Map<number, Entry[]>();

beforeAll(async () => {
  a = await startAttackApp();
  const people: DemoPerson[] = [...generateDemoPeople(FORMS, 20230101, NOW)];
  // Each person's forms year by year: first forms make the accounts, later ones join them.
  const userOf = new Map<number, string>();
  const maxForms = Math.max(...people.map((p) => p.forms.length));
  for (let round = 0; round < maxForms; round++) {
    const batch = people.filter((p) => p.forms.length > round);
    const rows: Person[] = batch.map((p) => {
      const f = p.forms[round].answers;
      return {
        city: f.city,
        sector: f.sector,
        positionLevel: f.positionLevel,
        companySize: f.companySize,
        companyType: f.companyType,
        functionalArea: f.functionalArea,
        gender: f.gender,
        yearsExperience: f.yearsExperience,
        fixedSalary: f.fixedSalary,
        annualBonus: f.annualBonus,
        deferredCompensation: f.deferredCompensation,
        year: p.forms[round].surveyYear,
        userId: userOf.get(p.index),
      };
    });
    const written = await addPeopleWithAccounts(a.t.database, rows);
    written.forEach((w, i) => {
      const p = batch[i];
      if (round === 0) userOf.set(p.index, w.userId!);
      const entry: Entry = {
        person: p.index,
        year: rows[i].year!,
        formId: w.formId,
        profile: rows[i],
        fixed: rows[i].fixedSalary,
        bonus: rows[i].annualBonus ?? 0,
        released: { fixed: NaN, bonus: NaN },
      };
      entries.push(entry);
      byPerson.set(p.index, [...(byPerson.get(p.index) ?? []), entry]);
    });
  }
  await cut(a.t.database);
  const rows = await a.t.database.execute<{ form_id: string; fx: number; bn: number }>(
    `select form_id, fx, bn from release_forms where release_id = (select id from statistics_releases where current)`,
  );
  const released = new Map(rows.map((r) => [r.form_id, r]));
  for (const e of entries) {
    const r = released.get(e.formId);
    if (r) e.released = { fixed: Number(r.fx), bonus: Number(r.bn) };
  }
}, 600_000);

afterAll(async () => {
  await a?.t.close();
});

// ---------------------------------------------------------------------------------------------------------------
// The attacker's tools: a density estimated from samples, a prior from published percentiles, a posterior on a grid.

const GRID_STEP = 0.002;

/** A density of a log-space error, estimated from samples (Gaussian kernels, Silverman's bandwidth), tabulated. */
function densityOf(samples: number[]): (x: number) => number {
  const n = samples.length;
  const mean = samples.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(samples.reduce((s, x) => s + (x - mean) ** 2, 0) / n);
  const h = 1.06 * sd * n ** -0.2;
  const lo = Math.min(...samples) - 5 * h;
  const hi = Math.max(...samples) + 5 * h;
  const size = Math.ceil((hi - lo) / GRID_STEP) + 1;
  const table = new Float64Array(size);
  // Binned samples convolved with the kernel: O(size × kernel width) instead of O(size × n).
  const bins = new Float64Array(size);
  for (const x of samples) bins[Math.round((x - lo) / GRID_STEP)] += 1;
  const reach = Math.ceil((4 * h) / GRID_STEP);
  const kernel = Array.from({ length: 2 * reach + 1 }, (_, k) => Math.exp(-0.5 * (((k - reach) * GRID_STEP) / h) ** 2));
  for (let i = 0; i < size; i++) {
    if (bins[i] === 0) continue;
    for (let k = -reach; k <= reach; k++) {
      const j = i + k;
      if (j >= 0 && j < size) table[j] += bins[i] * kernel[k + reach];
    }
  }
  return (x: number) => {
    const i = Math.round((x - lo) / GRID_STEP);
    return i < 0 || i >= size ? 0 : table[i];
  };
}

/** A log-normal fitted to the published percentiles (least squares on Φ⁻¹ of their levels), in log space. */
function priorFrom(published: Published): { mu: number; sigma: number } | null {
  const m = published.status === 'ok' ? published.measures?.fixedSalary : null;
  if (!m || m.p25 === null || m.p50 === null || m.p75 === null) return null;
  const levels: Array<[number, number | null]> = [
    [0.1, m.p10],
    [0.25, m.p25],
    [0.5, m.p50],
    [0.75, m.p75],
    [0.9, m.p90],
  ];
  const points = levels.filter((p): p is [number, number] => p[1] !== null);
  const zs = points.map(([level]) => normalQuantile(level));
  const ys = points.map(([, value]) => Math.log(value));
  const zMean = zs.reduce((s, z) => s + z, 0) / zs.length;
  const yMean = ys.reduce((s, y) => s + y, 0) / ys.length;
  const sigma = zs.reduce((s, z, i) => s + (z - zMean) * (ys[i] - yMean), 0) / zs.reduce((s, z) => s + (z - zMean) ** 2, 0);
  return { mu: yMean - sigma * zMean, sigma: Math.max(sigma, 0.02) };
}

interface Estimates {
  median: number;
  /** The estimate that maximises the posterior chance of being within 5 % of the truth. */
  within5: number;
}

/**
 * Bayes: a prior on log pay (an array of log-density by grid point from `start`) times the likelihood of the
 * observation, on a grid; returns the posterior median and the within-5 % maximiser, as pay.
 */
function posterior(start: number, logPrior: Float64Array, likelihood: (t: number) => number): Estimates | null {
  const weights = new Float64Array(logPrior.length);
  let total = 0;
  for (let i = 0; i < logPrior.length; i++) {
    const w = Number.isFinite(logPrior[i]) ? Math.exp(logPrior[i]) * likelihood(start + i * GRID_STEP) : 0;
    weights[i] = w;
    total += w;
  }
  if (!(total > 0)) return null;
  const cumulative = new Float64Array(weights.length + 1);
  for (let i = 0; i < weights.length; i++) cumulative[i + 1] = cumulative[i] + weights[i];
  let medianIndex = 0;
  while (cumulative[medianIndex + 1] < total / 2) medianIndex++;
  // An estimate e lands within 5 % of x when x ∈ [e / 1.05, e / 0.95]: in log space [t − log 1.05, t − log 0.95].
  const below = Math.round(Math.log(1.05) / GRID_STEP);
  const above = Math.round(-Math.log(0.95) / GRID_STEP);
  let best = 0;
  let bestMass = -1;
  for (let i = 0; i < weights.length; i++) {
    const mass = cumulative[Math.min(weights.length, i + above + 1)] - cumulative[Math.max(0, i - below)];
    if (mass > bestMass) {
      bestMass = mass;
      best = i;
    }
  }
  return { median: Math.exp(start + medianIndex * GRID_STEP), within5: Math.exp(start + best * GRID_STEP) };
}

/** A log-normal prior cut at the survey's floor (nobody's counted fixed salary is under it), on the grid. */
function logNormalPrior(prior: { mu: number; sigma: number }): { start: number; logPrior: Float64Array } {
  const start = FLOOR;
  const end = Math.max(prior.mu + 5 * prior.sigma, FLOOR + 1);
  const logPrior = new Float64Array(Math.ceil((end - start) / GRID_STEP) + 1);
  for (let i = 0; i < logPrior.length; i++) logPrior[i] = -0.5 * ((start + i * GRID_STEP - prior.mu) / prior.sigma) ** 2;
  return { start, logPrior };
}

/** A prior given by samples of log pay (a density of them), on the grid. */
function samplePrior(samples: number[]): { start: number; logPrior: Float64Array } {
  const density = densityOf(samples);
  const start = Math.max(FLOOR, Math.min(...samples) - 0.3);
  const end = Math.max(...samples) + 0.3;
  const logPrior = new Float64Array(Math.ceil((end - start) / GRID_STEP) + 1);
  for (let i = 0; i < logPrior.length; i++) logPrior[i] = Math.log(density(start + i * GRID_STEP));
  return { start, logPrior };
}

// ---------------------------------------------------------------------------------------------------------------
// The victims' groups, as the personalised comparison widens them: country × sector × level, then without the
// country, then without the sector, until the group publishes its quartiles.

const answers = new Map<string, Promise<Published>>();
function ask(filters: Record<string, string | number>): Promise<Published> {
  const key = JSON.stringify(filters);
  let answer = answers.get(key);
  if (!answer) answers.set(key, (answer = compare(a, filters)));
  return answer;
}

async function groupOf(e: Entry): Promise<Published | null> {
  const countryCode = CITY_COUNTRY.get(e.profile.city)!;
  const widening: Array<Record<string, string | number>> = [
    { year: e.year, country: countryCode, sector: e.profile.sector, positionLevel: e.profile.positionLevel! },
    { year: e.year, sector: e.profile.sector, positionLevel: e.profile.positionLevel! },
    { year: e.year, positionLevel: e.profile.positionLevel! },
  ];
  for (const filters of widening) {
    const published = await ask(filters);
    if (priorFrom(published)) return published;
  }
  return null;
}

/** Victims drawn from a seeded stream among the candidates. */
function draw<T>(candidates: T[], n: number, seed: number): T[] {
  const random = seededRandom(seed);
  const pool = [...candidates];
  const chosen: T[] = [];
  while (chosen.length < n && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return chosen;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const rel = (estimate: number, truth: number) => Math.abs(estimate / truth - 1);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

interface Scored {
  attack: string;
  victims: number;
  baseline: { median: number; within5: number };
  attacker: Record<keyof Estimates, { median: number; within5: number }>;
}

/**
 * Prints an attack beside its baseline and asserts the promise's bars (docs/statistics-and-privacy.md "The promise"),
 * each against the Bayes rule that is optimal for it:
 * the median error against the posterior median (which minimises the expected absolute error in log space), the share
 * within 5 % against the within-5 % maximiser. The other two pairings are printed too.
 */
function assertRelative(attack: string, truths: number[], baseline: number[][], found: Estimates[]): Scored {
  // The baseline is the better of its candidates on each score (lower median error, higher share within 5 %).
  const baselines = baseline.map((estimates) => summarise(estimates.map((e, i) => rel(e, truths[i]))));
  const base = { median: Math.min(...baselines.map((b) => b.median)), within5: Math.max(...baselines.map((b) => b.within5)) };
  const scored: Scored = {
    attack,
    victims: truths.length,
    baseline: base,
    attacker: { median: { median: 0, within5: 0 }, within5: { median: 0, within5: 0 } },
  };
  const medianBar = 0.7 * base.median;
  const within5Bar = Math.max(1.3 * base.within5, base.within5 + 0.1);
  for (const rule of ['median', 'within5'] as const) {
    const s = summarise(found.map((f, i) => rel(f[rule], truths[i])));
    scored.attacker[rule] = { median: s.median, within5: s.within5 };
  }
  const { median: byMedian, within5: byWindow } = scored.attacker;
  const line =
    `[privacy] ${attack}: ${truths.length} victims; baseline (the group's published median${baseline.length > 1 ? ', or the pay of the year before × the median raise' : ''}) ` +
    `median error ${pct(base.median)}, within 5 % ${pct(base.within5)}; Bayes posterior median: median error ${pct(byMedian.median)} ` +
    `(bar ≥ ${pct(medianBar)}, gain ratio ${(byMedian.median / base.median).toFixed(2)}), within 5 % ${pct(byMedian.within5)}; ` +
    `within-5 % maximiser: within 5 % ${pct(byWindow.within5)} (bar ≤ ${pct(within5Bar)}), median error ${pct(byWindow.median)}`;
  console.log(line);
  expect(byMedian.median, line).toBeGreaterThanOrEqual(medianBar);
  expect(byWindow.within5, line).toBeLessThanOrEqual(within5Bar);
  return scored;
}

/** log(V / true) of a measure over the release's forms: what the attacker learns of the noise from the published design. */
function noiseSamples(measure: 'fixed' | 'bonus', year?: number): number[] {
  return entries
    .filter((e) => (year === undefined || e.year === year) && Number.isFinite(e.released[measure]) && e[measure] > 0)
    .map((e) => Math.log(e.released[measure] / e[measure]));
}

describe('an attacker who knows the method, the noise distribution and the group', () => {
  it('recovering V and weighing it against the group’s published figures gains at most what the bars allow (fixed salary)', async () => {
    const candidates = entries.filter((e) => e.year === TARGET_YEAR && Number.isFinite(e.released.fixed));
    const noise = densityOf(noiseSamples('fixed'));
    const truths: number[] = [];
    const baseline: number[] = [];
    const found: Estimates[] = [];
    for (const victim of draw(candidates, VICTIMS, 36_001)) {
      const group = await groupOf(victim);
      const prior = group && priorFrom(group);
      if (!group || !prior) continue;
      const grid = logNormalPrior(prior);
      const observed = Math.log(victim.released.fixed);
      const estimate = posterior(grid.start, grid.logPrior, (t) => noise(observed - t));
      if (!estimate) continue;
      truths.push(victim.fixed);
      baseline.push(group.measures!.fixedSalary.p50!);
      found.push(estimate);
    }
    expect(truths.length).toBeGreaterThanOrEqual(200);
    const scored = assertRelative('informed attacker, V and the group', truths, [baseline], found);
    // The methodology page states these figures (src/domain/privacyFigures.ts): they must be the ones measured here.
    const measured = {
      victims: scored.victims,
      baselineMedianError: scored.baseline.median,
      baselineWithin5: scored.baseline.within5,
      attackerMedianError: scored.attacker.median.median,
      attackerWithin5: scored.attacker.within5.within5,
    };
    console.log(
      `[privacy] measured for src/domain/privacyFigures.ts: ${JSON.stringify(measured, (_, v) => (typeof v === 'number' ? Math.round(v * 10_000) / 10_000 : v))}`,
    );
    expect(MEASURED_PRIVACY.victims).toBe(scored.victims);
    expect(MEASURED_PRIVACY.baselineMedianError).toBeCloseTo(scored.baseline.median, 3);
    expect(MEASURED_PRIVACY.baselineWithin5).toBeCloseTo(scored.baseline.within5, 3);
    expect(MEASURED_PRIVACY.attackerMedianError).toBeCloseTo(scored.attacker.median.median, 3);
    expect(MEASURED_PRIVACY.attackerWithin5).toBeCloseTo(scored.attacker.within5.within5, 3);
  }, 300_000);

  it('knowing the victim’s true bonus (and seeing its released value) tells nothing more of the fixed salary', async () => {
    const candidates = entries.filter((e) => e.year === TARGET_YEAR && e.bonus > 0 && Number.isFinite(e.released.fixed));
    // The attacker learns the bonus's factor exactly and models the fixed salary's noise given it, from the release:
    // a regression of log(V_fixed / fixed) on log(V_bonus / bonus) and the density of what it leaves.
    const pairs = entries
      .filter((e) => e.bonus > 0 && Number.isFinite(e.released.fixed))
      .map((e) => [Math.log(e.released.bonus / e.bonus), Math.log(e.released.fixed / e.fixed)]);
    const mx = pairs.reduce((s, [x]) => s + x, 0) / pairs.length;
    const my = pairs.reduce((s, [, y]) => s + y, 0) / pairs.length;
    const slope = pairs.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / pairs.reduce((s, [x]) => s + (x - mx) ** 2, 0);
    const residual = densityOf(pairs.map(([x, y]) => y - my - slope * (x - mx)));
    console.log(`[privacy] factor of the bonus against the fixed salary's (log space): slope ${slope.toFixed(3)} over ${pairs.length} forms`);
    expect(Math.abs(slope)).toBeLessThan(0.1);
    const truths: number[] = [];
    const baseline: number[] = [];
    const found: Estimates[] = [];
    for (const victim of draw(candidates, VICTIMS, 36_002)) {
      const group = await groupOf(victim);
      const prior = group && priorFrom(group);
      if (!group || !prior) continue;
      const grid = logNormalPrior(prior);
      const bonusNoise = Math.log(victim.released.bonus / victim.bonus);
      const shift = my + slope * (bonusNoise - mx);
      const observed = Math.log(victim.released.fixed);
      const estimate = posterior(grid.start, grid.logPrior, (t) => residual(observed - t - shift + my));
      if (!estimate) continue;
      truths.push(victim.fixed);
      baseline.push(group.measures!.fixedSalary.p50!);
      found.push(estimate);
    }
    expect(truths.length).toBeGreaterThanOrEqual(200);
    assertRelative('informed attacker who knows the true bonus', truths, [baseline], found);
  }, 300_000);

  it('knowing the victim’s true fixed salary of the year before gains at most what the bars allow over that pay × the median raise', async () => {
    const previous = (e: Entry) => byPerson.get(e.person)!.find((p) => p.year === e.year - 1);
    const candidates = entries.filter(
      (e) => e.year === TARGET_YEAR && Number.isFinite(e.released.fixed) && previous(e) && Number.isFinite(previous(e)!.released.fixed),
    );
    // What the attacker learns of the method from the release: how a person's noise of one year carries to the next
    // (regression and the density of what it leaves), and the panel's raises (given to it: more than is published).
    const linked = entries.filter((e) => Number.isFinite(e.released.fixed) && previous(e) && Number.isFinite(previous(e)!.released.fixed));
    const pairs = linked.map((e) => [Math.log(previous(e)!.released.fixed / previous(e)!.fixed), Math.log(e.released.fixed / e.fixed)]);
    const mx = pairs.reduce((s, [x]) => s + x, 0) / pairs.length;
    const my = pairs.reduce((s, [, y]) => s + y, 0) / pairs.length;
    const slope = pairs.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / pairs.reduce((s, [x]) => s + (x - mx) ** 2, 0);
    const residual = densityOf(pairs.map(([x, y]) => y - my - slope * (x - mx)));
    const raises = linked.map((e) => Math.log(e.fixed / previous(e)!.fixed));
    const medianRaise = Math.exp(median(raises));
    console.log(
      `[privacy] a person's noise from one year to the next: slope ${slope.toFixed(3)} over ${pairs.length} pairs; panel's median raise ${pct(medianRaise - 1)}`,
    );
    const truths: number[] = [];
    const baselines: number[][] = [[], []];
    const found: Estimates[] = [];
    for (const victim of draw(candidates, VICTIMS, 36_003)) {
      const before = previous(victim)!;
      const group = await groupOf(victim);
      if (!group || !priorFrom(group)) continue;
      // The prior: last year's pay moved by the panel's raises (the group's figures add nothing to it).
      const grid = samplePrior(raises.map((r) => Math.log(before.fixed) + r));
      const shift = my + slope * (Math.log(before.released.fixed / before.fixed) - mx);
      const observed = Math.log(victim.released.fixed);
      const estimate = posterior(grid.start, grid.logPrior, (t) => residual(observed - t - shift + my));
      if (!estimate) continue;
      truths.push(victim.fixed);
      baselines[0].push(group.measures!.fixedSalary.p50!);
      baselines[1].push(before.fixed * medianRaise);
      found.push(estimate);
    }
    expect(truths.length).toBeGreaterThanOrEqual(200);
    assertRelative('informed attacker who knows the pay of the year before', truths, baselines, found);
  }, 300_000);

  it('combining a person’s values over every year they answered gains at most what the bars allow', async () => {
    // People who answered at least three years; the target is their latest. The attacker brings every year's value to
    // the target year with the panel's median raise and averages in log space; the noise of that average it learns
    // from the release (everyone's average against their true pay), the prior from the group.
    const raises = entries
      .filter((e) => byPerson.get(e.person)!.some((p) => p.year === e.year - 1))
      .map((e) => Math.log(e.fixed / byPerson.get(e.person)!.find((p) => p.year === e.year - 1)!.fixed));
    const logRaise = median(raises);
    const averaged = (forms: Entry[], target: Entry) =>
      forms.reduce((s, f) => s + Math.log(f.released.fixed) + (target.year - f.year) * logRaise, 0) / forms.length;
    const people = [...byPerson.values()].map((forms) => forms.filter((f) => Number.isFinite(f.released.fixed))).filter((forms) => forms.length >= 3);
    const targets = people.map((forms) => ({ forms, target: forms[forms.length - 1] }));
    const noise = densityOf(targets.map(({ forms, target }) => averaged(forms, target) - Math.log(target.fixed)));
    const truths: number[] = [];
    const baseline: number[] = [];
    const found: Estimates[] = [];
    for (const { forms, target } of draw(targets, VICTIMS, 36_004)) {
      const group = await groupOf(target);
      const prior = group && priorFrom(group);
      if (!group || !prior) continue;
      const grid = logNormalPrior(prior);
      const observed = averaged(forms, target);
      const estimate = posterior(grid.start, grid.logPrior, (t) => noise(observed - t));
      if (!estimate) continue;
      truths.push(target.fixed);
      baseline.push(group.measures!.fixedSalary.p50!);
      found.push(estimate);
    }
    expect(truths.length).toBeGreaterThanOrEqual(200);
    assertRelative('informed attacker who averages a person over every year', truths, [baseline], found);
  }, 300_000);

  it('the noise the attacker estimates from the release is the published design: normal in log space, one peak, no gap at 1', () => {
    const samples = noiseSamples('fixed', TARGET_YEAR);
    const sd = Math.sqrt(samples.reduce((s, x) => s + x * x, 0) / samples.length);
    const near = samples.filter((x) => Math.abs(x) < 0.05).length / samples.length;
    // Under a normal of that spread, the share within ±0.05 (the old two-peaked factor had none there).
    const expected = normalCdf(0.05 / sd) - normalCdf(-0.05 / sd);
    console.log(`[privacy] released/true fixed salary, log space: sd ${sd.toFixed(3)}; within ±5 %: ${pct(near)} (normal: ${pct(expected)})`);
    expect(Math.abs(near - expected)).toBeLessThan(0.03);
    expect(sd / Math.sqrt(INFUSION_LOG_VARIANCE)).toBeGreaterThan(0.95);
    expect(sd / Math.sqrt(INFUSION_LOG_VARIANCE)).toBeLessThan(1.05);
  });
});
