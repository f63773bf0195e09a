// The inflation rates an admin maintains (forms/configs/inflation-data): one yearly average rate per year and
// country, stored in inflation_rates (migration 0005, seeded with published CPI figures). A replacement is
// validated as a whole and written in one transaction; the table's trigger tells every instance (the rates are
// kept in memory with the other statistics settings, statisticsSettings.ts).
import type { Database, Queryable } from '../db/open';
import { badRequest } from '../http/errors';
import { COUNTRIES } from '../../domain/questionnaire';
import { INFLATION_RATE_RANGE, type InflationRate } from '../../domain/inflation';
import { surveyYears } from '../../domain/constants';
import { parseInflation, statisticsChangedHere } from './statisticsSettings';

export async function readInflation(db: Queryable): Promise<InflationRate[]> {
  const rows = await db.execute<{ year: number; country: string | null; rate: number; estimate: boolean }>(
    'select year, country, rate, estimate from inflation_rates order by country nulls first, year',
  );
  return parseInflation(rows);
}

/**
 * Refuses a list with a rate out of range, an unknown country, a year outside the survey years or two entries
 * for the same year and country; each problem names its entry (400, nothing stored).
 */
export function validateInflation(entries: InflationRate[], now = new Date()): void {
  const years = surveyYears(now);
  const seen = new Set<string>();
  const outOfRange: string[] = [];
  const duplicates: string[] = [];
  const unknown: string[] = [];
  entries.forEach((entry, i) => {
    const at = `body.inflationData.${i}`;
    if (!Number.isFinite(entry.rate) || entry.rate < INFLATION_RATE_RANGE.min || entry.rate > INFLATION_RATE_RANGE.max) {
      outOfRange.push(`${at}.rate: must be from ${INFLATION_RATE_RANGE.min} to ${INFLATION_RATE_RANGE.max} percent`);
    }
    if (entry.country !== undefined && !(COUNTRIES as readonly string[]).includes(entry.country))
      unknown.push(`${at}.country: is not one of the listed options`);
    if (!years.includes(entry.year)) unknown.push(`${at}.year: is not a survey year`);
    const key = `${entry.year}|${entry.country ?? ''}`;
    if (seen.has(key)) duplicates.push(`${at}: a second rate for ${entry.year}${entry.country ? ` and ${entry.country}` : ''}`);
    seen.add(key);
  });
  if (outOfRange.length > 0) throw badRequest('INFLATION_RATE_OUT_OF_RANGE', 'An inflation rate is out of range', outOfRange);
  if (duplicates.length > 0) throw badRequest('INFLATION_DUPLICATE_ENTRY', 'One rate per year and country', duplicates);
  if (unknown.length > 0) throw badRequest('VALIDATION_ERROR', 'Invalid body', unknown);
}

/**
 * Replaces every rate (validated first); returns what is stored. `audit` runs in the replacement's transaction
 * with the rates before and after (the admin's audit record commits with the change).
 */
export async function replaceInflation(
  database: Database,
  entries: InflationRate[],
  audit?: (tx: Queryable, before: InflationRate[], after: InflationRate[]) => Promise<void>,
): Promise<InflationRate[]> {
  validateInflation(entries);
  await database.transaction(async (tx) => {
    const before = audit ? await readInflation(tx) : [];
    await tx.execute('delete from inflation_rates');
    if (entries.length > 0) {
      await tx.execute(
        `insert into inflation_rates (year, country, rate, estimate, updated_at)
         select year, country, rate, estimate, now() from unnest($1::int[], $2::text[], $3::float8[], $4::boolean[]) as i(year, country, rate, estimate)`,
        [entries.map((e) => e.year), entries.map((e) => e.country ?? null), entries.map((e) => e.rate), entries.map((e) => e.estimate ?? false)],
      );
    }
    if (audit) await audit(tx, before, await readInflation(tx));
  });
  statisticsChangedHere(database);
  return readInflation(database);
}
