// The comparison engine (docs/statistics-and-privacy.md): the figures of a filtered group, computed in SQL in one statement
// (no form is ever loaded into Node), and the privacy rules applied to them.
//
// One statement per answer, as CTEs over the counted forms of the year:
//   grp     the group (explicit conditions of the filter)
//   sized   its size n, which fixes the ranks of the median's confidence interval
//   agg     per measure, from one sort: mean, root-mean-square, percentile_cont at p10..p90 and at the ranks of
//           the interval's order statistics; the group's cell key (sum of record keys mod 2^32, see
//           perturbation.ts); and the closure: every other field that is constant within the group
//   without one capped count per explicit condition for the anti-differencing rule (below)
//
// Anti-differencing: two answers whose groups are nested must not differ by 1..K−1 people, or subtracting one
// from the other exposes them. Any allowed search whose group contains this one selects only on conditions
// that all its members share: the explicit ones plus the closure (e.g. the country of a city, or a
// functional area every member of the group has). So the anti-differencing rule of docs/statistics-and-privacy.md ("each condition removed:
// the same group or at least K more people") is applied over that closure, and where a removal leaves the
// group unchanged the removals are combined (a second, rare statement counts every combination at once).
// A count only has to tell 0, 1..K−1 or ≥K extra people apart, so each one stops after n + K rows.
//
// Everything reads the rows of one statistics release (releases.ts), never the live forms. These are the true
// figures: publication.ts perturbs and rounds them, and the caller's position is derived from what is published.
import type { Database, Queryable } from '../db/open';
import {
  ALL_FIELD_COLUMNS,
  GROUP_FIELDS,
  SqlParams,
  closureColumnSql,
  closureConditionSql,
  closureFields,
  conditionSql,
  conditionsSql,
  explicitFields,
  familyConditionsSql,
  familyKeyColumnsSql,
  familyMemberSql,
  fieldEqualsSql,
  fieldSql,
  impliedColumn,
  releaseRowsSql,
  type Conditions,
  type GroupField,
  type ReleaseScope,
} from './peerGroup';
import { MEASURES, PERCENTILES, type Measure, type RawStatistic } from '../../domain/statistics';

export interface OwnValues {
  /** The caller's own money of the year, in EUR like the group's. */
  fixedSalary: number;
  annualBonus: number;
  deferredCompensation: number;
}

export interface ComparisonQuery extends ReleaseScope {
  conditions: Conditions;
  threshold: number;
  /** The group's size when already known for this release (counted before searching): saves one pass. */
  knownSize?: number;
}

/** One measure's true figures, and its root-mean-square (the scale of its perturbation). */
export interface RawMeasure extends RawStatistic {
  rms: number;
}

/** The cell key only travels with figures of a group that reached K (it says nothing about smaller ones). */
export type RawComparison =
  | { status: 'not-enough-data'; n: number }
  | { status: 'refused'; n: number; field: GroupField; cellKey: number }
  | {
      status: 'ok';
      n: number;
      cellKey: number;
      measures: Record<Measure, RawMeasure>;
    };

/** SQL of each measure over the group's EUR columns. */
const MEASURE_SQL: Record<Measure, (a: string) => string> = {
  fixedSalary: (a) => `${a}.fx`,
  annualBonus: (a) => `${a}.bn`,
  deferredCompensation: (a) => `${a}.df`,
  totalWithoutDeferral: (a) => `(${a}.fx + ${a}.bn)`,
  totalWithDeferral: (a) => `(${a}.fx + ${a}.bn + ${a}.df)`,
};

/** The column of the capped count of a group without one of its explicit conditions (anti-differencing). */
const withoutColumn = (field: GroupField) => `without_${GROUP_FIELDS.indexOf(field)}`;

type Row = Record<string, unknown>;

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value));
const numArray = (value: unknown): number[] | null => (Array.isArray(value) ? value.map(num) : null);

/** The size and cell key of a group (count-results): one statement. */
export async function countGroup(db: Queryable, query: Omit<ComparisonQuery, 'threshold'>): Promise<{ n: number; cellKey: number }> {
  const params = new SqlParams();
  const [row] = await db.execute<{ n: number; cell_key: number }>(
    `select count(*)::int as n, coalesce(sum(b.record_key) % 4294967296, 0)::float8 as cell_key
       from (${releaseRowsSql(query, params, query.conditions, false)}) b`,
    params.values,
  );
  return { n: num(row.n), cellKey: num(row.cell_key) };
}

/** Builds the comparison statement (exported for tests and EXPLAIN). */
export function comparisonStatement(query: ComparisonQuery): { text: string; values: unknown[]; explicit: GroupField[]; closure: GroupField[] } {
  const params = new SqlParams();
  const explicit = explicitFields(query.conditions);
  // Without conditions there is nothing to remove, so no closure (and no text column) is needed.
  const closure = closureFields(explicit);
  const k = params.add(query.threshold);
  // `offset 0` keeps the group a subquery of its own, so each row's EUR money is computed once, not once per aggregate.
  const groupRows = `select * from (${releaseRowsSql(query, params, query.conditions, closure.length > 0)}) r offset 0`;

  const measureColumns = MEASURES.map((measure, i) => {
    const x = MEASURE_SQL[measure]('g');
    // One sort per measure gives p10…p90 and the two order statistics of the median's interval.
    return `avg(${x}) as m${i}_mean, sqrt(avg(${x} * ${x})) as m${i}_rms, percentile_cont((select fractions from plan)) within group (order by ${x}) as m${i}_pc`;
  });
  const cellKeyColumn = `(sum(g.record_key) % 4294967296)::float8 as cell_key`;
  const closureColumns = closure.map((field) => closureColumnSql(field, 'g'));
  const closureConditions = closure.map((field) => closureConditionSql(field, 'agg', 'b'));
  const withoutCtes = explicit.map((field) => {
    const others = conditionsSql(
      query.conditions,
      explicit.filter((f) => f !== field),
      'b',
      params,
    );
    return `${withoutColumn(field)} as (
      select count(*)::int as c from (
        select 1 from base b, agg
         where ${[others, ...closureConditions].join(' and ')}
         limit (select case when n >= ${k} then n + ${k} else 0 end from plan)) x)`;
  });
  const base = explicit.length > 0 ? `base as not materialized (${releaseRowsSql(query, params)}),` : '';
  // The size from a pass of its own without the subquery fence, so PostgreSQL may count in parallel.
  const sizeSql =
    query.knownSize === undefined
      ? `select count(*)::int as n from (${releaseRowsSql(query, params, query.conditions, false)}) c`
      : `select ${params.add(query.knownSize)}::int as n`;
  // Interval ranks as fractions for percentile_cont: (rank − 1)/(n − 1), nudged by 1e-9 of a rank so that
  // rounding cannot land on the rank below (it adds at most 1e-9 of the gap to the next value).
  const fraction = (rank: string) => `greatest(0::float8, least(1::float8, (${rank} - 1 + 1e-9::float8) / greatest(n - 1, 1)))`;

  const text = `
    with ${base}
    grp as not materialized (${groupRows}),
    sized as (${sizeSql}),
    ranks as (
      select n,
             greatest(1, floor(n / 2.0::float8 - 0.98::float8 * sqrt(n::float8) + 0.5))::int as lower_rank,
             least(n, floor(1 + n / 2.0::float8 + 0.98::float8 * sqrt(n::float8) + 0.5))::int as upper_rank
        from sized),
    plan as (
      select n, array[${PERCENTILES.join(', ')}, ${fraction('lower_rank')}, ${fraction('upper_rank')}]::float8[] as fractions
        from ranks),
    agg as (
      select ${[cellKeyColumn, ...measureColumns, ...closureColumns].join(',\n             ')}
        from grp g
       where (select n >= ${k} from plan))
    ${withoutCtes.length > 0 ? `, ${withoutCtes.join(',\n    ')}` : ''}
    select plan.n, agg.*${explicit.map((f) => `, (select c from ${withoutColumn(f)}) as ${withoutColumn(f)}`).join('')}
      from plan, agg`;
  return { text, values: params.values, explicit, closure };
}

/**
 * Memory for each of the statement's sorts (one per measure). PostgreSQL's default (4 MB) spills the sort of a
 * whole year of forms to disk; 16 MB keeps a group of up to about 600,000 forms in memory. Set for the
 * statement's own transaction only.
 */
const SORT_MEMORY = '16MB';

/** Computes the figures of a group, or says why there are none. */
export async function compareGroup(db: Database, query: ComparisonQuery): Promise<RawComparison> {
  const statement = comparisonStatement(query);
  const [row] = await db.transaction(async (tx) => {
    // A group of two or more conditions is small: starting parallel workers costs more than they save (and its
    // figures are the same either way: the ordered-set aggregates never run in parallel). One round trip.
    const serial = statement.explicit.length >= 2 ? `, set_config('max_parallel_workers_per_gather', '0', true)` : '';
    await tx.execute(`select set_config('work_mem', '${SORT_MEMORY}', true)${serial}`);
    return tx.execute<Row>(statement.text, statement.values);
  });
  return figuresFromRow(db, query, row, statement.explicit, statement.closure);
}

/**
 * The figures of a group from its row of the comparison statement (or of the grouped one below, whose rows have
 * the same columns): the threshold, the anti-differencing rule over the closure, and the measures.
 */
async function figuresFromRow(db: Queryable, query: ComparisonQuery, row: Row, explicit: GroupField[], closure: GroupField[]): Promise<RawComparison> {
  const n = num(row.n);
  if (n < query.threshold || row.cell_key === undefined) return { status: 'not-enough-data', n };
  const cellKey = num(row.cell_key);

  // The anti-differencing rule, one condition at a time (over the closure).
  const implied: Conditions = {};
  for (const field of closure) {
    const value = row[impliedColumn(field)];
    if (typeof value === 'string') implied[field] = value;
  }
  const redundant: GroupField[] = [];
  for (const field of explicit) {
    const extra = num(row[withoutColumn(field)]) - n;
    if (extra > 0 && extra < query.threshold) return { status: 'refused', n, field, cellKey };
    if (extra === 0) redundant.push(field);
  }
  // Conditions whose removal alone changes nothing may still matter in combination.
  const combinable = redundant.length + Object.keys(implied).length;
  if (redundant.length > 0 && combinable >= 2) {
    const field = await combinedRemovals(db, query, n, redundant, implied);
    if (field) return { status: 'refused', n, field, cellKey };
  }

  const measures = {} as Record<Measure, RawMeasure>;
  MEASURES.forEach((measure, i) => {
    const pc = numArray(row[`m${i}_pc`]);
    measures[measure] = {
      n,
      mean: row[`m${i}_mean`] === null ? null : num(row[`m${i}_mean`]),
      rms: row[`m${i}_rms`] === null ? 0 : num(row[`m${i}_rms`]),
      percentiles: pc ? pc.slice(0, PERCENTILES.length) : null,
      medianCi: pc && pc.length === PERCENTILES.length + 2 ? [pc[PERCENTILES.length], pc[PERCENTILES.length + 1]] : null,
    };
  });
  return { status: 'ok', n, cellKey, measures };
}

/** A group of a grouped statement: its year and conditions (as for compareGroup). */
export interface GroupOfFamily {
  year: number;
  conditions: Conditions;
}

/**
 * The one field whose value varies across groups of the same year and the same other conditions (the ranked
 * field of an insight); null for groups that differ otherwise. Years are not grouped: the groups of an evolution
 * are a year of forms each, whose sorts one grouped statement would run one after another (measured slower at
 * 1,000,000 forms than one statement per year, a few at a time on PostgreSQL's connections).
 */
function familyDimension(groups: readonly GroupOfFamily[]): GroupField | null {
  const [first] = groups;
  const fields = explicitFields(first.conditions);
  const key = fields.join(',');
  if (groups.some((g) => g.year !== first.year || explicitFields(g.conditions).join(',') !== key)) return null;
  const varying = fields.filter((f) => groups.some((g) => g.conditions[f] !== first.conditions[f]));
  return varying.length === 1 ? varying[0] : null;
}

/**
 * The figures of several groups that differ in the value of one field only (the cities, sectors or countries of an
 * insight), in one statement grouped by that field instead of one statement per group.
 * Each group's figures are exactly those compareGroup gives it: the same rows, the same aggregates (percentile_cont
 * at the same fractions of its own size), the same closure and the same anti-differencing counts (one capped count
 * per explicit condition, run per group as a subquery), then the same checks (figuresFromRow). Groups that are not
 * such a family are computed one by one.
 */
export async function compareGroups(db: Database, query: { releaseId: string; threshold: number; groups: readonly GroupOfFamily[] }): Promise<RawComparison[]> {
  const { groups, releaseId, threshold } = query;
  const statement = groupedStatement(query);
  if (statement === null) {
    // Not one family: one statement per group, a few at a time.
    const results: RawComparison[] = [];
    for (let i = 0; i < groups.length; i += 4) {
      const batch = groups.slice(i, i + 4).map((g) => compareGroup(db, { releaseId, threshold, year: g.year, conditions: g.conditions }));
      results.push(...(await Promise.all(batch)));
    }
    return results;
  }
  const { dim, explicit, closure } = statement;
  const rows = await db.transaction(async (tx) => {
    const serial = explicit.length >= 2 ? `, set_config('max_parallel_workers_per_gather', '0', true)` : '';
    // The per-group counts make the planner's cost estimate huge, which would start JIT compilation: seconds of
    // compiling for a statement that runs in milliseconds.
    await tx.execute(`select set_config('work_mem', '${SORT_MEMORY}', true), set_config('jit', 'off', true)${serial}`);
    return tx.execute<Row>(statement.text, statement.values);
  });
  const byValue = new Map(rows.map((row) => [String(row.d), row]));
  return Promise.all(
    groups.map((g) => {
      const value = g.conditions[dim];
      // A value with no rows is a group of 0 (the comparison statement's row says n = 0 too).
      const row = byValue.get(String(value)) ?? { n: 0 };
      return figuresFromRow(db, { releaseId, threshold, year: g.year, conditions: g.conditions }, row, explicit, closure);
    }),
  );
}

/** Builds the grouped statement of compareGroups (exported for tests and EXPLAIN); null when not a family. */
export function groupedStatement(query: { releaseId: string; threshold: number; groups: readonly GroupOfFamily[] }) {
  const { groups, releaseId, threshold } = query;
  const dim = groups.length > 1 ? familyDimension(groups) : null;
  if (dim === null) return null;
  const [first] = groups;
  const params = new SqlParams();
  const explicit = explicitFields(first.conditions);
  const closure = closureFields(explicit);
  const k = params.add(threshold);
  const release = params.add(releaseId);
  const values = [...new Set(groups.map((g) => g.conditions[dim] as string))];
  const fixed = explicit.filter((f) => f !== dim);
  const where = [
    `f.release_id = ${release}`,
    `f.survey_year = ${params.add(first.year)}`,
    ...fixed.map((f) => conditionSql(f, first.conditions[f] as string, 'f', params)),
    ...familyConditionsSql(dim, values, 'f', params),
  ];

  const measureColumns = MEASURES.map((measure, i) => {
    const x = MEASURE_SQL[measure]('g');
    return `avg(${x}) as m${i}_mean, sqrt(avg(${x} * ${x})) as m${i}_rms, percentile_cont((select p.fractions from plan p where p.d = g.d)) within group (order by ${x}) as m${i}_pc`;
  });
  const closureColumns = closure.map((field) => closureColumnSql(field, 'g'));
  const closureConditions = closure.map((field) => closureConditionSql(field, 'a', 'b'));
  // One capped count per explicit condition and group, as the comparison statement's without_* CTEs. Without the
  // ranked field the rows are the same for every group (the fixed conditions): read once (`rest`), then each
  // group's count stops after n + K of them, as the comparison's does.
  const withoutColumns = explicit.map((field) => {
    const from =
      field === dim
        ? 'rest b'
        : `release_forms b where ${[
            `b.release_id = ${release}`,
            `b.survey_year = ${params.add(first.year)}`,
            ...explicit
              .filter((f) => f !== field)
              .map((f) => (f === dim ? familyMemberSql(dim, 'b', 'a') : conditionSql(f, first.conditions[f] as string, 'b', params))),
          ].join(' and ')}`;
    const closureWhere = closureConditions.length > 0 ? `${field === dim ? 'where' : 'and'} ${closureConditions.join(' and ')}` : '';
    return `(select count(*)::int from (select 1 from ${from} ${closureWhere} limit a.n + ${k}) x) as ${withoutColumn(field)}`;
  });
  const rest = `rest as materialized (
      select ${ALL_FIELD_COLUMNS} from release_forms f
       where ${[`f.release_id = ${release}`, `f.survey_year = ${params.add(first.year)}`, ...fixed.map((f) => conditionSql(f, first.conditions[f] as string, 'f', params))].join(' and ')}),`;
  const fraction = (rank: string) => `greatest(0::float8, least(1::float8, (${rank} - 1 + 1e-9::float8) / greatest(n - 1, 1)))`;
  const text = `
    with ${rest}
    grp as not materialized (
      select ${ALL_FIELD_COLUMNS}, f.fx, f.bn, f.df, f.record_key, ${fieldSql(dim, 'f')} as d
        from release_forms f
       where ${where.join(' and ')}),
    sized as (select d, count(*)::int as n from grp group by d),
    ranks as (
      select d, n,
             greatest(1, floor(n / 2.0::float8 - 0.98::float8 * sqrt(n::float8) + 0.5))::int as lower_rank,
             least(n, floor(1 + n / 2.0::float8 + 0.98::float8 * sqrt(n::float8) + 0.5))::int as upper_rank
        from sized),
    plan as (
      select d, n, array[${PERCENTILES.join(', ')}, ${fraction('lower_rank')}, ${fraction('upper_rank')}]::float8[] as fractions
        from ranks
       where n >= ${k}),
    agg as materialized (
      select g.d, count(*)::int as n, (sum(g.record_key) % 4294967296)::float8 as cell_key,${familyKeyColumnsSql(dim, 'g')}
             ${[...measureColumns, ...closureColumns].join(',\n             ')}
        from grp g
       where g.d in (select d from plan)
       group by g.d)
    select s.d, s.n${['cell_key', ...MEASURES.flatMap((_, i) => [`m${i}_mean`, `m${i}_rms`, `m${i}_pc`]), ...closure.map(impliedColumn)]
      .map((c) => `, a.${c}`)
      .join('')}${withoutColumns.map((c) => `,\n           ${c}`).join('')}
      from sized s left join agg a on a.d = s.d`;
  return { text, values: params.values, dim, explicit, closure };
}

/**
 * Removing two or more of the conditions Z whose single removal left the group unchanged (redundant explicit
 * ones and the closure): every combination that drops at least one explicit condition must again give the
 * same group or at least K more people. One pass over the rows that meet the other conditions, grouped by
 * which conditions of Z they meet; the combinations are summed from those counts. Returns the field to name
 * in a refusal, or null.
 */
async function combinedRemovals(db: Queryable, query: ComparisonQuery, n: number, redundant: GroupField[], implied: Conditions): Promise<GroupField | null> {
  const params = new SqlParams();
  const base = releaseRowsSql(query, params);
  const explicit = explicitFields(query.conditions);
  const kept = explicit.filter((f) => !redundant.includes(f));
  const z: Array<{ field: GroupField; explicit: boolean; sql: string }> = [
    ...redundant.map((field) => ({ field, explicit: true, sql: conditionSql(field, query.conditions[field] as string, 'b', params) })),
    ...explicitFields(implied).map((field) => ({ field, explicit: false, sql: fieldEqualsSql(field, implied[field] as string, 'b', params) })),
  ];
  const mask = z.map((c, bit) => `(case when ${c.sql} then ${1 << bit} else 0 end)`).join(' + ');
  const rows = await db.execute<{ mask: number; c: number }>(
    `select ${mask} as mask, count(*)::int as c from (${base}) b where ${conditionsSql(query.conditions, kept, 'b', params)} group by 1`,
    params.values,
  );
  const all = (1 << z.length) - 1;
  const explicitBits = z.reduce((bits, c, bit) => (c.explicit ? bits | (1 << bit) : bits), 0);
  // `removed` is the set of Z conditions dropped; the group keeps the others (`all & ~removed`).
  let closest: { field: GroupField; size: number } | null = null;
  for (let removed = 1; removed <= all; removed++) {
    if ((removed & explicitBits) === 0) continue;
    const keep = all & ~removed;
    let size = 0;
    for (const row of rows) if ((num(row.mask) & keep) === keep) size += num(row.c);
    const extra = size - n;
    if (extra > 0 && extra < query.threshold) {
      const bit = z.findIndex((c, i) => c.explicit && (removed & (1 << i)) !== 0);
      const popcount = removed.toString(2).replace(/0/g, '').length;
      if (!closest || popcount < closest.size) closest = { field: z[bit].field, size: popcount };
    }
  }
  return closest?.field ?? null;
}
