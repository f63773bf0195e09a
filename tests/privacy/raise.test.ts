// The raise attack (split from averaging.test.ts, whose other half runs beside it): the attacker is given the
// victim's full profile, the exact size of every group, and the release in which the victim's fixed salary rises by
// 3–15 %; the difference of n × mean across that release in every group of the victim estimates the raise. With noise
// infusion the victim's released value moves by the raise × the victim's factor (and the year's factor is redrawn only
// across survey years), so the estimate is the raise × F, never the raise.
import { beforeAll, describe, expect, it } from 'vitest';
import { YEAR, addPeopleWithAccounts, assertProtected, cut, payGenerator, relError, type Person } from './support';
import { VICTIMS, YEARS, answerBook, combinations, fileAttackApp, groupSizes, median, panelPerson } from './averagingPanel';

/** The raise attack's bar: the raise stays ≥ 25 % off at the median. */
const RAISE_BAR = { median: 0.25 };

const a = fileAttackApp();

const gen = payGenerator(25026);

describe('the raise attack', () => {
  const victims: Person[] = [];
  const present = groupSizes();

  beforeAll(async () => {
    // The panel of averaging.test.ts, with the victims already in it (their forms in three years, copied forward).
    const panel: Person[] = [];
    for (const year of YEARS) for (let i = 0; i < 4_000; i++) panel.push(panelPerson(gen, year));
    await addPeopleWithAccounts(a.t.database, panel);
    present.add(panel);
    for (let v = 0; v < VICTIMS; v++) {
      const victim = panelPerson(gen, YEAR);
      const [first] = await addPeopleWithAccounts(a.t.database, [victim]);
      const copies = YEARS.filter((y) => y !== YEAR).map((year) => ({ ...victim, year, userId: first.userId! }));
      await addPeopleWithAccounts(a.t.database, copies);
      victims.push(victim);
      present.add([victim, ...copies]);
    }
    await cut(a.t.database);
  }, 300_000);

  it('the raise attack: an edit across a release gives the raise no closer than a quarter of it', async () => {
    const raised: Array<{ raise: number; estimates: number[] }> = [];
    let before = answerBook(a);
    // One victim at a time edits their latest form's fixed salary by +3..15 %, and a release is cut.
    // At least 40 victims, so the median's bar is shown on enough of them.
    for (const victim of victims.slice(0, 40)) {
      const combos = combinations(victim);
      const sizes = new Map(combos.map((filters) => [JSON.stringify(filters), present.of(YEAR, filters)]));
      await Promise.all(combos.map((filters) => before(YEAR, filters)));
      const rate = 0.03 + gen.random() * 0.12;
      const newPay = Math.round(victim.fixedSalary * (1 + rate));
      const [{ n }] = await a.t.database.execute<{ n: number }>(
        `with changed as (
           update forms set fixed_salary = $1, updated_at = now(), revision = revision + 1
            where survey_year = $2 and fixed_salary = $3 and city = $4 and sector = $5 and position_level = $6 and gender = $7 and company_size = $8
              and annual_bonus = $9 and deferred_compensation = $10
           returning 1)
         select count(*)::int as n from changed`,
        [
          newPay,
          YEAR,
          victim.fixedSalary,
          victim.city,
          victim.sector,
          victim.positionLevel,
          victim.gender,
          victim.companySize,
          victim.annualBonus,
          victim.deferredCompensation,
        ],
      );
      expect(Number(n)).toBe(1);
      const raise = newPay - victim.fixedSalary;
      victim.fixedSalary = newPay;
      await cut(a.t.database);
      const after = answerBook(a);
      const estimates: number[] = [];
      for (const filters of combos) {
        const [b, f] = [await before(YEAR, filters), await after(YEAR, filters)];
        const size = sizes.get(JSON.stringify(filters))!;
        if (b.status !== 'ok' || f.status !== 'ok') continue;
        estimates.push(size * (f.measures!.fixedSalary.mean! - b.measures!.fixedSalary.mean!));
      }
      raised.push({ raise, estimates });
      before = after;
    }
    const weightedByGroup = raised.map(({ raise, estimates }) => relError(estimates.length ? median(estimates) : null, raise));
    const mean = raised.map(({ raise, estimates }) => relError(estimates.length ? estimates.reduce((s, x) => s + x, 0) / estimates.length : null, raise));
    assertProtected({ attack: 'raise attack, median over every group of the victim', errors: weightedByGroup }, RAISE_BAR);
    assertProtected({ attack: 'raise attack, mean over every group of the victim', errors: mean }, RAISE_BAR);
  }, 900_000);
});
