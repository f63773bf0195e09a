// Extremes: groups whose published figures solve for the minimum or the maximum. Each published
// figure is a linear combination of the group's order statistics x(1) ≤ … ≤ x(n) (the mean: all of them; a
// percentile: two neighbours, as percentile_cont interpolates; the median's interval: two order statistics).
// The minimum can be solved for exactly when the unit vector e(1) lies in the span of those combinations. This
// test tries that algebra for every group size under the publication rules, and shows that the rules of the
// audited build (p10/p90 and the interval from 10) were solvable at n = 10, so the check is not vacuous.
// The thresholds are decided on the PUBLISHED count (n + d, d in −2..+2, rounded to 5, never under K), so a
// group of n people publishes the figures of any count it can be shown with: a true n of 11 can show 15 (quartiles)
// and a true n of 16 can show 20 (p10, p90 and the interval). The algebra tries every count each n can show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERCENTILES, medianCiRanks } from '../../src/domain/statistics';
import { COUNT_NOISE, COUNT_ROUNDING_BASE, DEFAULT_PRIVACY_THRESHOLD, QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../src/domain/constants';
import { CITIES, PROTECTION, addPeople, assertProtected, compare, cut, payGenerator, relError, startAttackApp, type Attacker } from './support';
import { SECTORS } from '../../src/domain/questionnaire';

type Row = number[];

/** Coefficients of percentile_cont(p) over the order statistics of n values. */
function percentileRow(n: number, p: number): Row {
  const row = new Array<number>(n).fill(0);
  const h = p * (n - 1);
  const low = Math.floor(h);
  const w = h - low;
  row[low] += 1 - w;
  if (w > 0) row[low + 1] += w;
  return row;
}

function orderStatisticRow(n: number, rank: number): Row {
  const row = new Array<number>(n).fill(0);
  row[rank - 1] = 1;
  return row;
}

/**
 * The linear figures a group of n publishes under the given thresholds: K on the true n, the quartiles and the
 * tails on the count the answer shows (the audited build showed and decided on the true n: count = n).
 */
function publishedRows(n: number, rules: { k: number; quartiles: number; tails: number }, count = n): Row[] {
  if (n < rules.k) return [];
  const rows: Row[] = [new Array<number>(n).fill(1 / n)];
  if (count >= rules.quartiles) for (const p of [0.25, 0.5, 0.75]) rows.push(percentileRow(n, p));
  if (count >= rules.tails) {
    for (const p of [0.1, 0.9]) rows.push(percentileRow(n, p));
    const { lower, upper } = medianCiRanks(n);
    rows.push(orderStatisticRow(n, lower), orderStatisticRow(n, upper));
  }
  return rows;
}

function rank(rows: Row[]): number {
  const m = rows.map((r) => [...r]);
  let r = 0;
  const cols = m[0]?.length ?? 0;
  for (let c = 0; c < cols && r < m.length; c++) {
    let pivot = r;
    for (let i = r + 1; i < m.length; i++) if (Math.abs(m[i][c]) > Math.abs(m[pivot][c])) pivot = i;
    if (Math.abs(m[pivot][c]) < 1e-9) continue;
    [m[r], m[pivot]] = [m[pivot], m[r]];
    for (let i = 0; i < m.length; i++) {
      if (i === r) continue;
      const f = m[i][c] / m[r][c];
      for (let j = c; j < cols; j++) m[i][j] -= f * m[r][j];
    }
    r++;
  }
  return r;
}

/** Whether the figures determine x(index) (1-based) whatever the other values are. */
function solvable(rows: Row[], n: number, index: number): boolean {
  if (rows.length === 0) return false;
  return rank([...rows, orderStatisticRow(n, index)]) === rank(rows);
}

const CURRENT = { k: DEFAULT_PRIVACY_THRESHOLD, quartiles: QUARTILE_MINIMUM, tails: TAIL_PERCENTILE_MINIMUM };

/** Every count a group of n ≥ K can be published with (services/perturbation.ts perturbCount, over all its noise). */
function possibleCounts(n: number, k: number): number[] {
  const counts = new Set<number>();
  for (let d = -COUNT_NOISE; d <= COUNT_NOISE; d++) counts.add(Math.max(k, Math.round((n + d) / COUNT_ROUNDING_BASE) * COUNT_ROUNDING_BASE));
  return [...counts];
}
const AUDITED = { k: 5, quartiles: 5, tails: 10 };

describe('attack 4: published figures never solve for a minimum or a maximum', () => {
  it('the algebra finds the leak of the audited rules (n = 10: p10, p90 and the interval bounds x(2), x(9))', () => {
    expect(PERCENTILES).toEqual([0.1, 0.25, 0.5, 0.75, 0.9]);
    expect(solvable(publishedRows(10, AUDITED), 10, 1)).toBe(true);
    expect(solvable(publishedRows(10, AUDITED), 10, 10)).toBe(true);
  });

  it('under the current rules no group size from K to 400, with any count it can be shown with, determines its minimum or maximum', () => {
    const leaks: string[] = [];
    // The smallest true sizes that can show quartiles and tails (the counts' noise reaches below the thresholds).
    expect(
      Math.min(...Array.from({ length: 40 }, (_, n) => n).filter((n) => n >= CURRENT.k && possibleCounts(n, CURRENT.k).some((c) => c >= QUARTILE_MINIMUM))),
    ).toBe(11);
    expect(
      Math.min(
        ...Array.from({ length: 40 }, (_, n) => n).filter((n) => n >= CURRENT.k && possibleCounts(n, CURRENT.k).some((c) => c >= TAIL_PERCENTILE_MINIMUM)),
      ),
    ).toBe(16);
    for (let n = CURRENT.k; n <= 400; n++) {
      for (const shown of possibleCounts(n, CURRENT.k)) {
        const rows = publishedRows(n, CURRENT, shown);
        if (solvable(rows, n, 1)) leaks.push(`min at n=${n} shown as ${shown}`);
        if (solvable(rows, n, n)) leaks.push(`max at n=${n} shown as ${shown}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  describe('against the real API', () => {
    let a: Attacker;
    beforeAll(async () => {
      a = await startAttackApp();
    });
    afterAll(async () => a?.t.close());

    it('groups of 10 to 40: the attack of the audit (solve p10 with the interval bound) gets nothing', async () => {
      const gen = payGenerator(4004);
      const cells = CITIES.slice(0, 31).map((city, i) => ({
        city,
        sector: SECTORS[0],
        people: Array.from({ length: 10 + i }, () => ({ city, sector: SECTORS[0], fixedSalary: gen.pay() })),
      }));
      // Other cells of each city, and of the sector, so no answer is refused for its neighbours.
      const filler = [
        ...CITIES.slice(0, 31).flatMap((city) => Array.from({ length: 6 }, () => ({ city, sector: SECTORS[1], fixedSalary: gen.pay() }))),
        ...Array.from({ length: 6 }, () => ({ city: CITIES[35], sector: SECTORS[0], fixedSalary: gen.pay() })),
      ];
      await addPeople(a.t.database, [...cells.flatMap((c) => c.people), ...filler]);
      await cut(a.t.database);
      const errors: number[] = [];
      const shownWithTails: number[] = [];
      for (const cell of cells) {
        const n = cell.people.length;
        const answer = await compare(a, { city: cell.city, sector: cell.sector });
        const published = answer.measures?.fixedSalary;
        const sorted = cell.people.map((p) => p.fixedSalary).sort((x, y) => x - y);
        // The audit's algebra: p10 = (1 − w)·x(1) + w·x(2) with x(2) the interval's lower bound.
        const h = 0.1 * (n - 1);
        const w = h - Math.floor(h);
        const { lower } = medianCiRanks(n);
        const usable = published?.p10 != null && published.medianCi && Math.floor(h) === 0 && lower === 2;
        const estimate = usable ? (published.p10! - w * published.medianCi!.low) / (1 - w) : null;
        errors.push(relError(estimate, sorted[0]));
        // What is published follows the count the answer shows, never the true n.
        const shown = answer.count!;
        expect(published!.n).toBe(shown);
        for (const figure of [published!.p25, published!.p50, published!.p75]) expect(figure !== null).toBe(shown >= QUARTILE_MINIMUM);
        for (const figure of [published!.p10, published!.p90, published!.medianCi]) expect(figure !== null).toBe(shown >= TAIL_PERCENTILE_MINIMUM);
        if (n < TAIL_PERCENTILE_MINIMUM && shown >= TAIL_PERCENTILE_MINIMUM) shownWithTails.push(n);
      }
      assertProtected(
        {
          attack: 'attack 4, minimum from p10 and the median interval (n = 10..40)',
          errors,
          note: `groups under ${TAIL_PERCENTILE_MINIMUM} shown with tails: ${shownWithTails.length ? shownWithTails.join(', ') : 'none'}`,
        },
        PROTECTION,
      );
    }, 120_000);
  });
});
