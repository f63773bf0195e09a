// Data quality: the admin's report of what needs attention in the forms (GET forms/test) and
// the deferred-compensation script (POST forms/run-deferred-compensation-script), which rewrites the stored
// columns the statistics read from each form's answers.
//
// The stored columns (currency, the group fields, fixed salary, bonus, deferred compensation) are derived from the
// answers by formColumns when a form is saved (services/forms.ts); totalWithoutDeferral (fixed + bonus) and
// totalWithDeferral (+ deferred) are computed from them by every statistic. A form whose columns disagree with
// its answers (an import, a fix made in the answers by hand, a change of the derivation) counts with stale money
// until the script rewrites them; the report's `derivedOutOfDate` check finds the same forms the script changes.
import type { Queryable } from '../db/open';
import { formColumns, type FormColumns } from '../db/formRow';
import { validateForCompletion } from '../../domain/formValidation';
import { bumpDataVersion, readDataVersion } from './dataVersion';
import { readCountingSettings } from './statisticsSettings';
import { SqlParams, countedFormsSql, type CountingSettings } from './peerGroup';

/** Forms listed per check (the page links to each). */
export const FORM_ID_SAMPLE = 50;
export const DEFAULT_STALE_DRAFT_DAYS = 30;

export interface DataQualityCheck {
  count: number;
  formIds: string[];
  breakdown: Array<{ key: string; count: number }>;
}

export interface YearHealth {
  year: number;
  inProgress: number;
  completed: number;
  counted: number;
  excludedByOutliers: number;
  excludedByMinValues: number;
}

export interface DataQualityReport {
  generatedAt: string;
  dataVersion: string;
  totalForms: number;
  activeOutlierPackId: string | null;
  staleDraftDays: number;
  years: YearHealth[];
  /** The last completed run of the deferred-compensation script, as its audit record has it. */
  lastScriptRun: { finishedAt: string; actorEmail: string | null; result: ScriptSummary } | null;
  checks: {
    inconsistentValues: DataQualityCheck;
    derivedOutOfDate: DataQualityCheck;
    duplicatePerPersonYear: DataQualityCheck;
    staleDrafts: DataQualityCheck;
    currencyWithoutRate: DataQualityCheck;
    excludedByMinValues: DataQualityCheck;
  };
}

/** The stored columns as formColumns names them, with their SQL column. */
const COLUMNS: Array<[keyof FormColumns, string]> = [
  ['currency', 'currency'],
  ['country', 'country'],
  ['city', 'city'],
  ['sector', 'sector'],
  ['companySize', 'company_size'],
  ['companyType', 'company_type'],
  ['functionalArea', 'functional_area'],
  ['positionLevel', 'position_level'],
  ['gender', 'gender'],
  ['yearsExperience', 'years_experience'],
  ['fixedSalary', 'fixed_salary'],
  ['annualBonus', 'annual_bonus'],
  ['deferredCompensation', 'deferred_compensation'],
];
const COLUMN_LIST = COLUMNS.map(([, column]) => column).join(', ');

interface FormScanRow extends Record<string, unknown> {
  id: string;
  status: string;
  user_id: string | null;
  answers: Record<string, unknown> | null;
}

/** The columns of a stored row that differ from what its answers give (names as formColumns has them). */
export function staleColumns(row: Record<string, unknown>, answers: Record<string, unknown>): Array<keyof FormColumns> {
  const derived = formColumns(answers);
  const changed: Array<keyof FormColumns> = [];
  for (const [name, column] of COLUMNS) {
    const stored = row[column];
    const wanted = derived[name];
    // Whole numbers (bigint included) may come back as numbers, strings or bigints depending on the driver.
    const same = typeof wanted === 'number' ? stored !== null && stored !== undefined && Number(stored) === wanted : stored === wanted;
    if (!same) changed.push(name);
  }
  return changed;
}

class Tally {
  count = 0;
  readonly formIds: string[] = [];
  private readonly byKey = new Map<string, number>();
  add(formId: string, keys: Iterable<string>) {
    this.count += 1;
    if (this.formIds.length < FORM_ID_SAMPLE) this.formIds.push(formId);
    for (const key of new Set(keys)) this.byKey.set(key, (this.byKey.get(key) ?? 0) + 1);
  }
  result(): DataQualityCheck {
    const breakdown = [...this.byKey].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    return { count: this.count, formIds: this.formIds, breakdown };
  }
}

/** Every form, in id order, in pages (the report's pass over the answers; no lock). */
async function* scanForms(db: Queryable, batchSize = 1_000): AsyncGenerator<FormScanRow[]> {
  let after = '';
  for (;;) {
    const rows = await db.execute<FormScanRow>(`select id, status, user_id, answers, ${COLUMN_LIST} from forms where id > $1 order by id limit $2`, [
      after,
      batchSize,
    ]);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** A SQL check's rows: the form ids (ordered) and a key each, counted and sampled. */
async function sqlCheck(db: Queryable, sql: string, params: unknown[]): Promise<DataQualityCheck> {
  const rows = await db.execute<{ id: string; key: string }>(sql, params);
  const tally = new Tally();
  // A form may appear with several keys (several minimum values failed): one form, each key counted.
  const keysById = new Map<string, string[]>();
  for (const row of rows) {
    const keys = keysById.get(row.id);
    if (keys) keys.push(String(row.key));
    else keysById.set(row.id, [String(row.key)]);
  }
  for (const [id, keys] of keysById) tally.add(id, keys);
  return tally.result();
}

/** The money of a completed form in EUR, as the counted forms convert it (peerGroup.countedFormsSql). */
function moneySql(settings: CountingSettings, params: SqlParams) {
  const converted = Object.keys(settings.rates).length > 0;
  const rates = converted ? params.add(JSON.stringify(settings.rates)) : '';
  const money = (column: string) =>
    converted ? `(${column} * (case when f.currency = 'EUR' then 1::float8 else (${rates}::jsonb ->> f.currency)::float8 end))` : `${column}::float8`;
  const hasRate = converted ? `(f.currency = 'EUR' or (${rates}::jsonb ? f.currency))` : `f.currency = 'EUR'`;
  return { fx: money('f.fixed_salary'), bn: money('coalesce(f.annual_bonus, 0)'), df: money('coalesce(f.deferred_compensation, 0)'), hasRate };
}

export async function dataQualityReport(db: Queryable, options: { staleDraftDays?: number } = {}): Promise<DataQualityReport> {
  const staleDraftDays = options.staleDraftDays ?? DEFAULT_STALE_DRAFT_DAYS;
  const settings = await readCountingSettings(db);

  // One pass over the answers: the completion rules and the stored columns, as the questionnaire and the script see them.
  const inconsistent = new Tally();
  const outOfDate = new Tally();
  for await (const rows of scanForms(db)) {
    for (const row of rows) {
      const answers = row.answers ?? {};
      if (row.status === 'completed') {
        const issues = validateForCompletion(answers, { signedOut: row.user_id === null });
        if (issues.length > 0)
          inconsistent.add(
            row.id,
            issues.map((issue) => `${issue.field}:${issue.key.split('.').pop()}`),
          );
      }
      const stale = staleColumns(row, answers);
      if (stale.length > 0) outOfDate.add(row.id, stale);
    }
  }

  const duplicatePerPersonYear = await sqlCheck(
    db,
    `with people as (
       select f.id, f.survey_year, lower(coalesce(u.email, f.email)) as person
         from forms f left join users u on u.id = f.user_id
        where coalesce(u.email, f.email) is not null
     ), repeated as (
       select person, survey_year from people group by person, survey_year having count(*) > 1
     )
     select p.id, p.survey_year::text as key
       from people p join repeated r on r.person = p.person and r.survey_year = p.survey_year
      order by p.survey_year desc, p.person, p.id`,
    [],
  );

  const staleDrafts = await sqlCheck(
    db,
    `select id, survey_year::text as key from forms
      where status <> 'completed' and updated_at < now() - make_interval(days => $1::int)
      order by updated_at, id`,
    [staleDraftDays],
  );

  const params = new SqlParams();
  const { hasRate } = moneySql(settings, params);
  const currencyWithoutRate = await sqlCheck(
    db,
    `select f.id, f.currency as key from forms f where f.status = 'completed' and not ${hasRate} order by f.currency, f.id`,
    params.values,
  );

  const minParams = new SqlParams();
  const money = moneySql(settings, minParams);
  const minFixed = minParams.add(settings.minValues.minFixed);
  const compTotal = minParams.add(settings.minValues.compTotal);
  const deferredMax = minParams.add(settings.minValues.deferredMax);
  const excludedByMinValues = await sqlCheck(
    db,
    `select f.id, r.key
       from forms f
       cross join lateral (values
         ('minFixed', ${money.fx} < ${minFixed}),
         ('compTotal', ${money.fx} + ${money.bn} < ${compTotal}),
         ('deferredMax', ${money.df} > ${deferredMax})
       ) as r(key, failed)
      where f.status = 'completed' and f.fixed_salary is not null and ${money.hasRate} and r.failed
      order by f.survey_year desc, f.id, r.key`,
    minParams.values,
  );

  return {
    generatedAt: new Date().toISOString(),
    dataVersion: await readDataVersion(db),
    totalForms: Number((await db.execute<{ n: number }>('select count(*)::int as n from forms'))[0].n),
    activeOutlierPackId: settings.activePackId,
    staleDraftDays,
    years: await yearHealth(db, settings),
    lastScriptRun: await lastScriptRun(db),
    checks: {
      inconsistentValues: inconsistent.result(),
      derivedOutOfDate: outOfDate.result(),
      duplicatePerPersonYear,
      staleDrafts,
      currencyWithoutRate,
      excludedByMinValues,
    },
  };
}

async function lastScriptRun(db: Queryable): Promise<DataQualityReport['lastScriptRun']> {
  const [row] = await db.execute<{ created_at: Date | string; actor_email: string | null; after: Partial<ScriptSummary> | null }>(
    `select created_at, actor_email, after from audit_log where action = 'script.deferredCompensation' order by created_at desc, id desc limit 1`,
  );
  if (!row?.after) return null;
  const after = row.after;
  return {
    finishedAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
    actorEmail: row.actor_email,
    result: {
      processedForms: Number(after.processedForms ?? 0),
      updatedForms: Number(after.updatedForms ?? 0),
      dataVersion: String(after.dataVersion ?? ''),
      changedColumns: after.changedColumns ?? {},
      updatedFormIds: after.updatedFormIds ?? [],
    },
  };
}

/** Per survey year: drafts, completed, counted, and what the active pack and the minimum values leave out. */
async function yearHealth(db: Queryable, settings: CountingSettings): Promise<YearHealth[]> {
  const params = new SqlParams();
  const counted = countedFormsSql(settings, params);
  const money = moneySql(settings, params);
  const minFixed = params.add(settings.minValues.minFixed);
  const compTotal = params.add(settings.minValues.compTotal);
  const deferredMax = params.add(settings.minValues.deferredMax);
  const pack = settings.activePackId ? params.add(settings.activePackId) : null;
  const rows = await db.execute<{ year: number; in_progress: number; completed: number; counted: number; by_outliers: number; by_min: number }>(
    `with years as (select distinct survey_year from forms),
     stats as (
       select f.survey_year,
              count(*) filter (where f.status <> 'completed')::int as in_progress,
              count(*) filter (where f.status = 'completed')::int as completed,
              count(*) filter (where f.status = 'completed' and ${pack ? `exists (select 1 from outlier_exclusions e where e.pack_id = ${pack} and e.form_id = f.id)` : 'false'})::int as by_outliers,
              count(*) filter (where f.status = 'completed' and f.fixed_salary is not null and ${money.hasRate}
                                 and (${money.fx} < ${minFixed} or ${money.fx} + ${money.bn} < ${compTotal} or ${money.df} > ${deferredMax}))::int as by_min
         from forms f group by f.survey_year
     ),
     counted as (select c.survey_year, count(*)::int as n from (${counted}) c group by c.survey_year)
     select y.survey_year as year, s.in_progress, s.completed, coalesce(c.n, 0)::int as counted, s.by_outliers, s.by_min
       from years y join stats s on s.survey_year = y.survey_year left join counted c on c.survey_year = y.survey_year
      order by y.survey_year desc`,
    params.values,
  );
  return rows.map((row) => ({
    year: Number(row.year),
    inProgress: Number(row.in_progress),
    completed: Number(row.completed),
    counted: Number(row.counted),
    excludedByOutliers: Number(row.by_outliers),
    excludedByMinValues: Number(row.by_min),
  }));
}

// ───────────── the deferred-compensation script ─────────────

export interface ScriptSummary {
  processedForms: number;
  updatedForms: number;
  dataVersion: string;
  changedColumns: Record<string, number>;
  updatedFormIds: string[];
}

export interface RecomputeOptions {
  batchSize?: number;
  /** Called after each batch commits. */
  progress?: (done: number, total: number) => Promise<void>;
  /** Checked between batches (a shutdown): stop there, what committed stays. */
  signal?: AbortSignal;
}

/**
 * Rewrites every form's stored columns from its answers, one batch of forms per transaction (locked while it is
 * rewritten, so a save of the same form waits), changing only the rows that differ; the data version changes in
 * the batch's transaction when a completed form changed. Idempotent: a second run finds nothing to change, and a
 * run interrupted between batches is simply run again.
 */
export async function recomputeDerivedColumns(
  database: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  { batchSize = 500, progress, signal }: RecomputeOptions = {},
): Promise<ScriptSummary> {
  const [{ n: total }] = await database.execute<{ n: number }>('select count(*)::int as n from forms');
  const changedColumns: Record<string, number> = {};
  const updatedFormIds: string[] = [];
  let processed = 0;
  let updated = 0;
  let after = '';
  for (;;) {
    signal?.throwIfAborted();
    const batch = await database.transaction(async (tx) => {
      const rows = await tx.execute<FormScanRow>(
        `select id, status, user_id, answers, ${COLUMN_LIST} from forms where id > $1 order by id limit $2 for update`,
        [after, batchSize],
      );
      const changes: Array<Record<string, unknown>> = [];
      let completedChanged = false;
      for (const row of rows) {
        const answers = row.answers ?? {};
        const stale = staleColumns(row, answers);
        if (stale.length === 0) continue;
        const derived = formColumns(answers);
        changes.push({ id: row.id, ...Object.fromEntries(COLUMNS.map(([name, column]) => [column, derived[name]])) });
        for (const name of stale) changedColumns[name] = (changedColumns[name] ?? 0) + 1;
        if (updatedFormIds.length < FORM_ID_SAMPLE) updatedFormIds.push(row.id);
        if (row.status === 'completed') completedChanged = true;
      }
      if (changes.length > 0) {
        // The answers' own time stays: the script changes no answer (a stale draft stays stale).
        await tx.execute(
          `update forms f set ${COLUMNS.map(([, column]) => `${column} = v.${column}`).join(', ')}
             from jsonb_to_recordset($1::jsonb) as v(id text, currency text, country text, city text, sector text, company_size text,
                  company_type text, functional_area text, position_level text, gender text, years_experience integer,
                  fixed_salary integer, annual_bonus integer, deferred_compensation bigint)
            where f.id = v.id`,
          [JSON.stringify(changes)],
        );
      }
      if (completedChanged) await bumpDataVersion(tx);
      return { size: rows.length, last: rows.at(-1)?.id ?? after, changed: changes.length };
    });
    if (batch.size === 0) break;
    processed += batch.size;
    updated += batch.changed;
    after = batch.last;
    if (progress) await progress(processed, Math.max(total, processed));
    if (batch.size < batchSize) break;
  }
  return { processedForms: processed, updatedForms: updated, dataVersion: await readDataVersion(database), changedColumns, updatedFormIds };
}
