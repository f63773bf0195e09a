// Noise infusion (docs/statistics-and-privacy.md), as the US Census Bureau publishes establishment payroll
// in arbitrary tables every quarter (QWI, County Business Patterns; Evans, Zayatz & Slanta 1998): every money value a
// release holds is the person's true value multiplied by a secret distortion factor of that person, and by a small
// jitter of the form. Every statistic of every surface is computed from these infused values, so every table, every
// year and every difference of tables only ever reveals an infused value; aggregates of many people are nearly
// undistorted because their independent factors average out.
//
// The person's factor of a measure (fixed, bonus, deferred) in a survey year comes from the person's noise key
// (users.noise_key, derived from the secret and the e-mail address at registration: personNoiseKey) and the secret:
//   log F = INFUSION.permanent × Z + INFUSION.yearly × Z′
// Z is the person's standard normal draw of the measure, the same in every year, form and release, so averaging a
// person's groups, releases or surfaces converges on the infused value, never on the true one; Z′ is redrawn per
// survey year, so a person's pay of one year, known to an attacker, tells only part of the factor of another year.
// The draws of the three measures are independent (one known measure says nothing of another's factor). Normal in log
// space: symmetric (medians of skewed pay stay unbiased), unimodal and unbounded (no gap at 1 and no edge that an
// attacker who knows the distribution, or the survey's floor, could use).
// The form's jitter is drawn from the form and its money values: it changes whenever the money changes, so an
// edit or a raise is not read as an exact ratio of two infused values.
//   log J uniform in [−JITTER, JITTER] per measure.
// Totals are the sums of the infused components (so with deferral ≥ without, person by person).
//
// The draws are computed in SQL at the cut (sha256, ln, cos and sin are built into PostgreSQL and PGlite): no
// query-time cost. infusionFactors below computes the same draws in TypeScript, for tests.
import { createHash, createHmac } from 'node:crypto';
import { INFUSION } from '../../domain/constants';
import type { SqlParams } from './peerGroup';

/** The key the database sees: derived from PERTURBATION_SECRET, so the secret itself never leaves the process. */
export function infusionKey(secret: string): string {
  return createHmac('sha256', secret).update('paybench noise infusion v1').digest('hex');
}

/** The key of the noise keys (personNoiseKey), another derivation of the secret. */
function noiseKeyKey(secret: string): string {
  return createHmac('sha256', secret).update('paybench person noise key v1').digest('hex');
}

/** A short fingerprint of the infusion's key: a change of PERTURBATION_SECRET is a change of design (infusionUpgrade.ts). */
export function infusionKeyFingerprint(secret: string): string {
  return createHash('sha256').update(infusionKey(secret)).digest('hex').slice(0, 16);
}

/**
 * The person's noise key: 48 bits of a keyed digest of the normalised e-mail address, computed once, when the account
 * is created, and kept when the address changes later. Deleting the account and registering again with the same
 * address gives the same key, so the same factors: a second registration is never a second, independent look.
 */
export function personNoiseKey(secret: string, normalisedEmail: string): number {
  return createHash('sha256')
    .update(`${noiseKeyKey(secret)}|${normalisedEmail}`)
    .digest()
    .readUIntBE(0, 6);
}

/** SQL of personNoiseKey for an e-mail expression (the upgrade and the demo seed key people in bulk). */
export function personNoiseKeySql(params: SqlParams, secret: string, email: string): string {
  const key = params.add(noiseKeyKey(secret));
  return `(('x' || encode(substring(sha256(convert_to(${key} || '|' || ${email}, 'UTF8')) from 1 for 6), 'hex'))::bit(48)::bigint)`;
}

const MEASURE_SLOTS = { fx: 0, bn: 1, df: 2 } as const;
export type InfusedColumn = keyof typeof MEASURE_SLOTS;

/** 48 bits of a digest as a uniform number in (0, 1): slot 0 is bytes 0–5, slot 1 bytes 6–11, … (never 0: it feeds a log). */
function uniformOf(digest: Buffer, slot: number): number {
  return (digest.readUIntBE(slot * 6, 6) + 0.5) / 2 ** 48;
}

function uniformSql(hash: string, slot: number): string {
  return `((('x' || encode(substring(${hash} from ${1 + slot * 6} for 6), 'hex'))::bit(48)::bigint::float8 + 0.5::float8) / 281474976710656.0::float8)`;
}

/**
 * A standard normal draw per measure from one digest (Box–Muller): slots 0 and 1 give the fixed salary's (cosine) and
 * the bonus's (sine), slots 2 and 3 the deferred pay's (cosine). The two of one pair are independent.
 */
function normalOf(digest: Buffer, column: InfusedColumn): number {
  const pair = column === 'df' ? 2 : 0;
  const radius = Math.sqrt(-2 * Math.log(uniformOf(digest, pair)));
  const angle = 2 * Math.PI * uniformOf(digest, pair + 1);
  return radius * (column === 'bn' ? Math.sin(angle) : Math.cos(angle));
}

/** The texts hashed: the person's permanent draws, the person's draws of one survey year, the form's jitter. */
const personText = (key: string, noiseKey: string | number) => `${key}|person|${noiseKey}`;
const yearText = (key: string, noiseKey: string | number, year: number) => `${key}|person-year|${noiseKey}|${year}`;
/** The form and its money as entered (currency, whole units). */
const formText = (key: string, formId: string, currency: string, fixed: number, bonus: number, deferred: number) =>
  `${key}|form|${formId}|${currency}|${fixed}|${bonus}|${deferred}`;

/** log F + log J of one measure from the person's, the person-year's and the form's digests. */
function logFactor(person: Buffer, year: Buffer, form: Buffer, column: InfusedColumn): number {
  const jitter = INFUSION.jitter * (2 * uniformOf(form, MEASURE_SLOTS[column]) - 1);
  return INFUSION.permanent * normalOf(person, column) + INFUSION.yearly * normalOf(year, column) + jitter;
}

/**
 * The multipliers of one form's money (TypeScript twin of infusedMoneySql, for tests): the person's factor of the
 * form's survey year times the form's jitter, per measure.
 */
export function infusionFactors(
  secret: string,
  person: { noiseKey: string | number },
  form: {
    id: string;
    surveyYear: number;
    currency: string;
    fixedSalary: number;
    annualBonus: number | null;
    deferredCompensation: number | null;
  },
): Record<InfusedColumn, number> {
  const key = infusionKey(secret);
  const sha = (text: string) => createHash('sha256').update(text).digest();
  const p = sha(personText(key, person.noiseKey));
  const y = sha(yearText(key, person.noiseKey, form.surveyYear));
  const f = sha(formText(key, form.id, form.currency, form.fixedSalary, form.annualBonus ?? 0, form.deferredCompensation ?? 0));
  return { fx: Math.exp(logFactor(p, y, f, 'fx')), bn: Math.exp(logFactor(p, y, f, 'bn')), df: Math.exp(logFactor(p, y, f, 'df')) };
}

/**
 * SQL of the infused fx, bn and df of a counted form row (`c`, from peerGroup.countedFormsSql, which carries the
 * person's noise key, the survey year and the form's money as entered). The three digests and their draws are computed
 * once per row in two lateral subqueries (`h`, `d`); the caller selects the fx, bn and df expressions.
 */
export function infusedMoneySql(params: SqlParams, secret: string, row = 'c'): { lateral: string; fx: string; bn: string; df: string } {
  const key = params.add(infusionKey(secret));
  // Each digest is computed once per row and each Box–Muller radius and angle once: `offset 0` keeps the planner from
  // flattening the laterals, which would put the sha256 call back into every expression that reads it (fifteen times a
  // row: 39 s of a million-row cut instead of 15). The three measures share the radii and angles (fixed: cosine,
  // bonus: sine of pair 0; deferred: cosine of pair 1), exactly as normalOf does.
  const pair = (hash: string, slot: number) =>
    `sqrt(-2::float8 * ln(${uniformSql(hash, slot)})) as ${hash.slice(2)}r${slot / 2}, 2::float8 * pi() * ${uniformSql(hash, slot + 1)} as ${hash.slice(2)}a${slot / 2}`;
  const lateral = `cross join lateral (
      select sha256(convert_to(${key} || '|person|' || ${row}.noise_key::text, 'UTF8')) as ph,
             sha256(convert_to(${key} || '|person-year|' || ${row}.noise_key::text || '|' || ${row}.survey_year::text, 'UTF8')) as yh,
             sha256(convert_to(${key} || '|form|' || ${row}.form_id || '|' || ${row}.currency || '|' || ${row}.raw_fx::text || '|'
                                || ${row}.raw_bn::text || '|' || ${row}.raw_df::text, 'UTF8')) as fh offset 0) h
    cross join lateral (
      select ${pair('h.ph', 0)}, ${pair('h.ph', 2)}, ${pair('h.yh', 0)}, ${pair('h.yh', 2)},
             ${uniformSql('h.fh', 0)} as j0, ${uniformSql('h.fh', 1)} as j1, ${uniformSql('h.fh', 2)} as j2 offset 0) d`;
  const normal = (digest: 'ph' | 'yh', column: InfusedColumn) =>
    column === 'df' ? `d.${digest}r1 * cos(d.${digest}a1)` : `d.${digest}r0 * ${column === 'bn' ? 'sin' : 'cos'}(d.${digest}a0)`;
  const logFactorSql = (column: InfusedColumn) =>
    `(${INFUSION.permanent}::float8 * ${normal('ph', column)} + ${INFUSION.yearly}::float8 * ${normal('yh', column)}
      + ${INFUSION.jitter}::float8 * (2 * d.j${MEASURE_SLOTS[column]} - 1))`;
  return {
    lateral,
    fx: `${row}.fx * exp(${logFactorSql('fx')})`,
    bn: `${row}.bn * exp(${logFactorSql('bn')})`,
    df: `${row}.df * exp(${logFactorSql('df')})`,
  };
}
