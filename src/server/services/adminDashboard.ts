// The admin dashboard's figures (GET forms/detailed-statistics): operational counts for admins (forms, drafts,
// users, searches, credits, payments and releases); it never reads a pay figure. Each part is one SQL statement
// over the live tables.
import type { components } from '../../api/schema';
import type { ServerConfig } from '../config';
import type { Database, Queryable } from '../db/open';
import { currentRelease } from './releases';
import { readThreshold } from './statisticsSettings';
import { currentYear } from '../../domain/constants';

type Schemas = components['schemas'];
type DetailedStatistics = Schemas['DetailedStatistics'];

/** Weeks of registrations and searches on the dashboard. */
export const DASHBOARD_WEEKS = 26;
/** The questionnaire's five steps (indexes 0–4 in completed_steps). */
const STEPS = [1, 2, 3, 4, 5] as const;
/** Ledger reasons that are neither spending nor granting. */
const NOT_SPENDING = `('refund', 'admin-adjustment')`;
const NOT_GRANTING = `('purchase', 'admin-adjustment')`;

const int = (value: unknown) => Number(value ?? 0);

async function formsByYear(db: Queryable) {
  const rows = await db.execute<{ year: number; completed: number; in_progress: number }>(
    `select survey_year as year,
            count(*) filter (where status = 'completed')::int as completed,
            count(*) filter (where status <> 'completed')::int as in_progress
       from forms group by survey_year order by survey_year`,
  );
  return rows.map((r) => ({ year: int(r.year), completed: int(r.completed), inProgress: int(r.in_progress) }));
}

/** Drafts of `year` by the first step they have not sent (1–5), and the completed forms of the year. */
async function funnel(db: Queryable, year: number): Promise<DetailedStatistics['funnel']> {
  const rows = await db.execute<{ step: number; drafts: number }>(
    `select step, count(*)::int as drafts from (
       select coalesce((select min(s) from generate_series(0, 4) as s where not (s = any(f.completed_steps))), 4) + 1 as step
         from forms f where f.survey_year = $1 and f.status <> 'completed') d
      group by step`,
    [year],
  );
  const [done] = await db.execute<{ n: number }>(`select count(*)::int as n from forms where survey_year = $1 and status = 'completed'`, [year]);
  const byStep = new Map(rows.map((r) => [int(r.step), int(r.drafts)]));
  return { stoppedAt: STEPS.map((step) => ({ step, drafts: byStep.get(step) ?? 0 })), completed: int(done?.n) };
}

/** Completed forms of `year` per sector, country and position level, most first. */
async function breakdowns(db: Queryable, year: number) {
  const rows = await db.execute<{ dim: string; key: string; count: number }>(
    `select dim, key, count(*)::int as count from (
       select 'sector' as dim, sector as key from forms where survey_year = $1 and status = 'completed' and sector is not null
       union all
       select 'country', country from forms where survey_year = $1 and status = 'completed' and country is not null
       union all
       select 'positionLevel', position_level from forms where survey_year = $1 and status = 'completed' and position_level is not null) c
      group by dim, key
      order by dim, count desc, key`,
    [year],
  );
  const of = (dim: string) => rows.filter((r) => r.dim === dim).map((r) => ({ key: r.key, count: int(r.count) }));
  return { bySector: of('sector'), byCountry: of('country'), byPositionLevel: of('positionLevel') };
}

async function counts(db: Queryable) {
  const [row] = await db.execute<Record<string, number>>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from users where 'member' = any(roles)) as members,
            (select count(*)::int from users where 'corporate' = any(roles)) as corporate,
            (select count(*)::int from users where 'admin' = any(roles)) as admins,
            (select count(*)::int from search_history) as searches`,
  );
  return {
    users: { total: int(row.users), member: int(row.members), corporate: int(row.corporate), admin: int(row.admins) },
    searches: int(row.searches),
  };
}

/** Accounts created and searches saved per week (Monday 00:00 UTC), the last DASHBOARD_WEEKS weeks, oldest first. */
async function weekly(db: Queryable, now: Date): Promise<DetailedStatistics['weekly']> {
  const rows = await db.execute<{ week_start: string; registrations: number; searches: number }>(
    `with weeks as (
       select generate_series(date_trunc('week', $1::timestamptz at time zone 'UTC') - interval '${DASHBOARD_WEEKS - 1} weeks',
                              date_trunc('week', $1::timestamptz at time zone 'UTC'), interval '1 week') as week_start)
     select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
            (select count(*)::int from users u
              where u.created_at >= w.week_start at time zone 'UTC' and u.created_at < (w.week_start + interval '1 week') at time zone 'UTC') as registrations,
            (select count(*)::int from search_history h
              where h.created_at >= w.week_start at time zone 'UTC' and h.created_at < (w.week_start + interval '1 week') at time zone 'UTC') as searches
       from weeks w order by w.week_start`,
    [now.toISOString()],
  );
  return rows.map((r) => ({ weekStart: r.week_start, registrations: int(r.registrations), searches: int(r.searches) }));
}

async function credits(db: Queryable): Promise<DetailedStatistics['credits']> {
  const [row] = await db.execute<Record<string, number>>(
    `select coalesce(sum(delta) filter (where reason = 'purchase'), 0)::int as sold,
            coalesce(-sum(delta) filter (where delta < 0 and reason not in ${NOT_SPENDING}), 0)::int as spent,
            coalesce(-sum(delta) filter (where reason = 'refund'), 0)::int as refunded,
            coalesce(sum(delta) filter (where reason = 'admin-adjustment'), 0)::int as adjusted,
            coalesce(sum(delta) filter (where delta > 0 and reason not in ${NOT_GRANTING}), 0)::int as granted,
            (select coalesce(sum(credits), 0)::int from users) as balance
       from credit_ledger`,
  );
  return {
    sold: int(row.sold),
    spent: int(row.spent),
    refunded: Math.max(0, int(row.refunded)),
    adjusted: int(row.adjusted),
    granted: int(row.granted),
    balance: int(row.balance),
  };
}

async function revenue(db: Queryable): Promise<DetailedStatistics['revenue']> {
  // The product's name from the catalogue, in both languages (the page shows the reader's), never just its id.
  const rows = await db.execute<{
    item_id: string;
    name_es: string | null;
    name_en: string | null;
    kind: string;
    currency: string;
    purchases: number;
    amount: number;
    refunded: number;
  }>(
    `select p.item_id, c.texts->'es'->>'name' as name_es, c.texts->'en'->>'name' as name_en, p.kind, p.currency,
            count(*)::int as purchases, sum(p.amount)::float8 as amount, sum(p.refunded_amount)::float8 as refunded
       from purchases p left join catalogue_items c on c.id = p.item_id
      group by p.item_id, c.texts, p.kind, p.currency order by sum(p.amount) desc, p.item_id, p.currency`,
  );
  return rows.map((r) => ({
    itemId: r.item_id,
    names: { es: r.name_es ?? r.name_en ?? r.item_id, en: r.name_en ?? r.name_es ?? r.item_id },
    kind: r.kind === 'plan' ? ('plan' as const) : ('credits' as const),
    currency: r.currency,
    purchases: int(r.purchases),
    amount: Math.round(Number(r.amount) * 100) / 100,
    refunded: Math.round(Number(r.refunded) * 100) / 100,
  }));
}

/**
 * When the release schedule (services/releases.ts startReleaseSchedule) next tries to cut: the current release's
 * cut plus the interval. It may lie in the past when the last tries found too few changed forms; null before the
 * first release (the schedule then cuts the first one at its next check).
 */
export function nextScheduledCut(cutAt: string | null, intervalHours: number): string | null {
  return cutAt ? new Date(new Date(cutAt).getTime() + intervalHours * 3_600_000).toISOString() : null;
}

/**
 * The dashboard of `requested` (by default the latest survey year with forms, else the current year), as of `now`.
 */
export async function detailedStatistics(
  database: Database,
  config: Pick<ServerConfig, 'privacyThreshold' | 'releaseIntervalHours'>,
  requested: number | undefined,
  now = new Date(),
): Promise<DetailedStatistics> {
  const years = await formsByYear(database);
  const year = requested ?? years.at(-1)?.year ?? currentYear(now);
  const [stopped, parts, totals, weeks, ledger, payments, release, threshold] = await Promise.all([
    funnel(database, year),
    breakdowns(database, year),
    counts(database),
    weekly(database, now),
    credits(database),
    revenue(database),
    currentRelease(database),
    readThreshold(database, config.privacyThreshold),
  ]);
  const completed = years.reduce((sum, y) => sum + y.completed, 0);
  const inProgress = years.reduce((sum, y) => sum + y.inProgress, 0);
  return {
    generatedAt: now.toISOString(),
    year,
    surveyYears: years.map((y) => y.year),
    totals: {
      forms: completed + inProgress,
      completedForms: completed,
      inProgressForms: inProgress,
      countedForms: release?.size ?? 0,
      searches: totals.searches,
    },
    users: totals.users,
    formsByYear: years,
    funnel: stopped,
    ...parts,
    weekly: weeks,
    credits: ledger,
    revenue: payments,
    release: release
      ? { id: release.id, sequence: release.sequence, cutAt: release.cutAt, trigger: release.trigger, size: release.size, changedForms: release.changedForms }
      : null,
    nextScheduledCut: nextScheduledCut(release?.cutAt ?? null, config.releaseIntervalHours),
    threshold,
  };
}
