// Outlier packs (docs/statistics-and-privacy.md): save, activate, delete and calculate packs; read their results
// and the forms the active pack flags. A calculation reads the same population the statistics count (services/
// peerGroup.ts countedFormsSql with the current minimum values and exchange rates) but without any pack applied,
// flags forms with the pure rules of domain/outliers.ts and stores, in one transaction, the flagged forms
// (outlier_exclusions) and the impact. The cut of the next release (services/releases.ts) leaves out the forms
// flagged by the active pack: activating, deactivating or recalculating the active pack changes no published
// figure before that release.
import type { Database, Queryable } from '../db/open';
import { newId } from '../ids';
import { HttpError, notFound } from '../http/errors';
import { recordAudit, type AuditActor } from './audit';
import { bumpDataVersion } from './dataVersion';
import { SqlParams, countedFormsSql, fieldSql } from './peerGroup';
import { readCountingSettings } from './statisticsSettings';
import {
  OUTLIER_GROUP_FIELDS,
  flagOutliers,
  normaliseGroupBy,
  outlierImpact,
  sameRules,
  validateRules,
  type OutlierImpact,
  type OutlierMethod,
  type OutlierRow,
  type OutlierRules,
} from '../../domain/outliers';
import { MEASURES, type Measure } from '../../domain/statistics';
import type { JobProgress } from '../jobs/types';

export interface PackInput {
  name: string;
  measure: Measure;
  method: OutlierMethod;
  k: number;
  lowerPercentile?: number;
  upperPercentile?: number;
  groupBy: string[];
  active?: boolean;
}

export interface PackResult {
  packId: string;
  excludedForms: number;
  totalForms: number;
  medianBefore: Record<Measure, number | null>;
  medianAfter: Record<Measure, number | null>;
  calculatedAt: string;
  impact: OutlierImpact | null;
}

export interface Pack extends Omit<PackInput, 'active'> {
  id: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  lastResult: PackResult | null;
}

interface PackRow {
  id: string;
  name: string;
  measure: Measure;
  method: OutlierMethod;
  k: number;
  lower_percentile: number | null;
  upper_percentile: number | null;
  group_by: string[];
  active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  excluded_forms: number | null;
  total_forms: number | null;
  median_before: Record<Measure, number | null> | null;
  median_after: Record<Measure, number | null> | null;
  impact: OutlierImpact | null;
  calculated_at: Date | string | null;
}

const PACK_SELECT = `select p.id, p.name, p.measure, p.method, p.k, p.lower_percentile, p.upper_percentile, p.group_by, p.active,
       p.created_at, p.updated_at, r.excluded_forms, r.total_forms, r.median_before, r.median_after, r.impact, r.calculated_at
  from outlier_packs p left join outlier_pack_results r on r.pack_id = p.id`;

function toPack(row: PackRow): Pack {
  const pack: Pack = {
    id: row.id,
    name: row.name,
    measure: row.measure,
    method: row.method,
    k: Number(row.k),
    groupBy: row.group_by,
    active: row.active,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    lastResult:
      row.calculated_at === null
        ? null
        : {
            packId: row.id,
            excludedForms: Number(row.excluded_forms),
            totalForms: Number(row.total_forms),
            medianBefore: row.median_before!,
            medianAfter: row.median_after!,
            calculatedAt: new Date(row.calculated_at).toISOString(),
            impact: row.impact,
          },
  };
  if (row.lower_percentile !== null) pack.lowerPercentile = Number(row.lower_percentile);
  if (row.upper_percentile !== null) pack.upperPercentile = Number(row.upper_percentile);
  return pack;
}

const rulesOf = (pack: Pick<Pack, 'measure' | 'method' | 'k' | 'lowerPercentile' | 'upperPercentile' | 'groupBy'>): OutlierRules => ({
  measure: pack.measure,
  method: pack.method,
  k: pack.k,
  lowerPercentile: pack.method === 'percentile' ? (pack.lowerPercentile ?? null) : null,
  upperPercentile: pack.method === 'percentile' ? (pack.upperPercentile ?? null) : null,
  groupBy: normaliseGroupBy(pack.groupBy),
});

/** What the audit log keeps of a pack. */
const auditView = (pack: Pick<Pack, 'name' | 'active'> & Parameters<typeof rulesOf>[0]) => ({ name: pack.name, active: pack.active, ...rulesOf(pack) });

export async function listPacks(db: Queryable): Promise<Pack[]> {
  const rows = await db.execute<PackRow>(`${PACK_SELECT} order by p.created_at desc, p.id`);
  return rows.map(toPack);
}

export async function findPack(db: Queryable, id: string, lock = false): Promise<Pack | null> {
  const [row] = await db.execute<PackRow>(`${PACK_SELECT} where p.id = $1${lock ? ' for update of p' : ''}`, [id]);
  return row ? toPack(row) : null;
}

const packNotFound = () => notFound('OUTLIER_PACK_NOT_FOUND', 'There is no outlier pack with this id');

/** 400 with the problems of the rules (their codes are translated by the admin page). */
function checkRules(input: PackInput): void {
  const problems = validateRules(input);
  if (problems.length > 0) {
    throw new HttpError(
      400,
      'OUTLIER_PACK_INVALID',
      'The rules of the pack are not valid',
      problems.map((p) => `body.pack: ${p}`),
    );
  }
}

/**
 * Creates (no id) or replaces a pack. Changed rules delete the previous result and flagged forms (they no longer
 * describe the pack); the active pack's rules cannot change (409 OUTLIER_PACK_ACTIVE: deactivate it first), so the
 * forms the next release leaves out are always those of a calculation with the pack's rules. Activating needs a
 * result (409 OUTLIER_PACK_NOT_CALCULATED) and deactivates any other pack. Activation and deactivation change the
 * data version and are recorded in the audit log, as are creation and every change.
 */
export async function savePack(database: Database, actor: AuditActor, id: string | undefined, input: PackInput): Promise<{ pack: Pack; created: boolean }> {
  checkRules(input);
  const groupBy = normaliseGroupBy(input.groupBy);
  const lower = input.method === 'percentile' ? (input.lowerPercentile ?? null) : null;
  const upper = input.method === 'percentile' ? (input.upperPercentile ?? null) : null;
  return database.transaction(async (tx) => {
    // Activations are serialised (one active pack).
    await tx.execute('select pg_advisory_xact_lock($1)', [OUTLIER_LOCK]);
    const before = id ? await findPack(tx, id, true) : null;
    if (id && !before) throw packNotFound();
    const wantsActive = input.active ?? before?.active ?? false;
    const packId = before?.id ?? newId();
    const rulesChanged = before ? !sameRules(rulesOf(before), rulesOf({ ...input, groupBy })) : false;
    if (before?.active && rulesChanged) {
      throw new HttpError(409, 'OUTLIER_PACK_ACTIVE', 'The rules of the active pack cannot change; deactivate it first');
    }
    if (wantsActive && !before?.active && (!before || rulesChanged || !before.lastResult)) {
      throw new HttpError(409, 'OUTLIER_PACK_NOT_CALCULATED', 'Calculate the pack before activating it');
    }
    if (before) {
      await tx.execute(
        `update outlier_packs set name = $2, measure = $3, method = $4, k = $5, lower_percentile = $6, upper_percentile = $7,
           group_by = $8, updated_at = now() where id = $1`,
        [packId, input.name, input.measure, input.method, input.k, lower, upper, groupBy],
      );
      if (rulesChanged) {
        await tx.execute('delete from outlier_pack_results where pack_id = $1', [packId]);
        await tx.execute('delete from outlier_exclusions where pack_id = $1', [packId]);
      }
    } else {
      await tx.execute(
        `insert into outlier_packs (id, name, measure, method, k, lower_percentile, upper_percentile, group_by, active)
         values ($1, $2, $3, $4, $5, $6, $7, $8, false)`,
        [packId, input.name, input.measure, input.method, input.k, lower, upper, groupBy],
      );
    }
    const activeChanged = wantsActive !== (before?.active ?? false);
    if (activeChanged) {
      if (wantsActive) {
        const previous = await tx.execute<{ id: string }>('update outlier_packs set active = false where active and id <> $1 returning id', [packId]);
        for (const other of previous) {
          await recordAudit(tx, actor, {
            action: 'outlierPack.deactivate',
            targetType: 'outlierPack',
            targetId: other.id,
            before: { active: true },
            after: { active: false, replacedBy: packId },
          });
        }
      }
      await tx.execute('update outlier_packs set active = $2 where id = $1', [packId, wantsActive]);
      await bumpDataVersion(tx);
    }
    const after = (await findPack(tx, packId))!;
    if (!before) {
      await recordAudit(tx, actor, { action: 'outlierPack.create', targetType: 'outlierPack', targetId: packId, after: auditView(after) });
    } else if (before.name !== after.name || rulesChanged) {
      await recordAudit(tx, actor, {
        action: 'outlierPack.update',
        targetType: 'outlierPack',
        targetId: packId,
        before: auditView(before),
        after: auditView({ ...after, active: before.active }),
      });
    }
    if (activeChanged) {
      await recordAudit(tx, actor, {
        action: wantsActive ? 'outlierPack.activate' : 'outlierPack.deactivate',
        targetType: 'outlierPack',
        targetId: packId,
        before: { active: !wantsActive },
        after: { active: wantsActive, flaggedForms: after.lastResult?.excludedForms ?? 0 },
      });
    }
    return { pack: after, created: !before };
  });
}

/** Two writers of packs never interleave (activation, calculation storing its flags). */
const OUTLIER_LOCK = 727_015;

/**
 * Deletes a pack with its result and flagged forms. The active pack is refused (409 OUTLIER_PACK_ACTIVE):
 * deleting it would silently put its flagged forms back into the next release; deactivate it first.
 */
export async function deletePack(database: Database, actor: AuditActor, id: string): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock($1)', [OUTLIER_LOCK]);
    const pack = await findPack(tx, id, true);
    if (!pack) throw packNotFound();
    if (pack.active) throw new HttpError(409, 'OUTLIER_PACK_ACTIVE_DELETE', 'The active pack cannot be deleted; deactivate it first');
    await tx.execute('delete from outlier_packs where id = $1', [id]);
    await recordAudit(tx, actor, {
      action: 'outlierPack.delete',
      targetType: 'outlierPack',
      targetId: id,
      before: { ...auditView(pack), flaggedForms: pack.lastResult?.excludedForms ?? null },
    });
  });
}

/** The counted forms (as a cut would count them now, without any outlier pack), money in EUR. */
export async function readOutlierPopulation(db: Queryable): Promise<OutlierRow[]> {
  const settings = { ...(await readCountingSettings(db)), activePackId: null };
  const params = new SqlParams();
  const fieldColumns = OUTLIER_GROUP_FIELDS.map((field, i) => `${fieldSql(field, 'c')} as g${i}`).join(', ');
  const rows = await db.execute<Record<string, unknown> & { form_id: string; survey_year: number; fx: number; bn: number; df: number }>(
    `select c.form_id, c.survey_year, c.fx, c.bn, c.df, ${fieldColumns} from (${countedFormsSql(settings, params)}) c order by c.form_id`,
    params.values,
  );
  return rows.map((row) => ({
    formId: row.form_id,
    surveyYear: Number(row.survey_year),
    fx: Number(row.fx),
    bn: Number(row.bn),
    df: Number(row.df),
    fields: Object.fromEntries(OUTLIER_GROUP_FIELDS.map((field, i) => [field, (row[`g${i}`] as string | null) ?? null])),
  }));
}

const medians = (impact: OutlierImpact, side: 'before' | 'after'): Record<Measure, number | null> =>
  Object.fromEntries(MEASURES.map((measure) => [measure, impact.overall.find((m) => m.measure === measure)![side].median])) as Record<Measure, number | null>;

export interface CalculateOptions {
  threshold: number;
  actor: AuditActor | null;
  progress?: (progress: JobProgress) => Promise<void>;
}

/**
 * Calculates a pack on the counted forms as they are now: flags, stores the flagged forms and the impact in one
 * transaction (replacing the previous ones: running it twice gives the same result), and records it in the audit
 * log. If the pack's rules changed or it was deleted while it was calculating, nothing is stored (409 / 404).
 * Recalculating the active pack changes the data version: the next release leaves out the new flags.
 */
export async function calculatePack(database: Database, id: string, options: CalculateOptions): Promise<PackResult> {
  const pack = await findPack(database, id);
  if (!pack) throw packNotFound();
  const rules = rulesOf(pack);
  await options.progress?.({ done: 0, total: 1, phase: 'reading' });
  const rows = await readOutlierPopulation(database);
  let lastReport = 0;
  const reports: Promise<void>[] = [];
  const groups = flagOutliers(rows, rules, (done, total) => {
    const now = Date.now();
    if (options.progress && (done === total || now - lastReport > 250)) {
      lastReport = now;
      reports.push(options.progress({ done, total, phase: 'flagging' }));
    }
  });
  await Promise.all(reports);
  const impact = outlierImpact(groups, options.threshold);
  const flagged = groups.flatMap((group) => group.flagged);
  await options.progress?.({ done: 0, total: 1, phase: 'storing' });
  const result = await database.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock($1)', [OUTLIER_LOCK]);
    const current = await findPack(tx, id, true);
    if (!current) throw packNotFound();
    if (!sameRules(rulesOf(current), rules)) throw new HttpError(409, 'OUTLIER_PACK_CHANGED', 'The pack changed while it was calculated; calculate it again');
    await tx.execute('delete from outlier_exclusions where pack_id = $1', [id]);
    for (let start = 0; start < flagged.length; start += 5_000) {
      const chunk = flagged.slice(start, start + 5_000);
      await tx.execute(
        `insert into outlier_exclusions (pack_id, form_id, reason, value)
         select $1, f, r, v from unnest($2::text[], $3::text[], $4::float8[]) as t(f, r, v)`,
        [id, chunk.map((f) => f.formId), chunk.map((f) => f.side), chunk.map((f) => f.value)],
      );
    }
    const [row] = await tx.execute<{ calculated_at: Date | string }>(
      `insert into outlier_pack_results (pack_id, excluded_forms, total_forms, median_before, median_after, rules, impact, calculated_at)
       values ($1, $2, $3, $4, $5, $6, $7, now())
       on conflict (pack_id) do update set excluded_forms = excluded.excluded_forms, total_forms = excluded.total_forms,
         median_before = excluded.median_before, median_after = excluded.median_after, rules = excluded.rules,
         impact = excluded.impact, calculated_at = excluded.calculated_at
       returning calculated_at`,
      [
        id,
        impact.flaggedForms,
        impact.totalForms,
        JSON.stringify(medians(impact, 'before')),
        JSON.stringify(medians(impact, 'after')),
        JSON.stringify(rules),
        JSON.stringify(impact),
      ],
    );
    if (current.active) await bumpDataVersion(tx);
    await recordAudit(tx, options.actor, {
      action: 'outlierPack.calculate',
      targetType: 'outlierPack',
      targetId: id,
      before: current.lastResult ? { flaggedForms: current.lastResult.excludedForms, totalForms: current.lastResult.totalForms } : null,
      after: { flaggedForms: impact.flaggedForms, totalForms: impact.totalForms, active: current.active },
    });
    return row;
  });
  await options.progress?.({ done: 1, total: 1, phase: 'storing' });
  return {
    packId: id,
    excludedForms: impact.flaggedForms,
    totalForms: impact.totalForms,
    medianBefore: medians(impact, 'before'),
    medianAfter: medians(impact, 'after'),
    calculatedAt: new Date(result.calculated_at).toISOString(),
    impact,
  };
}

export interface OutlierFormRow {
  formId: string;
  userId: string | null;
  email: string | null;
  surveyYear: number;
  packId: string;
  measure: Measure;
  value: number;
  side: 'low' | 'high' | null;
}

/** The forms the active pack flags (empty when no pack is active), highest value first within each side. */
export async function listActiveOutlierForms(db: Queryable, page: number, limit: number): Promise<{ items: OutlierFormRow[]; total: number }> {
  const rows = await db.execute<{
    form_id: string;
    user_id: string | null;
    email: string | null;
    survey_year: number;
    pack_id: string;
    measure: Measure;
    value: number | null;
    reason: string | null;
    total: number;
  }>(
    `select e.form_id, f.user_id, coalesce(u.email, f.email) as email, f.survey_year, e.pack_id, p.measure, e.value, e.reason,
            count(*) over ()::int as total
       from outlier_exclusions e
       join outlier_packs p on p.id = e.pack_id and p.active
       join forms f on f.id = e.form_id
       left join users u on u.id = f.user_id
      order by f.survey_year desc, e.value desc nulls last, e.form_id
      limit $1 offset $2`,
    [limit, (page - 1) * limit],
  );
  const total =
    rows[0]?.total ??
    (await db.execute<{ n: number }>('select count(*)::int as n from outlier_exclusions e join outlier_packs p on p.id = e.pack_id and p.active'))[0].n;
  return {
    items: rows.map((row) => ({
      formId: row.form_id,
      userId: row.user_id,
      email: row.email,
      surveyYear: Number(row.survey_year),
      packId: row.pack_id,
      measure: row.measure,
      value: Number(row.value ?? 0),
      side: row.reason === 'low' || row.reason === 'high' ? row.reason : null,
    })),
    total: Number(total),
  };
}
