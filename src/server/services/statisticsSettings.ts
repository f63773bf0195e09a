// Everything a statistical answer depends on besides its filters. Each request reads, in one round trip, the
// current statistics release (id, revision, cut date, years, the counting settings it was cut with), the privacy
// threshold, the caller's account and the caller's completed forms. Figures are computed on the release, so a
// cached figure is keyed by the release id and revision (releases.ts): a form completed now, or a changed
// configuration, moves nothing until the next cut.
import type { Queryable } from '../db/open';
import type { Role } from '../auth/accessToken';
import { DEFAULT_MIN_VALUES } from '../db/seed';
import { effectiveThreshold } from '../../domain/statistics';
import { currentYear } from '../../domain/constants';
import type { CountingSettings, MinValues } from './peerGroup';
import type { Caller } from './credits';
import type { OwnValues } from './statistics';

/** The release an answer comes from, as the contract's ReleaseInfo. */
export interface ReleaseInfo {
  id: string;
  sequence: number;
  cutAt: string;
}

export interface StatisticsSettings {
  /** The current release; null before the first cut (every answer is then "not enough data"). */
  release: (ReleaseInfo & { revision: number }) | null;
  threshold: number;
  /** EUR per unit of each currency with a rate (to place the caller's own form beside EUR figures). */
  rates: Record<string, number>;
  /** The survey year of the request, or the latest with counted forms in the release (the current year without). */
  year: number;
}

export interface OwnForm {
  id: string;
  revision: number;
  values: OwnValues;
}

export interface RequestSettings extends StatisticsSettings {
  caller: Caller | null;
  /** The caller's completed form of `year`, its money in EUR; null without one (or without a rate for its currency). */
  own: OwnForm | null;
}

interface OwnFormRow {
  survey_year: number;
  id: string;
  revision: number;
  currency: string;
  fixed_salary: number | null;
  annual_bonus: number | null;
  deferred_compensation: number | null;
}

interface RequestRow {
  release: { id: string; sequence: number; cut_at: string; revision: number; years: Record<string, number> } | null;
  privacy_threshold: unknown;
  exchange_rates: unknown;
  caller: { roles: Role[]; credits: number; premium_type: string; disabled: boolean } | null;
  forms: OwnFormRow[] | null;
}

function validMoney(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function parseMinValues(value: Partial<MinValues> | null | undefined): MinValues {
  return {
    minFixed: validMoney(value?.minFixed, DEFAULT_MIN_VALUES.minFixed),
    compTotal: validMoney(value?.compTotal, DEFAULT_MIN_VALUES.compTotal),
    deferredMax: validMoney(value?.deferredMax, DEFAULT_MIN_VALUES.deferredMax),
  };
}

export function parseRates(value: unknown): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const entry of Array.isArray(value) ? (value as Array<{ currency?: unknown; rateToEur?: unknown }>) : []) {
    if (typeof entry?.currency === 'string' && /^[A-Z]{3}$/.test(entry.currency) && typeof entry.rateToEur === 'number' && entry.rateToEur > 0) {
      rates[entry.currency] = entry.rateToEur;
    }
  }
  delete rates.EUR;
  return Object.fromEntries(Object.entries(rates).sort(([a], [b]) => a.localeCompare(b)));
}

/** What decides which forms count, as configured now (a cut fixes it for its release). */
export async function readCountingSettings(db: Queryable): Promise<CountingSettings> {
  const [row] = await db.execute<{ min_values: Partial<MinValues> | null; exchange_rates: unknown; active_pack: string | null }>(
    `select (select value from configs where key = 'minValues') as min_values,
            (select value from configs where key = 'exchangeRates') as exchange_rates,
            (select id from outlier_packs where active order by updated_at desc, id limit 1) as active_pack`,
  );
  return { minValues: parseMinValues(row.min_values), rates: parseRates(row.exchange_rates), activePackId: row.active_pack };
}

/** The effective privacy threshold as configured now. */
export async function readThreshold(db: Queryable, fallback: number): Promise<number> {
  const [row] = await db.execute<{ value: unknown }>(`select value from configs where key = 'privacyThreshold'`);
  return effectiveThreshold(row?.value, fallback);
}

/** A reader of request settings (one per app instance). */
export function createSettingsReader(defaultThreshold: number) {
  /** The settings of a request; with `userId`, also the caller and their own form of the year. */
  return async function readRequestSettings(
    db: Queryable,
    options: { userId: string | null; requestedYear: number | undefined },
  ): Promise<RequestSettings> {
    const [row] = await db.execute<RequestRow>(
      `select (select row_to_json(r) from (
                 select id, sequence, cut_at, revision, years from statistics_releases where current) r) as release,
              (select value from configs where key = 'privacyThreshold') as privacy_threshold,
              (select value from configs where key = 'exchangeRates') as exchange_rates,
              (select row_to_json(c) from (
                 select u.roles, u.credits, u.premium_type, u.disabled from users u where u.id = $1) c) as caller,
              (select json_agg(o) from (
                 select f.survey_year, f.id, f.revision, f.currency, f.fixed_salary, f.annual_bonus, f.deferred_compensation
                   from forms f where f.user_id = $1 and f.status = 'completed') o) as forms`,
      [options.userId],
    );
    const release = row.release
      ? { id: row.release.id, sequence: Number(row.release.sequence), cutAt: new Date(row.release.cut_at).toISOString(), revision: Number(row.release.revision) }
      : null;
    const releaseYears = Object.keys(row.release?.years ?? {}).map(Number);
    const latestYear = releaseYears.length > 0 ? Math.max(...releaseYears) : null;
    const year = options.requestedYear ?? latestYear ?? currentYear();
    const rates = parseRates(row.exchange_rates);
    const forms = row.forms ?? [];
    const caller: Caller | null =
      options.userId && row.caller && !row.caller.disabled
        ? {
            id: options.userId,
            roles: row.caller.roles,
            credits: Number(row.caller.credits),
            premiumType: row.caller.premium_type,
            hasCompletedForm: forms.length > 0,
          }
        : null;
    const form = forms.find((f) => Number(f.survey_year) === year);
    const rate = form ? (form.currency === 'EUR' ? 1 : rates[form.currency]) : undefined;
    const own: OwnForm | null =
      form && rate !== undefined && typeof form.fixed_salary === 'number'
        ? {
            id: form.id,
            revision: Number(form.revision),
            values: {
              fixedSalary: form.fixed_salary * rate,
              annualBonus: Number(form.annual_bonus ?? 0) * rate,
              deferredCompensation: Number(form.deferred_compensation ?? 0) * rate,
            },
          }
        : null;
    return { release, threshold: effectiveThreshold(row.privacy_threshold, defaultThreshold), rates, year, caller, own };
  };
}

export type SettingsReader = ReturnType<typeof createSettingsReader>;
