// Everything a statistical answer depends on besides its filters: the current statistics release (id, revision,
// cut date, years), the privacy threshold, the exchange rates, the caller's account and the caller's completed
// forms. Figures are computed on the release, so a cached figure is keyed by the release id and revision
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
import { DEFAULT_MIN_VALUES } from '../db/seed';
import { effectiveThreshold } from '../../domain/statistics';
import { currentYear } from '../../domain/constants';
import type { CountingSettings, MinValues } from './peerGroup';
import { billingOf, type Caller } from './credits';
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

/**
 * Triggers that notify STATISTICS_CHANNEL for writes made with plain SQL (an operator setting the threshold, a
 * script raising a release's revision) and for changes of what a kept caller part holds (a completed form edited,
 * completed or withdrawn; roles, plan or disabled changed: payload `callers:<ids>`, or `callers` for more than 100),
 * so that even within CALLER_CACHE_MS a change made through any instance is seen as soon as it is delivered.
 * Installed once per database by the first instance that listens, under an advisory lock and a short lock timeout
 * (never queueing readers behind a cut). The code paths of a cut and an erasure notify explicitly too.
 */
const TRIGGER_LOCK = 727_003;
/** Raised whenever TRIGGER_SQL changes, so that databases with an older version get it again. */
const TRIGGER_VERSION = 'paybench statistics notify v2';
const CALLER_LIMIT = 100;
const TRIGGER_SQL = [
  `create or replace function paybench_statistics_notify() returns trigger language plpgsql as $$
   begin perform pg_notify('${STATISTICS_CHANNEL}', tg_table_name || '@' || txid_current()); return null; end $$`,
  `create or replace function paybench_statistics_notify_callers() returns trigger language plpgsql as $$
   declare ids text[];
   begin
     if tg_table_name = 'forms' then
       if tg_op = 'INSERT' then
         ids := array(select distinct user_id from paybench_new where user_id is not null and status = 'completed' limit ${CALLER_LIMIT + 1});
       elsif tg_op = 'DELETE' then
         ids := array(select distinct user_id from paybench_old where user_id is not null and status = 'completed' limit ${CALLER_LIMIT + 1});
       else
         ids := array(select distinct user_id from (select user_id, status from paybench_new union all select user_id, status from paybench_old) c
                       where user_id is not null and status = 'completed' limit ${CALLER_LIMIT + 1});
       end if;
     elsif tg_op = 'DELETE' then
       ids := array(select id from paybench_old limit ${CALLER_LIMIT + 1});
     else
       ids := array(select n.id from paybench_new n join paybench_old o on o.id = n.id
                     where n.roles is distinct from o.roles or n.premium_type is distinct from o.premium_type
                        or n.disabled is distinct from o.disabled limit ${CALLER_LIMIT + 1});
     end if;
     if cardinality(ids) > ${CALLER_LIMIT} then perform pg_notify('${STATISTICS_CHANNEL}', 'callers@' || txid_current());
     elsif cardinality(ids) > 0 then perform pg_notify('${STATISTICS_CHANNEL}', 'callers:' || array_to_string(ids, ',') || '@' || txid_current());
     end if;
     return null;
   end $$`,
  `comment on function paybench_statistics_notify_callers() is '${TRIGGER_VERSION}'`,
  `drop trigger if exists paybench_statistics_notify_insert on configs`,
  `create trigger paybench_statistics_notify_insert after insert on configs for each row
     when (new.key in ('privacyThreshold', 'exchangeRates')) execute function paybench_statistics_notify()`,
  `drop trigger if exists paybench_statistics_notify_update on configs`,
  `create trigger paybench_statistics_notify_update after update on configs for each row
     when (old.key in ('privacyThreshold', 'exchangeRates') or new.key in ('privacyThreshold', 'exchangeRates'))
     execute function paybench_statistics_notify()`,
  `drop trigger if exists paybench_statistics_notify_delete on configs`,
  `create trigger paybench_statistics_notify_delete after delete on configs for each row
     when (old.key in ('privacyThreshold', 'exchangeRates')) execute function paybench_statistics_notify()`,
  `drop trigger if exists paybench_statistics_notify on statistics_releases`,
  `create trigger paybench_statistics_notify after insert or update or delete or truncate on statistics_releases
     for each statement execute function paybench_statistics_notify()`,
  `drop trigger if exists paybench_statistics_notify_insert on forms`,
  `create trigger paybench_statistics_notify_insert after insert on forms referencing new table as paybench_new
     for each statement execute function paybench_statistics_notify_callers()`,
  `drop trigger if exists paybench_statistics_notify_update on forms`,
  `create trigger paybench_statistics_notify_update after update on forms referencing old table as paybench_old new table as paybench_new
     for each statement execute function paybench_statistics_notify_callers()`,
  `drop trigger if exists paybench_statistics_notify_delete on forms`,
  `create trigger paybench_statistics_notify_delete after delete on forms referencing old table as paybench_old
     for each statement execute function paybench_statistics_notify_callers()`,
  `drop trigger if exists paybench_statistics_notify_update on users`,
  `create trigger paybench_statistics_notify_update after update on users referencing old table as paybench_old new table as paybench_new
     for each statement execute function paybench_statistics_notify_callers()`,
  `drop trigger if exists paybench_statistics_notify_delete on users`,
  `create trigger paybench_statistics_notify_delete after delete on users referencing old table as paybench_old
     for each statement execute function paybench_statistics_notify_callers()`,
];
/** Every trigger above (by table), to skip the installation when all are there. */
const TRIGGER_COUNT = TRIGGER_SQL.filter((statement) => statement.startsWith('create trigger')).length;

async function installNotifyTriggers(database: Database): Promise<void> {
  const [{ n, version }] = await database.execute<{ n: number; version: string | null }>(
    `select (select count(*)::int from pg_trigger where not tgisinternal and tgname like 'paybench\\_statistics\\_notify%') as n,
            (select obj_description(p.oid, 'pg_proc') from pg_proc p where p.proname = 'paybench_statistics_notify_callers') as version`,
  );
  if (Number(n) === TRIGGER_COUNT && version === TRIGGER_VERSION) return;
  await database.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock($1)', [TRIGGER_LOCK]);
    await tx.execute(`set local lock_timeout = '1s'`);
    for (const statement of TRIGGER_SQL) await tx.execute(statement);
  });
}

/** The settings of a request; with `userId`, also the caller and their own form of the year. */
export interface ReadSettingsOptions {
  userId: string | null;
  requestedYear: number | undefined;
}

interface SharedRow {
  release: RequestRow['release'];
  privacy_threshold: unknown;
  exchange_rates: unknown;
}

interface CallerPart {
  caller: RequestRow['caller'];
  forms: OwnFormRow[];
}

const SHARED_SQL = `(select row_to_json(r) from (
                       select id, sequence, cut_at, revision, years from statistics_releases where current) r) as release,
                    (select value from configs where key = 'privacyThreshold') as privacy_threshold,
                    (select value from configs where key = 'exchangeRates') as exchange_rates`;
const CALLER_SQL = `(select row_to_json(c) from (
                       select u.roles, u.credits, u.premium_type, u.disabled from users u where u.id = $1) c) as caller,
                    (select json_agg(o) from (
                       select f.survey_year, f.id, f.revision, f.currency, f.fixed_salary, f.annual_bonus, f.deferred_compensation
                         from forms f where f.user_id = $1 and f.status = 'completed') o) as forms`;

/** Request settings from their parts (pure). */
function assemble(defaultThreshold: number, shared: SharedRow, part: CallerPart | null, options: ReadSettingsOptions): RequestSettings {
  const release = shared.release
    ? { id: shared.release.id, sequence: Number(shared.release.sequence), cutAt: new Date(shared.release.cut_at).toISOString(), revision: Number(shared.release.revision) }
    : null;
  const releaseYears = Object.keys(shared.release?.years ?? {}).map(Number);
  const latestYear = releaseYears.length > 0 ? Math.max(...releaseYears) : null;
  const year = options.requestedYear ?? latestYear ?? currentYear();
  const rates = parseRates(shared.exchange_rates);
  const forms = part?.forms ?? [];
  const caller: Caller | null =
    options.userId && part?.caller && !part.caller.disabled
      ? {
          id: options.userId,
          roles: part.caller.roles,
          credits: Number(part.caller.credits),
          premiumType: part.caller.premium_type,
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
  return { release, threshold: effectiveThreshold(shared.privacy_threshold, defaultThreshold), rates, year, caller, own };
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
      try {
        await installNotifyTriggers(database);
      } catch {
        // Retried by the next read after a pause; reads go to the database meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
        starting = null;
        return;
      }
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
      if (wasLive && live && generation === startedAt) shared = { release: full.release, privacy_threshold: full.privacy_threshold, exchange_rates: full.exchange_rates };
    }
    const settings = assemble(defaultThreshold, row, part, request);
    if (userId && wasLive && live && generation === startedAt && callerGeneration === callersAt && cacheableCaller(settings.caller)) {
      callers.set(userId, { until: now() + callerCacheMs, part });
    }
    return settings;
  }

  return {
    read,
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
  if (!byThreshold) instances.set(database, (byThreshold = new Map()));
  let cache = byThreshold.get(defaultThreshold);
  if (!cache) byThreshold.set(defaultThreshold, (cache = createStatisticsSettings(database, defaultThreshold)));
  return cache;
}

/** Stops the listeners of `database`'s settings caches (the app's onClose). */
export async function closeStatisticsSettings(database: Database): Promise<void> {
  const byThreshold = instances.get(database);
  if (!byThreshold) return;
  await Promise.all([...byThreshold.values()].map((cache) => cache.close()));
}

export type SettingsReader = ReturnType<typeof createSettingsReader>;
