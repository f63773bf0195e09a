// Attacks 6 and 7 of issue 9: probing with one's own values. The audited build ranked the caller's own value
// against the group's rows, so editing one's form ~100 times and watching the percentile rank step recovered every
// value of a group of 5; and the difference from the median used the unrounded median. Now the position is derived
// from the published (perturbed, rounded) figures and the caller's own values only: probing reveals nothing the
// published figures do not already say, and under QUARTILE_MINIMUM people there is no position at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIES, CITY_COUNTRY, PROTECTION, YEAR, addPeople, assertProtected, compare, cut, payGenerator, startAttackApp, type Attacker, type Person } from './support';
import { SECTORS } from '../../src/domain/questionnaire';
import { QUARTILE_MINIMUM } from '../../src/domain/constants';
import { estimatePosition, type Statistic } from '../../src/domain/peerDistribution';

let a: Attacker;
beforeAll(async () => {
  a = await startAttackApp();
});
afterAll(async () => a?.t.close());

const gen = payGenerator(6006);

/** A member whose own form sits in the cell; returns its bearer and form id. */
async function probingMember(city: string, sector: string, fixedSalary: number) {
  const user = await a.t.createUser({ roles: ['member'] });
  const formId = `probe-${user.id}`;
  await a.t.database.execute(
    `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, currency, country, city, sector, company_size,
       company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus, deferred_compensation, completed_at)
     values ($1, $2, $3, $4, 'completed', '{0,1,2,3,4}', '{}'::jsonb, 'EUR', $5, $6, $7, '1000-4999', 'listed', 'finance', 'director',
             'female', 12, $8, 0, 0, now())`,
    [formId, user.id, user.email, YEAR, CITY_COUNTRY.get(city), city, sector, fixedSalary],
  );
  return { headers: await a.t.bearer(user.id, ['member']), formId };
}

/** Sets the prober's own salary (as editing the form does) and reads its position in the group. */
async function probe(member: { headers: { authorization: string }; formId: string }, filters: Record<string, string>, value: number) {
  await a.t.database.execute('update forms set fixed_salary = $2, revision = revision + 1, updated_at = now() where id = $1', [member.formId, value]);
  return compare(a, filters, member.headers);
}

describe('attacks 6 and 7: probing one’s own position', () => {
  it('a group of 5 to 14 gives no position at all: ~100 probes recover none of its values', async () => {
    const sizes = Array.from({ length: 20 }, (_, i) => 5 + (i % (QUARTILE_MINIMUM - 5)));
    const cells = sizes.map((size, i) => ({
      city: CITIES[i],
      sector: SECTORS[0],
      people: Array.from({ length: size - 1 }, (): Person => ({ city: CITIES[i], sector: SECTORS[0], fixedSalary: gen.pay() })),
    }));
    const filler = CITIES.slice(0, 40).flatMap((city) => Array.from({ length: 6 }, (): Person => ({ city, sector: SECTORS[1], fixedSalary: gen.pay() })));
    await addPeople(a.t.database, [...cells.flatMap((c) => c.people), ...filler]);
    await cut(a.t.database);

    const errors: number[] = [];
    for (const cell of cells) {
      const member = await probingMember(cell.city, cell.sector, 150_000);
      // The prober's own form counts from the next release: cut one so it is in its group.
      await cut(a.t.database);
      const filters = { city: cell.city, sector: cell.sector };
      // The attack of the audit: walk one's own salary up and read where the rank steps; each step is a member's value.
      const steps: number[] = [];
      let previous: number | null = null;
      for (let value = 80_000; value <= 400_000; value += 3_200) {
        const answer = await probe(member, filters, value);
        const rank = answer.position?.fixedSalary?.percentileRank ?? null;
        const diff = answer.position?.fixedSalary?.diffFromMedianPercent ?? null;
        expect(diff).toBeNull();
        if (rank !== null && previous !== null && rank !== previous) steps.push(value);
        previous = rank;
      }
      // Every other member's value is a hidden value; an estimate is the nearest step found (none: no estimate).
      for (const p of cell.people) {
        const nearest = steps.length ? steps.reduce((best, s) => (Math.abs(s - p.fixedSalary) < Math.abs(best - p.fixedSalary) ? s : best)) : null;
        errors.push(nearest === null ? Infinity : Math.abs(nearest - p.fixedSalary) / p.fixedSalary);
      }
    }
    assertProtected({ attack: 'attack 6/7, ~100 probes of one’s own position in groups of 5–14', errors }, PROTECTION);
  }, 300_000);

  it('from 15 people the position is exactly what the published figures give (probing adds nothing)', async () => {
    const city = CITIES[39];
    const people = Array.from({ length: 24 }, (): Person => ({ city, sector: SECTORS[2], fixedSalary: gen.pay() }));
    await addPeople(a.t.database, [...people, ...Array.from({ length: 6 }, (): Person => ({ city, sector: SECTORS[3], fixedSalary: gen.pay() }))]);
    await cut(a.t.database);
    const member = await probingMember(city, SECTORS[2], 150_000);
    await cut(a.t.database);
    const filters = { city, sector: SECTORS[2] };
    for (let value = 80_000; value <= 400_000; value += 16_000) {
      const answer = await probe(member, filters, value);
      const published = answer.measures!.fixedSalary as Statistic;
      expect(published.p50).not.toBeNull();
      // Derived from the published figures and the own value only: nothing about the rows behind them.
      expect(answer.position!.fixedSalary).toEqual(estimatePosition('fixedSalary', published, value));
      expect(answer.position!.fixedSalary!.diffFromMedianPercent).toBe(Math.round(((value - published.p50!) / published.p50!) * 1000) / 10);
    }
  }, 120_000);
});
