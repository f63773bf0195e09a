// Own-position attacks: probing with one's own values. The audited build ranked the caller's own value
// against the group's rows, so editing one's form ~100 times and watching the percentile rank step recovered every
// value of a group of 5; and the difference from the median used the unrounded median. Now the position is derived
// from the published (infused, rounded) figures and the caller's own values only: probing reveals nothing the
// published figures do not already say, and a group shown as fewer than QUARTILE_MINIMUM people has no position at
// all. The threshold is decided on the count the answer shows, not the true n: a group of 11–14 can be shown as 15,
// and then its position interpolates between its published percentiles. Those percentiles are all the probes can
// find (where the rank's slope breaks), and each is the infused value of one or two members
// (src/server/services/infusion.ts): the attacker's error on those members' pay must still meet the bars.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITIES,
  CITY_COUNTRY,
  PROTECTION,
  YEAR,
  addPeople,
  assertProtected,
  compare,
  cut,
  payGenerator,
  relError,
  startAttackApp,
  type Attacker,
  type Person,
} from './support';
import { SECTORS } from '../../src/domain/questionnaire';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../src/domain/constants';
import { estimatePosition, type Statistic } from '../../src/domain/peerDistribution';

let a: Attacker;
beforeAll(async () => {
  a = await startAttackApp();
});
afterAll(async () => a?.t.close());

const gen = payGenerator(6006);

let probers = 0;
/** A member whose own form sits in the cell; returns its bearer and form id. */
async function probingMember(city: string, sector: string, fixedSalary: number) {
  const user = await a.t.createUser({ roles: ['member'] });
  // A seeded form id: a form's jitter is drawn from its id.
  const formId = `probe-${++probers}`;
  await a.t.database.execute(
    `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, currency, country, city, sector, company_size,
       company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus, deferred_compensation, completed_at)
     values ($1, $2, $3, $4, 'completed', '{0,1,2,3,4}', '{}'::jsonb, 'EUR', $5, $6, $7, '1000-4999', 'listed', 'finance', 'director',
             'female', 12, $8, 0, 0, now())`,
    [formId, user.id, user.email, YEAR, CITY_COUNTRY.get(city), city, sector, fixedSalary],
  );
  // Seeded keys (the database would draw them at random), so every run sees the same counts and infusion.
  await a.t.database.execute('update forms set record_key = $2 where id = $1', [formId, Math.floor(gen.random() * 4_294_967_296)]);
  await a.t.database.execute('update users set noise_key = $2 where id = $1', [user.id, Math.floor(gen.random() * 2 ** 52)]);
  return { headers: await a.t.bearer(user.id, ['member']), formId };
}

/** Sets the prober's own salary (as editing the form does) and reads its position in the group. */
async function probe(member: { headers: { authorization: string }; formId: string }, filters: Record<string, string>, value: number) {
  await a.t.database.execute('update forms set fixed_salary = $2, revision = revision + 1, updated_at = now() where id = $1', [member.formId, value]);
  return compare(a, filters, member.headers);
}

describe('attacks 6 and 7: probing one’s own position', () => {
  it('a group of 5 to 14 gives a position only when shown as 15 or more, and ~100 probes then learn only the published percentiles', async () => {
    // Every size from 5 to 14 twice, and 20 more groups of 11 to 14 (those that can be shown as 15) in another sector.
    const sizes = [...Array.from({ length: 20 }, (_, i) => 5 + (i % (QUARTILE_MINIMUM - 5))), ...Array.from({ length: 20 }, (_, i) => 11 + (i % 4))];
    const cells = sizes.map((size, i) => {
      const [city, sector] = [CITIES[i % 20], SECTORS[i < 20 ? 0 : 4]];
      return { city, sector, people: Array.from({ length: size - 1 }, (): Person => ({ city, sector, fixedSalary: gen.pay() })) };
    });
    const filler = CITIES.slice(0, 40).flatMap((city) => Array.from({ length: 6 }, (): Person => ({ city, sector: SECTORS[1], fixedSalary: gen.pay() })));
    const ids = await addPeople(a.t.database, [...cells.flatMap((c) => c.people), ...filler]);
    await cut(a.t.database);

    const errors: number[] = [];
    const withPosition: number[] = [];
    let offset = 0;
    for (const cell of cells) {
      const payOf = new Map(cell.people.map((p, j) => [ids[offset + j], p.fixedSalary]));
      offset += cell.people.length;
      const member = await probingMember(cell.city, cell.sector, 150_000);
      // The prober's own form counts from the next release: cut one so it is in its group.
      await cut(a.t.database);
      const filters = { city: cell.city, sector: cell.sector };
      // The attack of the audit: walk one's own salary up and read where the rank steps.
      let published: Statistic | null = null;
      let shown: number | null = null;
      for (let value = 80_000; value <= 400_000; value += 3_200) {
        const answer = await probe(member, filters, value);
        shown = answer.count!;
        published = answer.measures!.fixedSalary;
        // What is published follows the count the answer shows, never the true n (5 to 14 here).
        expect(published.n).toBe(shown);
        expect(published.p50 !== null).toBe(shown >= QUARTILE_MINIMUM);
        expect(published.p10 !== null).toBe(shown >= TAIL_PERCENTILE_MINIMUM);
        if (shown < QUARTILE_MINIMUM) expect(answer.position?.fixedSalary ?? null).toBeNull();
        // Shown as 15 or more: the position is the published figures' own (interpolated between the published
        // percentiles), so the rank's steps are not members' values; all the probes can find are the percentiles.
        else expect(answer.position!.fixedSalary).toEqual(estimatePosition('fixedSalary', published, value));
      }
      if (shown! < QUARTILE_MINIMUM) continue;
      withPosition.push(cell.people.length + 1);
      // Each percentile the probes find is the infused value of one member (or between two): the attacker's estimate
      // of that member's pay. Given the release's infused values (the attacker never is), find whose it is.
      const rows = await a.t.database.execute<{ form_id: string; fx: number }>(
        `select form_id, fx from release_forms where release_id = (select id from statistics_releases where current)
            and survey_year = $1 and city = $2 and sector = $3 order by fx`,
        [YEAR, cell.city, cell.sector],
      );
      const n = rows.length;
      expect(n).toBe(cell.people.length + 1);
      const knots: Array<[number, number | null]> = [
        [0.1, published!.p10],
        [0.25, published!.p25],
        [0.5, published!.p50],
        [0.75, published!.p75],
        [0.9, published!.p90],
      ];
      for (const [p, knot] of knots) {
        if (knot === null) continue;
        const h = p * (n - 1);
        for (const rank of new Set([Math.floor(h), Math.ceil(h)])) {
          const pay = payOf.get(rows[rank].form_id);
          // The prober's own form: the attacker knows its own pay.
          if (pay !== undefined) errors.push(relError(knot, pay));
        }
      }
    }
    assertProtected(
      {
        attack: 'attack 6/7, ~100 probes of one’s own position in groups of 5–14 (the members behind the published percentiles)',
        errors,
        note: `groups shown with a position: ${withPosition.length ? withPosition.map((n) => `n=${n}`).join(', ') : 'none'} of ${cells.length}`,
      },
      PROTECTION,
    );
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
      const published = answer.measures!.fixedSalary;
      expect(published.p50).not.toBeNull();
      // Derived from the published figures and the own value only: nothing about the rows behind them.
      expect(answer.position!.fixedSalary).toEqual(estimatePosition('fixedSalary', published, value));
      expect(answer.position!.fixedSalary!.diffFromMedianPercent).toBe(Math.round(((value - published.p50!) / published.p50!) * 1000) / 10);
    }
  }, 120_000);
});
