// Everything a comparison depends on besides its filters. Each request reads, in one round trip, the data
// version, the caller's account and the caller's completed forms. The rest (minimum values, exchange rates,
// privacy threshold, active outlier pack, latest survey year with data) only changes together with the data
// version (DESIGN.md §2: whoever changes counted forms or the configuration changes the version), so it is
// read once per version and kept in this process. A change made through any instance therefore applies to
// the next query everywhere.
import type { Queryable } from '../db/open';
import type { Role } from '../auth/accessToken';
import { DEFAULT_MIN_VALUES } from '../db/seed';
import { effectiveThreshold } from '../../domain/statistics';
import { currentYear } from '../../domain/constants';
import type { MinValues } from './peerGroup';
import type { Caller } from './credits';
import type { OwnValues } from './statistics';

export interface StatisticsSettings {
  dataVersion: string;
  minValues: MinValues;
  /** EUR per unit of each currency with a rate. */
  rates: Record<string, number>;
  threshold: number;
  activePackId: string | null;
  /** The survey year of the request, or the latest with completed forms (the current year when there are none). */
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

interface VersionSettings {
  dataVersion: string;
  minValues: MinValues;
  rates: Record<string, number>;
  threshold: number;
  activePackId: string | null;
  latestYear: number | null;
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
  data_version: string | null;
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

function parseRates(value: unknown): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const entry of Array.isArray(value) ? (value as Array<{ currency?: unknown; rateToEur?: unknown }>) : []) {
    if (typeof entry?.currency === 'string' && /^[A-Z]{3}$/.test(entry.currency) && typeof entry.rateToEur === 'number' && entry.rateToEur > 0) {
      rates[entry.currency] = entry.rateToEur;
    }
  }
  delete rates.EUR;
  return Object.fromEntries(Object.entries(rates).sort(([a], [b]) => a.localeCompare(b)));
}

async function readVersionSettings(db: Queryable, defaultThreshold: number): Promise<VersionSettings> {
  const [row] = await db.execute<{
    data_version: string | null;
    min_values: Partial<MinValues> | null;
    exchange_rates: unknown;
    privacy_threshold: unknown;
    active_pack: string | null;
    latest_year: number | null;
  }>(
    `select (select value from configs where key = 'dataVersion') as data_version,
            (select value from configs where key = 'minValues') as min_values,
            (select value from configs where key = 'exchangeRates') as exchange_rates,
            (select value from configs where key = 'privacyThreshold') as privacy_threshold,
            (select id from outlier_packs where active order by updated_at desc, id limit 1) as active_pack,
            (select max(survey_year) from forms where status = 'completed') as latest_year`,
  );
  return {
    dataVersion: typeof row.data_version === 'string' ? row.data_version : 'initial',
    minValues: parseMinValues(row.min_values),
    rates: parseRates(row.exchange_rates),
    threshold: effectiveThreshold(row.privacy_threshold, defaultThreshold),
    activePackId: row.active_pack,
    latestYear: row.latest_year === null ? null : Number(row.latest_year),
  };
}

/** A reader of request settings with its own per-version memory (one per app instance). */
export function createSettingsReader(defaultThreshold: number) {
  const byVersion = new Map<string, VersionSettings>();

  async function versionSettings(db: Queryable, version: string): Promise<VersionSettings> {
    const known = byVersion.get(version);
    if (known) return known;
    const read = await readVersionSettings(db, defaultThreshold);
    // Stored under the version it was read with (newer than `version` if a change happened in between).
    byVersion.set(read.dataVersion, read);
    while (byVersion.size > 8) byVersion.delete(byVersion.keys().next().value as string);
    return read;
  }

  /** The settings of a request; with `userId`, also the caller and their own form of the year. */
  return async function readRequestSettings(
    db: Queryable,
    options: { userId: string | null; requestedYear: number | undefined },
  ): Promise<RequestSettings> {
    const [row] = await db.execute<RequestRow>(
      `select (select value from configs where key = 'dataVersion') as data_version,
              (select row_to_json(c) from (
                 select u.roles, u.credits, u.premium_type, u.disabled from users u where u.id = $1) c) as caller,
              (select json_agg(o) from (
                 select f.survey_year, f.id, f.revision, f.currency, f.fixed_salary, f.annual_bonus, f.deferred_compensation
                   from forms f where f.user_id = $1 and f.status = 'completed') o) as forms`,
      [options.userId],
    );
    const scoped = await versionSettings(db, typeof row.data_version === 'string' ? row.data_version : 'initial');
    const year = options.requestedYear ?? scoped.latestYear ?? currentYear();
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
    const rate = form ? (form.currency === 'EUR' ? 1 : scoped.rates[form.currency]) : undefined;
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
    const { latestYear: _latest, ...settings } = scoped;
    return { ...settings, year, caller, own };
  };
}

export type SettingsReader = ReturnType<typeof createSettingsReader>;
