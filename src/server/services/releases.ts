// Statistics releases (docs/statistics-and-privacy.md). Every published figure is computed on the current release: a snapshot of
// the counted forms, cut on a schedule (RELEASE_INTERVAL_HOURS, default daily) or by an admin, and only when at
// least K counted forms were added, removed or changed since the previous release. So a form completed or edited
// now moves no figure until the next cut, and one new form can never be isolated by asking the same question
// before and after it arrived: between two releases at least K people differ.
//
// A cut is one transaction: the counted forms are copied (money converted to EUR with the exchange rates of that
// moment, minimum values and the active outlier pack applied) into a new partition of release_forms (a table of
// its own until its indexes are built, then attached), compared with the current release, and the new release
// becomes current. The partitions of releases before the previous one are dropped (the releases themselves are
// kept with their date, size and data version). After the cut, the figures every first
// visit asks for are precomputed (the latest year without filters and with each single filter value; every
// other year without filters; for the personal views, the latest year's sector × level and sector × level ×
// country or city groups). Erasure of a person (account deletion) deletes their forms, which deletes their
// rows from every release at once (foreign keys), and raises the revision of those releases so that no cached
// figure that counted them survives.
import type { Database, Queryable } from '../db/open';
import { newId } from '../ids';
import { publishedExchangeRates, type ExchangeRates } from '../../domain/money';
import { FIELD_OPTIONS, GROUP_FIELDS, SqlParams, conditionsKey, countedFormsSql, type CountingSettings, type Conditions } from './peerGroup';
import { compareGroup, compareGroups, type RawComparison } from './statistics';
import { notifyStatisticsChanged, readCountingSettings, statisticsChangedHere } from './statisticsSettings';
import { readDataVersion } from './dataVersion';
import { infusedMoneySql } from './infusion';
import { INFUSION } from '../../domain/constants';

/** Two instances never cut at the same time. */
export const RELEASE_LOCK = 727_002;

/** Memory for the sort and the hash join of a cut (PostgreSQL; the embedded PGlite gets half). */
const CUT_MEMORY = '256MB';

/** Memory for each index build of a cut (one sorted pass each; PostgreSQL's default of 64 MB spills to disk). */
const INDEX_BUILD_MEMORY = '256MB';

/** The partition of release_forms that holds a release's rows (migration 0003). */
export function partitionName(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new Error('invalid release sequence');
  return `release_forms_r${sequence}`;
}

/**
 * Drops the partitions of releases before the previous one (their release rows stay, with date, size and data
 * version). Dropping a partition needs a moment's exclusive lock on release_forms: it waits at most a second for
 * statements in flight and otherwise leaves the partition to the next cut, so readers are never held up longer.
 */
async function dropOldPartitions(database: Database, sequence: number): Promise<void> {
  const partitions = await database.execute<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'release_forms'::regclass and c.relname ~ '^release_forms_r[0-9]+$'`,
  );
  for (const { name } of partitions) {
    const of = Number(name.slice('release_forms_r'.length));
    if (of >= sequence - 1) continue;
    try {
      await database.transaction(async (tx) => {
        await tx.execute(`set local lock_timeout = '1s'`);
        await tx.execute(`drop table ${partitionName(of)}`);
      });
    } catch {
      // Busy: the next cut drops it.
    }
  }
}

export type ReleaseTrigger = 'schedule' | 'admin' | 'first';

export interface Release {
  id: string;
  sequence: number;
  cutAt: string;
  trigger: ReleaseTrigger;
  size: number;
  changedForms: number;
  dataVersion: string;
  /** Counted forms per survey year. */
  years: Record<string, number>;
  settings: CountingSettings;
  revision: number;
  current: boolean;
}

export type CutOutcome =
  | { status: 'cut'; release: Release; precomputed: number; timings: { snapshotMs: number; precomputeMs: number } }
  | { status: 'too-few-changes'; changedForms: number; threshold: number; current: Release };

interface ReleaseRow {
  id: string;
  sequence: number;
  cut_at: Date | string;
  trigger: ReleaseTrigger;
  size: number;
  changed_forms: number;
  data_version: string;
  years: Record<string, number>;
  settings: CountingSettings;
  revision: number;
  current: boolean;
}

const RELEASE_COLUMNS = 'id, sequence, cut_at, trigger, size, changed_forms, data_version, years, settings, revision, current';

function toRelease(row: ReleaseRow): Release {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    cutAt: new Date(row.cut_at).toISOString(),
    trigger: row.trigger,
    size: Number(row.size),
    changedForms: Number(row.changed_forms),
    dataVersion: row.data_version,
    years: row.years,
    settings: row.settings,
    revision: Number(row.revision),
    current: row.current,
  };
}

export async function currentRelease(db: Queryable): Promise<Release | null> {
  const [row] = await db.execute<ReleaseRow>(`select ${RELEASE_COLUMNS} from statistics_releases where current`);
  return row ? toRelease(row) : null;
}

/**
 * The exchange rates every page of the current release converts with (docs/money.md): its rates, dated by its cut.
 * GET /app-config publishes them and the catalogue converts prices with them, so one rate and one date are shown
 * everywhere. Null before the first cut (nothing is converted then).
 */
export async function currentExchangeRates(db: Queryable): Promise<ExchangeRates | null> {
  const release = await currentRelease(db);
  return release ? publishedExchangeRates(release.settings.rates ?? {}, release.cutAt) : null;
}

export async function listReleases(db: Queryable, page: number, limit: number): Promise<{ items: Release[]; total: number }> {
  const rows = await db.execute<ReleaseRow & { total: number }>(
    `select ${RELEASE_COLUMNS}, count(*) over ()::int as total from statistics_releases order by sequence desc limit $1 offset $2`,
    [limit, (page - 1) * limit],
  );
  const total = rows[0]?.total ?? (await db.execute<{ n: number }>('select count(*)::int as n from statistics_releases'))[0].n;
  return { items: rows.map(toRelease), total: Number(total) };
}

/** Signals a refused cut out of the transaction (rolling it back). */
class TooFewChanges extends Error {
  constructor(
    readonly changedForms: number,
    readonly current: Release,
  ) {
    super('too few changes');
  }
}

/**
 * Cuts a release from the counted forms as they are now. Refused (nothing written) when a current release exists
 * and fewer than `threshold` counted forms changed since, unless `force` (tests and the bench only).
 */
export async function cutRelease(
  database: Database,
  options: {
    threshold: number;
    trigger: ReleaseTrigger;
    /** PERTURBATION_SECRET: keys the infusion of the release's money (infusion.ts). */
    secret: string;
    force?: boolean;
    /**
     * A scheduled or first cut checks again under the lock that it is still due (no current release for
     * `first`; the current one older than this for `schedule`), so instances ticking at the same moment cut once.
     */
    dueAfterMs?: number;
    precompute?: boolean;
    /** Runs in the cut's transaction once the release is current (an admin's cut records its audit entry). */
    onCut?: (tx: Queryable, release: Release, previous: Release | null) => Promise<void>;
  },
): Promise<CutOutcome> {
  const started = Date.now();
  let release: Release;
  try {
    release = await database.transaction(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock($1)', [RELEASE_LOCK]);
      // The snapshot's sort and the comparison with the previous release stay in memory (4 MB spills to disk).
      await tx.execute(`set local work_mem = '${database.kind === 'pglite' ? '128MB' : CUT_MEMORY}'`);
      const settings = await readCountingSettings(tx);
      const previous = await currentRelease(tx);
      if (previous && options.trigger === 'first') throw new TooFewChanges(0, previous);
      if (previous && options.dueAfterMs !== undefined && Date.now() - new Date(previous.cutAt).getTime() < options.dueAfterMs) {
        throw new TooFewChanges(0, previous);
      }
      const id = newId();
      const sequence = (previous?.sequence ?? 0) + 1;
      const dataVersion = await readDataVersion(tx);
      await tx.execute(
        `insert into statistics_releases (id, sequence, trigger, size, changed_forms, data_version, years, settings, infusion_design)
         values ($1, $2, $3, 0, 0, $4, '{}', $5, $6)`,
        [id, sequence, options.trigger, String(dataVersion), JSON.stringify(settings), INFUSION.design],
      );
      // The release's rows go to a table of their own (its partition of release_forms, attached below): filled
      // without indexes, each index then built in one sorted pass, which is several times faster than keeping
      // four indexes of a million rows up to date row by row.
      const partition = partitionName(sequence);
      if (!/^[A-Za-z0-9]+$/.test(id)) throw new Error('invalid release id');
      await tx.execute(`create table ${partition} (like release_forms)`);
      const params = new SqlParams();
      const releaseParam = params.add(id);
      // The release holds infused money only (infusion.ts): every statistic of every surface is computed from it.
      const infused = infusedMoneySql(params, options.secret);
      // Ordered by the sector index's leading columns: the rows of a group sit together on disk.
      await tx.execute(
        `insert into ${partition} (release_id, form_id, survey_year, country, city, sector, company_size, company_type,
           functional_area, position_level, gender, years_experience, fx, bn, df, record_key)
         select ${releaseParam}, c.form_id, c.survey_year, c.country, c.city, c.sector, c.company_size, c.company_type,
                c.functional_area, c.position_level, c.gender, c.years_experience, ${infused.fx}, ${infused.bn}, ${infused.df}, c.record_key
           from (${countedFormsSql(settings, params)}) c
           ${infused.lateral}
          order by c.survey_year, c.sector, c.position_level, c.country`,
        params.values,
      );
      const [{ changed }] = previous
        ? await tx.execute<{ changed: number }>(
            `select count(*)::int as changed
               from ${partition} n
               full join (select * from release_forms where release_id = $1) o on o.form_id = n.form_id
              where n.form_id is null or o.form_id is null
                 or row(n.survey_year, n.country, n.city, n.sector, n.company_size, n.company_type, n.functional_area,
                        n.position_level, n.gender, n.years_experience, n.fx, n.bn, n.df)
                    is distinct from
                    row(o.survey_year, o.country, o.city, o.sector, o.company_size, o.company_type, o.functional_area,
                        o.position_level, o.gender, o.years_experience, o.fx, o.bn, o.df)`,
            [previous.id],
          )
        : [{ changed: 0 }];
      if (previous && !options.force && Number(changed) < options.threshold) throw new TooFewChanges(Number(changed), previous);

      // The keys and indexes of release_forms (schema.ts), built on the filled table, then attached: the
      // partitioned indexes adopt these instead of building their own. Attaching checks the foreign keys in one
      // pass and takes no lock that stops readers of the current release.
      await tx.execute(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
      await tx.execute(`alter table ${partition} add primary key (release_id, form_id)`);
      await tx.execute(`create index on ${partition} (form_id)`);
      await tx.execute(`create index on ${partition} (release_id, survey_year, sector, position_level, country)`);
      await tx.execute(`create index on ${partition} (release_id, survey_year, country, city)`);
      await tx.execute(`alter table release_forms attach partition ${partition} for values in ('${id}')`);

      const years = await tx.execute<{ survey_year: number; n: number }>(
        `select survey_year, count(*)::int as n from ${partition} group by survey_year order by survey_year`,
      );
      const byYear = Object.fromEntries(years.map((y) => [String(y.survey_year), Number(y.n)]));
      const size = years.reduce((sum, y) => sum + Number(y.n), 0);
      await tx.execute('update statistics_releases set current = false where current');
      const [row] = await tx.execute<ReleaseRow>(
        `update statistics_releases set current = true, size = $2, changed_forms = $3, years = $4 where id = $1 returning ${RELEASE_COLUMNS}`,
        [id, size, previous ? Number(changed) : size, JSON.stringify(byYear)],
      );
      await tx.execute(`delete from release_aggregates where release_id in (select id from statistics_releases where sequence < $1)`, [sequence]);
      const cut = toRelease(row);
      if (options.onCut) await options.onCut(tx, cut, previous);
      // Every instance drops its kept release pointer when this commits (statisticsSettings.ts).
      await notifyStatisticsChanged(tx, 'cut');
      return cut;
    });
  } catch (error) {
    if (error instanceof TooFewChanges) {
      return { status: 'too-few-changes', changedForms: error.changedForms, threshold: options.threshold, current: error.current };
    }
    throw error;
  }
  statisticsChangedHere(database);
  // Keep the rows of the current and the previous release (requests in flight may still read the previous one).
  await dropOldPartitions(database, release.sequence);
  // PGlite has no autovacuum; on PostgreSQL this also makes the new rows' statistics known at once.
  await database.execute(`analyze ${partitionName(release.sequence)}`);
  const snapshotMs = Date.now() - started;
  const precomputed = options.precompute === false ? 0 : await precomputeRelease(database, release, options.threshold);
  return { status: 'cut', release, precomputed, timings: { snapshotMs, precomputeMs: Date.now() - started - snapshotMs } };
}

/** The groups a cut precomputes: every year without filters, and the latest year with each single filter value. */
export function precomputedGroups(release: Pick<Release, 'years'>): Array<{ year: number; conditions: Conditions }> {
  const years = Object.keys(release.years)
    .map(Number)
    .sort((a, b) => b - a);
  if (years.length === 0) return [];
  const groups: Array<{ year: number; conditions: Conditions }> = years.map((year) => ({ year, conditions: {} }));
  for (const field of GROUP_FIELDS) {
    for (const value of FIELD_OPTIONS[field]) groups.push({ year: years[0], conditions: { [field]: value } });
  }
  return groups;
}

/** The key of a group's stored figures within a release. */
export function aggregateKey(year: number, conditionsKey: string, threshold: number): string {
  return `${year}|${threshold}|${conditionsKey}`;
}

/** Stored figures of a group of the release, if precomputed. */
export async function readAggregate(db: Queryable, releaseId: string, key: string): Promise<RawComparison | undefined> {
  const [row] = await db.execute<{ figures: RawComparison }>('select figures from release_aggregates where release_id = $1 and group_key = $2', [
    releaseId,
    key,
  ]);
  return row?.figures;
}

/** Stored figures of several groups of the release (one lookup), by key; keys not precomputed are absent. */
export async function readAggregates(db: Queryable, releaseId: string, keys: string[]): Promise<Map<string, RawComparison>> {
  if (keys.length === 0) return new Map();
  const rows = await db.execute<{ group_key: string; figures: RawComparison }>(
    'select group_key, figures from release_aggregates where release_id = $1 and group_key = any($2::text[])',
    [releaseId, keys],
  );
  return new Map(rows.map((row) => [row.group_key, row.figures]));
}

/**
 * Stores figures computed on `revision` of the release, only while that is still its revision: figures computed
 * before an erasure (which raises the revision) are never stored after it. The release row is read `for share`,
 * so a store waits for an erasure in progress and then finds the new revision.
 */
export async function storeAggregate(db: Queryable, releaseId: string, key: string, figures: RawComparison, revision: number): Promise<void> {
  await db.execute(
    `insert into release_aggregates (release_id, group_key, figures)
     select $1, $2, $3 where exists (select 1 from statistics_releases where id = $1 and revision = $4 for share)
     on conflict (release_id, group_key) do nothing`,
    [releaseId, key, JSON.stringify(figures), revision],
  );
}

/** Stores the figures of several groups at once, on the same terms as storeAggregate (one statement). */
export async function storeAggregates(
  db: Queryable,
  releaseId: string,
  entries: Array<{ key: string; figures: RawComparison }>,
  revision: number,
): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(
    `insert into release_aggregates (release_id, group_key, figures)
     select $1, e.key, e.figures::jsonb from unnest($2::text[], $3::text[]) as e(key, figures)
      where exists (select 1 from statistics_releases where id = $1 and revision = $4 for share)
     on conflict (release_id, group_key) do nothing`,
    [releaseId, entries.map((e) => e.key), entries.map((e) => JSON.stringify(e.figures)), revision],
  );
}

/**
 * The groups of the personal views' first answers, precomputed by families (one grouped statement each,
 * statistics.ts compareGroups) for the latest year: every sector × position level by country (better-sectors,
 * average-by-country and the personalised comparison's own group: sector, level and country) and by city
 * (better-city), and every sector by position level (the personalised comparison's first widening). `sizes` (people per sector × level of that year)
 * leaves out families of fewer than K people in all, whose groups are all under K: asked for, they are computed then.
 */
export function precomputedFamilies(
  release: Pick<Release, 'years'>,
  sizes: Map<string, number>,
  threshold: number,
): Array<Array<{ year: number; conditions: Conditions }>> {
  const years = Object.keys(release.years).map(Number);
  if (years.length === 0) return [];
  const year = Math.max(...years);
  const size = (sector: string, level?: string) =>
    level === undefined ? FIELD_OPTIONS.positionLevel.reduce((sum, l) => sum + (sizes.get(`${sector}|${l}`) ?? 0), 0) : (sizes.get(`${sector}|${level}`) ?? 0);
  const families: Array<Array<{ year: number; conditions: Conditions }>> = [];
  for (const sector of FIELD_OPTIONS.sector) {
    if (size(sector) < threshold) continue;
    families.push(FIELD_OPTIONS.positionLevel.map((positionLevel) => ({ year, conditions: { sector, positionLevel } })));
    for (const positionLevel of FIELD_OPTIONS.positionLevel) {
      if (size(sector, positionLevel) < threshold) continue;
      families.push(FIELD_OPTIONS.country.map((country) => ({ year, conditions: { country, sector, positionLevel } })));
      families.push(FIELD_OPTIONS.city.map((city) => ({ year, conditions: { city, sector, positionLevel } })));
    }
  }
  return families;
}

/**
 * Computes and stores the figures of the precomputed groups and families (two at a time). Returns how many groups
 * were stored.
 */
export async function precomputeRelease(database: Database, release: Release, threshold: number): Promise<number> {
  const years = Object.keys(release.years).map(Number);
  const sizes = new Map<string, number>();
  if (years.length > 0) {
    const rows = await database.execute<{ sector: string; position_level: string; n: number }>(
      `select sector, position_level, count(*)::int as n from release_forms where release_id = $1 and survey_year = $2 group by 1, 2`,
      [release.id, Math.max(...years)],
    );
    for (const row of rows) sizes.set(`${row.sector}|${row.position_level}`, Number(row.n));
  }
  const work = [...precomputedGroups(release).map((group) => [group]), ...precomputedFamilies(release, sizes, threshold)];
  let next = 0;
  let stored = 0;
  const worker = async () => {
    while (next < work.length) {
      const groups = work[next++];
      const figures =
        groups.length === 1
          ? [await compareGroup(database, { releaseId: release.id, year: groups[0].year, conditions: groups[0].conditions, threshold })]
          : await compareGroups(database, { releaseId: release.id, threshold, groups });
      const entries = groups.map((group, i) => ({ key: aggregateKey(group.year, conditionsKey(group.conditions), threshold), figures: figures[i] }));
      await storeAggregates(database, release.id, entries, release.revision);
      stored += entries.length;
    }
  };
  await Promise.all([worker(), worker()]);
  return stored;
}

/**
 * Erasure: before a person's forms are deleted (which deletes their release rows), the releases that counted
 * them get a new revision and lose their precomputed figures, so nothing computed with them is served again.
 */
export async function forgetPersonInReleases(tx: Queryable, userId: string): Promise<void> {
  // Waits for a cut in progress (and holds the next one back until the erasure commits): a cut that read the
  // person's forms before they were deleted would otherwise fail when its rows are checked against the forms, and a
  // cut after the erasure must not find them. The erasure's transaction takes nothing a cut waits for before this.
  await tx.execute('select pg_advisory_xact_lock($1)', [RELEASE_LOCK]);
  // The revision first (locking the releases' rows, so concurrent stores wait and then see it), then the stored
  // figures in a statement of its own, whose snapshot includes any figures stored before the lock was taken.
  const touched = await tx.execute<{ id: string }>(
    `update statistics_releases set revision = revision + 1
      where id in (select distinct r.release_id from release_forms r join forms f on f.id = r.form_id where f.user_id = $1)
      returning id`,
    [userId],
  );
  if (touched.length > 0) await tx.execute('delete from release_aggregates where release_id = any($1::text[])', [touched.map((r) => r.id)]);
  // Every instance drops its kept release revision (and kept callers) when the erasure commits.
  await notifyStatisticsChanged(tx, 'erasure');
}

/**
 * The scheduled cut: every `intervalHours` (checked every few minutes, so a restart does not delay it), a
 * release is cut when the current one is older than the interval; a cut with too few changes is simply skipped
 * until the next check. With no release yet, the first one is cut at once.
 */
export function startReleaseSchedule(
  database: Database,
  options: {
    threshold: () => Promise<number>;
    secret: string;
    intervalHours: number;
    checkEveryMs?: number;
    log: (message: string, fields?: Record<string, unknown>) => void;
    /** After each cut of the schedule (the members' release alerts are queued here). */
    onCut?: (release: Release) => Promise<unknown>;
  },
): { stop(): void; tick(): Promise<void> } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const current = await currentRelease(database);
      const due = !current || Date.now() - new Date(current.cutAt).getTime() >= options.intervalHours * 3_600_000;
      if (!due) return;
      const outcome = await cutRelease(database, {
        threshold: await options.threshold(),
        secret: options.secret,
        trigger: current ? 'schedule' : 'first',
        force: !current,
        dueAfterMs: options.intervalHours * 3_600_000,
      });
      if (outcome.status === 'cut') {
        options.log('statistics release cut', { sequence: outcome.release.sequence, size: outcome.release.size, changedForms: outcome.release.changedForms });
        await options.onCut?.(outcome.release);
      }
    } catch (error) {
      options.log('statistics release cut failed', { error: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.checkEveryMs ?? 5 * 60_000);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    tick,
  };
}
