// Everything a statistical answer depends on besides its filters: the current statistics release (id, revision,
// cut date, years), the privacy threshold, the exchange rates, the inflation rates (evolution's real figures:
// published figures times a deflator, so they apply at once, not from the next cut), the caller's account and the
// caller's completed forms. Figures are computed on the release, so a cached figure is keyed by the release id and revision
// (releases.ts): a form completed now, or a changed configuration, moves nothing until the next cut.
//
// Off the warm path (createStatisticsSettings): the release pointer, the threshold and the rates are kept in
// process and dropped the moment they change, on every instance: a cut, an erasure and a write of the threshold or
// the rates notify the channel `paybench_statistics` in their own transaction (explicitly, and by triggers for
// writes made with plain SQL), and each instance LISTENs. Until its listening connection is up, and whenever it is
// lost, every request reads them from the database as before. The caller's part is kept at most 1 s, and only
// for callers whose answer cannot be a refusal that a purchase or a completed form would lift.
import type { Database, Listening, Queryable } from '../db/open';
import type { Role } from '../auth/accessToken';
import { effectiveThreshold } from '../../domain/statistics';
import { currentYear } from '../../domain/constants';
import type { CountingSettings, MinValues } from './peerGroup';
import { billingOf, type Caller } from './credits';
import type { OwnValues } from './statistics';
import type { InflationRate } from '../../domain/inflation';

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
  /** Yearly inflation rates (inflation_rates): evolution answers deflate published figures with them. */
  inflation: InflationRate[];
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
  inflation: InflationRateRow[] | null;
  caller: { roles: Role[]; credits: number; premium_type: string; disabled: boolean } | null;
  forms: OwnFormRow[] | null;
}

/** The minimum values a form's money must reach to count, until an admin sets others (configs key minValues). */
export const DEFAULT_MIN_VALUES = { minFixed: 80_000, compTotal: 80_000, deferredMax: 100_000_000 };

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

/** The channel notified (in the changing transaction) when the release pointer, the threshold or the rates change. */
export const STATISTICS_CHANNEL = 'paybench_statistics';

/** Tells every instance, when `tx` commits, that its statistics settings changed (`reason` is informative only). */
export async function notifyStatisticsChanged(tx: Queryable, reason: string): Promise<void> {
  await tx.execute(`select pg_notify('${STATISTICS_CHANNEL}', $1 || '@' || txid_current())`, [reason]);
}

/**
 * The caller part (roles, credits, premium type, disabled, completed forms and their values) is kept at most this
 * long, and only for callers billed without a balance (admins, the corporate plan, members with a completed form):
 * a just-edited own form is placed within this bound, a role or plan change applies within it. Credit-billed
 * callers and every answer that would refuse (form required, disabled, unknown) are read again on each request.
 */
export const CALLER_CACHE_MS = 1_000;

// Writes made with plain SQL (an operator setting the threshold, a script raising a release's revision) and changes
// of what a kept caller part holds (a completed form edited, completed or withdrawn; roles, plan or disabled changed:
// payload `callers:<ids>`, or `callers` for more than 100) notify STATISTICS_CHANNEL through the triggers of
// migration 0004_statistics_notify.sql, so even within CALLER_CACHE_MS a change made through any instance is seen
// as soon as it is delivered. The code paths of a cut and an erasure notify explicitly too.

/** The settings of a request; with `userId`, also the caller and their own form of the year. */
export interface ReadSettingsOptions {
  userId: string | null;
  requestedYear: number | undefined;
}

interface SharedRow {
  release: RequestRow['release'];
  privacy_threshold: unknown;
  exchange_rates: unknown;
  inflation: InflationRateRow[] | null;
}

interface InflationRateRow {
  year: number;
  country: string | null;
  rate: number;
  estimate: boolean;
}

export function parseInflation(rows: InflationRateRow[] | null): InflationRate[] {
  return (rows ?? []).map((r) => ({ year: Number(r.year), ...(r.country ? { country: r.country } : {}), rate: Number(r.rate), estimate: Boolean(r.estimate) }));
}

interface CallerPart {
  caller: RequestRow['caller'];
  forms: OwnFormRow[];
}

const SHARED_SQL = `(select row_to_json(r) from (
                       select id, sequence, cut_at, revision, years from statistics_releases where current) r) as release,
                    (select value from configs where key = 'privacyThreshold') as privacy_threshold,
                    (select value from configs where key = 'exchangeRates') as exchange_rates,
                    (select json_agg(i order by i.country nulls first, i.year) from (
                       select year, country, rate, estimate from inflation_rates) i) as inflation`;
const CALLER_SQL = `(select row_to_json(c) from (
                       select u.roles, u.credits, u.premium_type, u.disabled from users u where u.id = $1) c) as caller,
                    (select json_agg(o) from (
                       select f.survey_year, f.id, f.revision, f.currency, f.fixed_salary, f.annual_bonus, f.deferred_compensation
                         from forms f where f.user_id = $1 and f.status = 'completed') o) as forms`;

/** Request settings from their parts (pure). */
function assemble(defaultThreshold: number, shared: SharedRow, part: CallerPart | null, options: ReadSettingsOptions): RequestSettings {
  const release = shared.release
    ? {
        id: shared.release.id,
        sequence: Number(shared.release.sequence),
        cutAt: new Date(shared.release.cut_at).toISOString(),
        revision: Number(shared.release.revision),
      }
    : null;
  const releaseYears = Object.keys(shared.release?.years ?? {}).map(Number);
  const latestYear = releaseYears.length > 0 ? Math.max(...releaseYears) : null;
  const year = options.requestedYear ?? latestYear ?? currentYear();
  // Give to get asks for this survey year's questionnaire: the latest year the current release holds (the calendar
  // year before the first cut), or a later one the caller already completed and the next cut will count.
  const giveToGetYear = latestYear ?? currentYear();
  const rates = parseRates(shared.exchange_rates);
  const forms = part?.forms ?? [];
  const caller: Caller | null =
    options.userId && part?.caller && !part.caller.disabled
      ? {
          id: options.userId,
          roles: part.caller.roles,
          credits: Number(part.caller.credits),
          premiumType: part.caller.premium_type,
          hasCompletedForm: forms.some((f) => Number(f.survey_year) >= giveToGetYear),
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
  return {
    release,
    threshold: effectiveThreshold(shared.privacy_threshold, defaultThreshold),
    rates,
    year,
    caller,
    own,
    inflation: parseInflation(shared.inflation),
  };
}

/** A reader of request settings that reads everything, in one round trip, on every request. */
export function createSettingsReader(defaultThreshold: number) {
  return async function readRequestSettings(db: Queryable, options: ReadSettingsOptions): Promise<RequestSettings> {
    const [row] = await db.execute<RequestRow>(`select ${SHARED_SQL}, ${CALLER_SQL}`, [options.userId]);
    return assemble(defaultThreshold, row, { caller: row.caller, forms: row.forms ?? [] }, options);
  };
}

/** Whether a caller part may be kept (CALLER_CACHE_MS): only when its billing does not depend on a balance. */
export function cacheableCaller(caller: Caller | null): boolean {
  if (!caller) return false;
  const billing = billingOf(caller);
  return billing === 'free' || billing === 'member';
}

export interface StatisticsSettingsCache {
  /** The settings of a request: from memory when the listener is live and nothing changed, else the database. */
  read(options: ReadSettingsOptions): Promise<RequestSettings>;
  /** Whether notifications are being received (the shared part is then kept in memory). */
  readonly live: boolean;
  /** Drops everything kept (a change committed by this process: it need not wait for its own notification). */
  invalidate(): void;
  /** Resolves when live (or after `timeoutMs`), for tests and the bench. */
  whenLive(timeoutMs?: number): Promise<boolean>;
  /** Stops listening (reads then go to the database until the next read starts listening again). */
  close(): Promise<void>;
}

/**
 * The settings of one app instance on one database, kept in memory as the file's header says. Listening starts
 * with the first read (the app answers meanwhile, reading every request).
 */
export function createStatisticsSettings(
  database: Database,
  defaultThreshold: number,
  options: { callerCacheMs?: number; now?: () => number } = {},
): StatisticsSettingsCache {
  const callerCacheMs = options.callerCacheMs ?? CALLER_CACHE_MS;
  const now = options.now ?? Date.now;
  let live = false;
  /** Raised by every notification and every change of `live`: a read that started before must not store. */
  let generation = 0;
  let shared: SharedRow | null = null;
  const callers = new Map<string, { until: number; part: CallerPart }>();
  let listening: Listening | null = null;
  let starting: Promise<void> | null = null;
  const waiters = new Set<() => void>();

  /** Raised by notifications about callers only: a read that started before must not store its caller part. */
  let callerGeneration = 0;
  const invalidate = () => {
    generation++;
    shared = null;
    callers.clear();
  };
  // Each notification arrives once per listening connection of this process (the dedicated one and every pooled
  // one): payloads end with their transaction id, so the copies after the first are ignored.
  const seen = new Map<string, number>();
  const onNotify = (message: string) => {
    if (/@[0-9]+$/.test(message)) {
      if (seen.has(message)) return;
      seen.set(message, now());
      if (seen.size > 1_000) for (const [key] of seen) if (seen.size > 500) seen.delete(key);
    }
    const payload = message.replace(/@[0-9]+$/, '');
    if (payload === 'callers') {
      callerGeneration++;
      callers.clear();
    } else if (payload.startsWith('callers:')) {
      callerGeneration++;
      for (const id of payload.slice('callers:'.length).split(',')) callers.delete(id);
    } else {
      invalidate();
    }
  };

  const start = () => {
    if (listening || starting) return;
    starting = (async () => {
      listening = database.listen(STATISTICS_CHANNEL, {
        notify: onNotify,
        live(value) {
          invalidate();
          live = value;
          if (value) for (const wake of waiters) wake();
        },
      });
      starting = null;
    })();
  };

  async function read(request: ReadSettingsOptions): Promise<RequestSettings> {
    start();
    const startedAt = generation;
    const callersAt = callerGeneration;
    const wasLive = live;
    const userId = request.userId;
    const knownShared = wasLive ? shared : null;
    let known = userId && wasLive ? callers.get(userId) : undefined;
    if (known && known.until <= now()) {
      callers.delete(userId!);
      known = undefined;
    }
    if (knownShared && (!userId || known)) return assemble(defaultThreshold, knownShared, known?.part ?? null, request);

    let row: SharedRow;
    let part: CallerPart | null = null;
    if (knownShared) {
      const [callerRow] = await database.execute<CallerPart>(`select ${CALLER_SQL}`, [userId]);
      row = knownShared;
      part = { caller: callerRow.caller, forms: callerRow.forms ?? [] };
    } else {
      const [full] = await database.execute<RequestRow>(`select ${SHARED_SQL}, ${CALLER_SQL}`, [userId]);
      row = full;
      part = { caller: full.caller, forms: full.forms ?? [] };
      // Kept only if nothing was notified (nor the listener lost) while the statement ran.
      if (wasLive && live && generation === startedAt) {
        shared = { release: full.release, privacy_threshold: full.privacy_threshold, exchange_rates: full.exchange_rates, inflation: full.inflation };
      }
    }
    const settings = assemble(defaultThreshold, row, part, request);
    if (userId && wasLive && live && generation === startedAt && callerGeneration === callersAt && cacheableCaller(settings.caller)) {
      callers.set(userId, { until: now() + callerCacheMs, part });
    }
    return settings;
  }

  return {
    read,
    invalidate,
    get live() {
      return live;
    },
    async whenLive(timeoutMs = 5_000) {
      start();
      if (live) return true;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
      });
      return live;
    },
    async close() {
      await starting;
      const current = listening;
      listening = null;
      live = false;
      invalidate();
      if (current) await current.close();
    },
  };
}

const instances = new WeakMap<Database, Map<number, StatisticsSettingsCache>>();

/** The settings cache of this process for `database` (one listener per database handle and default threshold). */
export function statisticsSettingsFor(database: Database, defaultThreshold: number): StatisticsSettingsCache {
  let byThreshold = instances.get(database);
  if (!byThreshold) instances.set(database, (byThreshold = new Map<number, StatisticsSettingsCache>()));
  let cache = byThreshold.get(defaultThreshold);
  if (!cache) byThreshold.set(defaultThreshold, (cache = createStatisticsSettings(database, defaultThreshold)));
  return cache;
}

/**
 * Called by this process after it committed a change that notifies STATISTICS_CHANNEL (a cut, an erasure, new
 * inflation rates): its own caches drop what they keep at once, since PostgreSQL delivers the notification
 * asynchronously, and the request after the change must not answer from the state before it. Other instances
 * drop theirs when the notification arrives.
 */
export function statisticsChangedHere(database: Database): void {
  for (const cache of instances.get(database)?.values() ?? []) cache.invalidate();
}

/** Stops the listeners of `database`'s settings caches (the app's onClose). */
export async function closeStatisticsSettings(database: Database): Promise<void> {
  const byThreshold = instances.get(database);
  if (!byThreshold) return;
  await Promise.all([...byThreshold.values()].map((cache) => cache.close()));
}

export type SettingsReader = ReturnType<typeof createSettingsReader>;
