// Noise infusion (docs/statistics-and-privacy.md), as the US Census Bureau publishes establishment payroll in
// arbitrary tables every quarter (QWI, County Business Patterns; Evans, Zayatz & Slanta 1998): every money value
// a release holds is the person's true value multiplied by a permanent, secret distortion factor of that person,
// and by a small jitter of the form. Every statistic of every surface is computed from these infused values, so
// every table, every year and every difference of tables only ever reveals an infused value; aggregates of many
// people are nearly undistorted because their independent factors average out.
//
// The person's factor (one per money measure) comes from the person's noise key (users.noise_key) and the
// secret: the same in all of that person's forms, years and releases, so averaging a person's groups, years,
// releases or surfaces converges on the infused value, never on the true one.
//   log F = s × m      s = ±1 per person (one sign for all three measures, so a total is distorted as much as its
//                      parts instead of averaging its parts' factors away), m uniform in [FACTOR_MIN, FACTOR_MAX]
//                      per measure: symmetric in log space (medians of skewed pay stay unbiased), bounded, and
//                      with no spike at 1 (nobody's value is published within e^FACTOR_MIN of the truth; its known limit:
//                      docs/statistics-and-privacy.md, "Why this distribution").
// The form's jitter is drawn from the form and its money values: it changes whenever the money changes, so an
// edit or a raise is not read as an exact ratio of two infused values.
//   log J uniform in [−JITTER, JITTER] per measure.
// Totals are the sums of the infused components (so with deferral ≥ without, person by person).
//
// The draws are computed in SQL at the cut (sha256 is built into PostgreSQL and PGlite): no query-time cost.
// infusionFactors below computes the same draws in TypeScript, for tests and the admin's documentation.
import { createHash, createHmac } from 'node:crypto';
import { INFUSION } from '../../domain/constants';
import type { SqlParams } from './peerGroup';

/** The key the database sees: derived from PERTURBATION_SECRET, so the secret itself never leaves the process. */
export function infusionKey(secret: string): string {
  return createHmac('sha256', secret).update('paybench noise infusion v1').digest('hex');
}

const MEASURE_SLOTS = { fx: 0, bn: 1, df: 2 } as const;
export type InfusedColumn = keyof typeof MEASURE_SLOTS;

/** 48 bits of a digest as a uniform number in [0, 1): slot 0 is bytes 0–5, slot 1 bytes 6–11, … */
function uniformOf(digest: Buffer, slot: number): number {
  return digest.readUIntBE(slot * 6, 6) / 2 ** 48;
}

function uniformSql(hash: string, slot: number): string {
  return `(('x' || encode(substring(${hash} from ${1 + slot * 6} for 6), 'hex'))::bit(48)::bigint::float8 / 281474976710656.0::float8)`;
}

/** The text hashed for a person's factors. */
const personText = (key: string, noiseKey: string | number) => `${key}|person|${noiseKey}`;
/** The text hashed for a form's jitter: the form and its money as entered (currency, whole units). */
const formText = (key: string, formId: string, currency: string, fixed: number, bonus: number, deferred: number) =>
  `${key}|form|${formId}|${currency}|${fixed}|${bonus}|${deferred}`;

/** log F + log J of one measure from the person's and the form's digests. */
function logFactor(person: Buffer, form: Buffer, column: InfusedColumn): number {
  const sign = uniformOf(person, 0) < 0.5 ? -1 : 1;
  const magnitude = INFUSION.factorMin + (INFUSION.factorMax - INFUSION.factorMin) * uniformOf(person, 1 + MEASURE_SLOTS[column]);
  const jitter = INFUSION.jitter * (2 * uniformOf(form, MEASURE_SLOTS[column]) - 1);
  return sign * magnitude + jitter;
}

/**
 * The multipliers of one form's money (TypeScript twin of infusedMoneySql, for tests): the person's factor times
 * the form's jitter, per measure.
 */
export function infusionFactors(
  secret: string,
  person: { noiseKey: string | number },
  form: { id: string; currency: string; fixedSalary: number; annualBonus: number | null; deferredCompensation: number | null },
): Record<InfusedColumn, number> {
  const key = infusionKey(secret);
  const p = createHash('sha256').update(personText(key, person.noiseKey)).digest();
  const f = createHash('sha256')
    .update(formText(key, form.id, form.currency, form.fixedSalary, form.annualBonus ?? 0, form.deferredCompensation ?? 0))
    .digest();
  return { fx: Math.exp(logFactor(p, f, 'fx')), bn: Math.exp(logFactor(p, f, 'bn')), df: Math.exp(logFactor(p, f, 'df')) };
}

/**
 * SQL of the infused fx, bn and df of a counted form row (`c`, from peerGroup.countedFormsSql, which carries the
 * person's noise key and the form's money as entered). The two digests are computed once per row in a lateral
 * subquery; the caller selects `${alias}.fx` etc.
 */
export function infusedMoneySql(params: SqlParams, secret: string, row = 'c'): { lateral: string; fx: string; bn: string; df: string } {
  const key = params.add(infusionKey(secret));
  const lateral = `cross join lateral (
      select sha256(convert_to(${key} || '|person|' || ${row}.noise_key::text, 'UTF8')) as ph,
             sha256(convert_to(${key} || '|form|' || ${row}.form_id || '|' || ${row}.currency || '|' || ${row}.raw_fx::text || '|'
                                || ${row}.raw_bn::text || '|' || ${row}.raw_df::text, 'UTF8')) as fh) h`;
  const logFactorSql = (column: InfusedColumn) =>
    `(case when ${uniformSql('h.ph', 0)} < 0.5 then -1 else 1 end * (${INFUSION.factorMin}::float8 + ${INFUSION.factorMax - INFUSION.factorMin}::float8 * ${uniformSql('h.ph', 1 + MEASURE_SLOTS[column])})
      + ${INFUSION.jitter}::float8 * (2 * ${uniformSql('h.fh', MEASURE_SLOTS[column])} - 1))`;
  return {
    lateral,
    fx: `${row}.fx * exp(${logFactorSql('fx')})`,
    bn: `${row}.bn * exp(${logFactorSql('bn')})`,
    df: `${row}.df * exp(${logFactorSql('df')})`,
  };
}
