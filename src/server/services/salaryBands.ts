// The company's job architecture, its salary bands from the market, and where each employee stands against them
// (docs/pay-transparency.md). Roles, policy and bands are the company's alone (tables job_roles, band_policies,
// salary_bands). A band comes from exactly what the job-ad range reads (jobAdRanges.ts marketRange: the published
// statistics, their privacy rules and widening) and is laddered within a functional area and country. The standing
// view reads the company's payroll and the stored bands; the payroll never enters any statistic.
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import type { Queryable } from '../db/open';
import { badRequest, conflict } from '../http/errors';
import { newId } from '../ids';
import { opsEvents } from '../ops/events';
import { billingOf, type Caller } from './credits';
import { FIELD_OPTIONS, peerGroup } from './peerGroup';
import { BASIS_MEASURE, marketRange, roleCodeProblems, type MarketRange } from './jobAdRanges';
import { CURRENCY, INSUFFICIENT_CREDITS, requireSettingsCaller, statisticsEngine } from './statisticsEngine';
import { employeesOf } from './payTransparency';
import { bandPosition, fullTimePay, ladderRoles, median, medianGapPercent } from '../../domain/salaryBands';
import { compaRatio } from '../../domain/payRange';

type Schemas = components['schemas'];
export type JobRole = Schemas['JobRole'];
export type JobRoleInput = Schemas['JobRoleInput'];
export type BandPolicy = Schemas['BandPolicy'];
export type SalaryBand = Schemas['SalaryBand'];
export type SalaryBandList = Schemas['SalaryBandList'];
type Figures = Schemas['JobAdFigures'];
type Group = Schemas['JobAdGroup'];
type WidenedField = Schemas['JobAdWidenedField'];

/** The ledger's reason of charged band computations (translation key credits.reasons.salary-bands). */
export const SALARY_BANDS_REASON = 'salary-bands';

/** The policy of a company that has not saved one. */
export const DEFAULT_BAND_POLICY: Schemas['BandPolicyInput'] = { from: 25, to: 75, basis: 'fixed', stepPercent: 10 };

const LEVELS = FIELD_OPTIONS.positionLevel;
/** A level's place in its ladder: the questionnaire lists the levels from the top down, so the lowest gets 0. */
const rankOf = (level: string) => LEVELS.length - 1 - LEVELS.indexOf(level);

// ─────────── the job architecture ───────────

interface RoleRow {
  id: string;
  name: string;
  position_level: string;
  functional_area: string;
  country: string;
  sector: string | null;
  city: string | null;
  company_size: string | null;
}

const ROLE_COLUMNS = 'id, name, position_level, functional_area, country, sector, city, company_size';

const toRole = (row: RoleRow): JobRole => ({
  id: row.id,
  name: row.name,
  positionLevel: row.position_level,
  functionalArea: row.functional_area,
  country: row.country,
  sector: row.sector,
  city: row.city,
  companySize: row.company_size,
});

/** The filters of a role's market group (the job-ad range's role). */
const marketRoleOf = (role: JobRole) => ({
  positionLevel: role.positionLevel,
  functionalArea: role.functionalArea,
  country: role.country,
  ...(role.sector ? { sector: role.sector } : {}),
  ...(role.city ? { city: role.city } : {}),
  ...(role.companySize ? { companySize: role.companySize } : {}),
});

/** 400 VALIDATION_ERROR naming each field whose code is not the questionnaire's (the job-ad range's check). */
export function validateRoleInput(body: JobRoleInput): void {
  const problems = roleCodeProblems(body, 'body');
  if (body.name.trim() === '') problems.push('body.name: must not be blank');
  if (problems.length > 0) throw badRequest('VALIDATION_ERROR', 'Invalid body', problems);
}

const NAME_TAKEN = () => conflict('JOB_ROLE_NAME_TAKEN', 'Your company already has a role with that name');
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function listJobRoles(db: Queryable, companyId: string): Promise<JobRole[]> {
  const rows = await db.execute<RoleRow>(`select ${ROLE_COLUMNS} from job_roles where company_id = $1 order by functional_area, country, name`, [companyId]);
  return rows
    .map(toRole)
    .sort(
      (a, b) =>
        a.functionalArea.localeCompare(b.functionalArea) ||
        a.country.localeCompare(b.country) ||
        rankOf(a.positionLevel) - rankOf(b.positionLevel) ||
        a.name.localeCompare(b.name),
    );
}

/** The company's role names (the payroll's role column must be one of them when there are any). */
export async function jobRoleNames(db: Queryable, companyId: string): Promise<string[]> {
  const rows = await db.execute<{ name: string }>('select name from job_roles where company_id = $1', [companyId]);
  return rows.map((row) => row.name);
}

export async function createJobRole(db: Queryable, companyId: string, body: JobRoleInput): Promise<JobRole> {
  validateRoleInput(body);
  try {
    const [row] = await db.execute<RoleRow>(
      `insert into job_roles (company_id, id, name, position_level, functional_area, country, sector, city, company_size)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${ROLE_COLUMNS}`,
      [
        companyId,
        newId(),
        body.name.trim(),
        body.positionLevel,
        body.functionalArea,
        body.country,
        body.sector ?? null,
        body.city ?? null,
        body.companySize ?? null,
      ],
    );
    return toRole(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

/** Changes a role; null when the company has no such role. A change of its market group drops its band. */
export async function updateJobRole(tx: Queryable, companyId: string, id: string, body: JobRoleInput): Promise<JobRole | null> {
  validateRoleInput(body);
  const [before] = await tx.execute<RoleRow>(`select ${ROLE_COLUMNS} from job_roles where company_id = $1 and id = $2 for update`, [companyId, id]);
  if (!before) return null;
  let row: RoleRow;
  try {
    [row] = await tx.execute<RoleRow>(
      `update job_roles set name = $3, position_level = $4, functional_area = $5, country = $6, sector = $7, city = $8, company_size = $9
        where company_id = $1 and id = $2 returning ${ROLE_COLUMNS}`,
      [
        companyId,
        id,
        body.name.trim(),
        body.positionLevel,
        body.functionalArea,
        body.country,
        body.sector ?? null,
        body.city ?? null,
        body.companySize ?? null,
      ],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
  const role = toRole(row);
  if (JSON.stringify(marketRoleOf(toRole(before))) !== JSON.stringify(marketRoleOf(role)))
    await tx.execute('delete from salary_bands where company_id = $1 and role_id = $2', [companyId, id]);
  return role;
}

/** Deletes a role and its band; false when the company has no such role. */
export async function deleteJobRole(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const deleted = await db.execute('delete from job_roles where company_id = $1 and id = $2 returning id', [companyId, id]);
  return deleted.length > 0;
}

export async function bandPolicyOf(db: Queryable, companyId: string): Promise<BandPolicy> {
  const [row] = await db.execute<{ percentile_from: number; percentile_to: number; basis: BandPolicy['basis']; step_percent: string }>(
    'select percentile_from, percentile_to, basis, step_percent from band_policies where company_id = $1',
    [companyId],
  );
  if (!row) return { ...DEFAULT_BAND_POLICY, saved: false };
  return { from: row.percentile_from, to: row.percentile_to, basis: row.basis, stepPercent: Number(row.step_percent), saved: true };
}

export async function saveBandPolicy(db: Queryable, companyId: string, body: Schemas['BandPolicyInput']): Promise<BandPolicy> {
  if (!(body.from < body.to)) throw badRequest('VALIDATION_ERROR', 'Invalid body', ['body.to: must be greater than body.from']);
  await db.execute(
    `insert into band_policies (company_id, percentile_from, percentile_to, basis, step_percent) values ($1, $2, $3, $4, $5)
     on conflict (company_id) do update set percentile_from = excluded.percentile_from, percentile_to = excluded.percentile_to,
       basis = excluded.basis, step_percent = excluded.step_percent, updated_at = now()`,
    [companyId, body.from, body.to, body.basis, body.stepPercent],
  );
  return { ...body, saved: true };
}

// ─────────── the bands ───────────

interface BandRow {
  role_id: string;
  year: number;
  group: Group;
  widened: WidenedField[];
  figures: Figures | null;
  band_low: string | null;
  band_high: string | null;
  midpoint: string | null;
  edited: boolean;
  currency: string;
}

const BAND_COLUMNS = 'role_id, year, "group", widened, figures, band_low, band_high, midpoint, edited, currency';

const num = (value: string | null) => (value === null ? null : Number(value));

const toBand = (role: JobRole, row: BandRow | undefined): SalaryBand =>
  row
    ? {
        role,
        status: row.figures && row.band_low !== null ? 'ok' : 'not-enough-data',
        low: num(row.band_low),
        high: num(row.band_high),
        midpoint: num(row.midpoint),
        edited: row.edited,
        figures: row.figures,
        group: row.group,
        widened: row.widened,
        year: row.year,
        currency: row.currency,
      }
    : {
        role,
        status: 'not-computed',
        low: null,
        high: null,
        midpoint: null,
        edited: false,
        figures: null,
        group: null,
        widened: [],
        year: null,
        currency: CURRENCY,
      };

async function bandRows(db: Queryable, companyId: string): Promise<Map<string, BandRow>> {
  const rows = await db.execute<BandRow>(`select ${BAND_COLUMNS} from salary_bands where company_id = $1`, [companyId]);
  return new Map(rows.map((row) => [row.role_id, row]));
}

/** Every role with its band (or its status), in the architecture's order. */
export async function companyBands(db: Queryable, companyId: string): Promise<SalaryBand[]> {
  const [roles, rows] = await Promise.all([listJobRoles(db, companyId), bandRows(db, companyId)]);
  return roles.map((role) => toBand(role, rows.get(role.id)));
}

/** A role is charged when its group publishes and its market figures of this release year are not stored yet. */
const alreadyFetched = (row: BandRow | undefined, year: number) => row !== undefined && row.year === year && row.figures !== null;

/** Sets a band by hand (marked edited); null when the role has no computed band. */
export async function editSalaryBand(db: Queryable, companyId: string, roleId: string, edit: Schemas['SalaryBandEdit']): Promise<SalaryBand | null> {
  if (!(edit.low <= edit.high)) throw badRequest('VALIDATION_ERROR', 'Invalid body', ['body.high: must not be below body.low']);
  const [updated] = await db.execute<BandRow>(
    `update salary_bands set band_low = $3, band_high = $4, midpoint = $5, edited = true
      where company_id = $1 and role_id = $2 and figures is not null returning ${BAND_COLUMNS}`,
    [companyId, roleId, edit.low, edit.high, (edit.low + edit.high) / 2],
  );
  if (!updated) return null;
  const [role] = await db.execute<RoleRow>(`select ${ROLE_COLUMNS} from job_roles where company_id = $1 and id = $2`, [companyId, roleId]);
  return toBand(toRole(role), updated);
}

export async function deleteCompanyJobArchitecture(tx: Queryable, companyId: string): Promise<void> {
  await tx.execute('delete from job_roles where company_id = $1', [companyId]);
  await tx.execute('delete from band_policies where company_id = $1', [companyId]);
}

export async function exportCompanyJobArchitecture(db: Queryable, companyId: string) {
  return { policy: await bandPolicyOf(db, companyId), bands: await companyBands(db, companyId) };
}

class InsufficientCredits extends Error {}

export function salaryBandService(context: AppContext) {
  const { database } = context;
  const engine = statisticsEngine(context);

  async function billingFor(userId: string) {
    const settings = await engine.readSettings({ userId, requestedYear: undefined });
    const caller: Caller = requireSettingsCaller(settings);
    return { settings, caller, creditsApply: billingOf(caller) === 'credits' };
  }

  /** The list with what computing would cost now: roles without this release's figures (those whose group turns out not to publish are not charged). */
  async function list(userId: string, companyId: string): Promise<SalaryBandList> {
    const { settings, caller, creditsApply } = await billingFor(userId);
    const [policy, bands, rows] = await Promise.all([bandPolicyOf(database, companyId), companyBands(database, companyId), bandRows(database, companyId)]);
    const pending = bands.filter(
      (band) => !alreadyFetched(rows.get(band.role.id), settings.year) && !(band.status === 'not-enough-data' && band.year === settings.year),
    );
    return { policy, bands, releaseYear: settings.year, computeCost: creditsApply ? pending.length : 0, creditsLeft: creditsApply ? caller.credits : null };
  }

  /**
   * Reads every role's market range (free), ladders the bands, then in one transaction: charges one credit per role
   * whose group publishes and whose figures of this release are not stored yet (402 before anything changes when
   * short) and stores every role's result. Bands edited by hand keep their low/high.
   */
  async function compute(userId: string, companyId: string): Promise<SalaryBandList> {
    const { settings, caller, creditsApply } = await billingFor(userId);
    const [policy, roles] = await Promise.all([bandPolicyOf(database, companyId), listJobRoles(database, companyId)]);
    const markets = new Map<string, MarketRange | null>();
    for (const role of roles) markets.set(role.id, await marketRange(engine, settings, marketRoleOf(role), policy, policy.basis));

    await database
      .transaction(async (tx) => {
        // One computation of a company at a time: two concurrent ones would both find the figures missing and both charge.
        await tx.execute('select pg_advisory_xact_lock(hashtext($1))', [`salary-bands:${companyId}`]);
        const stored = await bandRows(tx, companyId);
        const charged = roles.filter((role) => markets.get(role.id) && !alreadyFetched(stored.get(role.id), settings.year));
        const cost = creditsApply ? charged.length : 0;
        if (cost > 0) {
          const [debited] = await tx.execute<{ credits: number }>(
            'update users set credits = credits - $2, updated_at = now() where id = $1 and credits >= $2 returning credits',
            [caller.id, cost],
          );
          if (!debited) throw new InsufficientCredits();
          await tx.execute(
            `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key, reference) values ($1, $2, $3, $4, $5, $6, $7)`,
            [newId(), caller.id, -cost, debited.credits, SALARY_BANDS_REASON, `salary-bands:${caller.id}:${newId()}`, `${companyId}/${settings.year}`],
          );
        }
        const publishing = roles.filter((role) => markets.get(role.id));
        const laddered = ladderRoles(
          publishing.map((role) => {
            const edited = stored.get(role.id)?.edited ? stored.get(role.id) : undefined;
            const range = markets.get(role.id)!.range;
            return {
              key: role.id,
              rank: rankOf(role.positionLevel),
              ladder: `${role.functionalArea}|${role.country}`,
              low: edited ? Number(edited.band_low) : range.low,
              high: edited ? Number(edited.band_high) : range.high,
              fixed: edited !== undefined,
            };
          }),
          policy.stepPercent,
        );
        const bandOf = new Map(laddered.map((band) => [band.key, band]));
        for (const role of roles) {
          const market = markets.get(role.id) ?? null;
          const band = bandOf.get(role.id) ?? null;
          const widest = marketRoleOf(role);
          await tx.execute(
            `insert into salary_bands (company_id, role_id, year, "group", widened, figures, band_low, band_high, midpoint, edited, currency)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           on conflict (company_id, role_id) do update set year = excluded.year, "group" = excluded."group", widened = excluded.widened,
             figures = excluded.figures, band_low = excluded.band_low, band_high = excluded.band_high, midpoint = excluded.midpoint,
             edited = excluded.edited, currency = excluded.currency, computed_at = now()`,
            [
              companyId,
              role.id,
              market?.year ?? settings.year,
              JSON.stringify(market?.group ?? widest),
              market?.widened ?? [],
              market ? JSON.stringify(market.figures) : null,
              band ? Math.round(band.low) : null,
              band ? Math.round(band.high) : null,
              band ? band.midpoint : null,
              band !== null && stored.get(role.id)?.edited === true,
              market?.currency ?? CURRENCY,
            ],
          );
        }
        if (cost > 0) opsEvents.emit('creditsCharged', cost);
      })
      .catch((error: unknown) => {
        if (error instanceof InsufficientCredits) throw INSUFFICIENT_CREDITS();
        throw error;
      });
    return list(userId, companyId);
  }

  /**
   * Where each employee of the year's payroll stands: full-time basic pay against the market median of their role's
   * band group and against the band; null when the year has no payroll. Each category's gap beside the market's gap
   * of the group of its role (the published medians of men and of women, only when both publish).
   */
  async function standing(userId: string, companyId: string, year: number): Promise<Schemas['PayStanding'] | null> {
    const [upload] = await database.execute('select 1 from payroll_uploads where company_id = $1 and reporting_year = $2', [companyId, year]);
    if (!upload) return null;
    const [employees, bands, policy] = await Promise.all([
      employeesOf(database, companyId, year),
      companyBands(database, companyId),
      bandPolicyOf(database, companyId),
    ]);
    const bandByName = new Map(bands.map((band) => [band.role.name, band]));
    const rows: Array<Schemas['EmployeeStanding']> = employees.map((employee) => {
      const pay = Math.round(fullTimePay(Number(employee.basic_pay), Number(employee.fte)));
      const band = employee.role === null ? undefined : bandByName.get(employee.role);
      const bounds = band && band.low !== null && band.high !== null ? { low: band.low, high: band.high } : null;
      const marketMedian = band?.figures?.p50 ?? null;
      const ratio = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
      return {
        employeeId: employee.employee_id,
        sex: employee.sex,
        category: employee.category,
        role: employee.role,
        annualBasicPay: pay,
        marketMedian,
        marketCompaRatio: ratio(compaRatio(pay, marketMedian)),
        band: bounds,
        position: bandPosition(pay, bounds),
        bandCompaRatio: ratio(compaRatio(pay, band?.midpoint ?? null)),
      };
    });
    const belowBand = rows.filter((row) => row.position === 'below');
    const count = (list: typeof rows, predicate: (row: (typeof rows)[number]) => boolean) => list.filter(predicate).length;

    const settings = await engine.readSettings({ userId, requestedYear: undefined });
    const measure = BASIS_MEASURE[policy.basis];
    const marketMedianOf = async (group: Group, gender: 'male' | 'female') => {
      const answer = await engine.answer(settings, peerGroup({ ...group, gender }, settings.year), null);
      return answer.status === 'ok' && answer.measures ? answer.measures[measure].p50 : null;
    };
    const categories: Array<Schemas['CategoryMarketGap']> = [];
    for (const category of [...new Set(rows.map((row) => row.category))].sort()) {
      const people = rows.filter((row) => row.category === category);
      const medianOf = (sex: 'man' | 'woman') => median(people.filter((row) => row.sex === sex).map((row) => row.annualBasicPay));
      const companyGap = medianGapPercent(medianOf('man'), medianOf('woman'));
      const group = people.map((row) => (row.role === null ? null : bandByName.get(row.role)?.group)).find((found) => found) ?? null;
      const marketGap = group ? medianGapPercent(await marketMedianOf(group, 'male'), await marketMedianOf(group, 'female')) : null;
      categories.push({ category, companyGap, marketGap, marketStatus: marketGap === null ? 'not-published' : 'ok' });
    }
    return {
      reportingYear: year,
      employees: rows,
      belowBand,
      belowBandBySex: {
        woman: count(belowBand, (row) => row.sex === 'woman'),
        man: count(belowBand, (row) => row.sex === 'man'),
        other: count(belowBand, (row) => row.sex === 'other'),
      },
      positionCounts: {
        below: belowBand.length,
        within: count(rows, (row) => row.position === 'within'),
        above: count(rows, (row) => row.position === 'above'),
        'no-band': count(rows, (row) => row.position === 'no-band'),
      },
      categories,
    };
  }

  return { list, compute, standing };
}
