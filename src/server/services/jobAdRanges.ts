// Job-ad pay ranges (Art. 5 of Directive (EU) 2023/970; docs/pay-transparency.md): the range a vacancy notice gives,
// between two percentiles of the role's group, from exactly the figures a comparison of that group publishes (the
// shared statistics engine: same release, threshold, perturbation and withholding), widened step by step when the
// group publishes too little. A publishable answer is billed as a comparison is (billingOf: 1 credit, or nothing on
// the corporate plan) and saved for the company (table job_ad_ranges): every corporate user of the company lists it,
// nobody else sees it. Nothing here reads a payroll.
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db/open';
import { badRequest } from '../http/errors';
import { newId } from '../ids';
import { opsEvents } from '../ops/events';
import { billingOf, chargedSearch, creditBalance, type Caller } from './credits';
import { FIELD_OPTIONS, countryOfCity, peerGroup } from './peerGroup';
import { CURRENCY, FORM_REQUIRED, INSUFFICIENT_CREDITS, requireSettingsCaller, statisticsEngine, type StatisticsEngine } from './statisticsEngine';
import type { StatisticsSettings } from './statisticsSettings';
import { payRange, vacancySentence } from '../../domain/payRange';
import type { Measure } from '../../domain/statistics';

type Schemas = components['schemas'];
export type JobAdRangeRequest = Schemas['JobAdRangeRequest'];
export type JobAdRange = Schemas['JobAdRange'];
export type JobAdRangeResult = Schemas['JobAdRangeResult'];
type Role = Schemas['JobAdRole'];
type Group = Schemas['JobAdGroup'];
type Basis = Schemas['JobAdBasis'];
type WidenedField = Schemas['JobAdWidenedField'];
type Figures = Schemas['JobAdFigures'];

/** The measure each basis is read from (the comparison's measures). */
export const BASIS_MEASURE: Record<Basis, Measure> = { fixed: 'fixedSalary', 'fixed-bonus': 'totalWithoutDeferral' };

/** The order in which a group too small to publish is widened: the city first, then the company size, then the sector. */
export const WIDENING_ORDER: readonly WidenedField[] = ['city', 'companySize', 'sector'];

const ROLE_FIELDS = ['positionLevel', 'functionalArea', 'sector', 'country', 'city', 'companySize'] as const;

/** The ledger's reason of a charged job-ad range (translation key credits.reasons.job-ad-range). */
export const JOB_AD_RANGE_REASON = 'job-ad-range';

/** The problems of a role's codes (not the questionnaire's, or a city of another country), each naming `path`'s field. */
export function roleCodeProblems(role: Partial<Record<(typeof ROLE_FIELDS)[number], string | null>>, path: string): string[] {
  const problems: string[] = [];
  for (const field of ROLE_FIELDS) {
    const value = role[field];
    if (value !== undefined && value !== null && !FIELD_OPTIONS[field].includes(value)) problems.push(`${path}.${field}: is not one of the listed options`);
  }
  const { city, country } = role;
  if (city && FIELD_OPTIONS.city.includes(city) && countryOfCity(city) !== country) problems.push(`${path}.city: is not a city of ${path}.country`);
  return problems;
}

/** Refuses codes that are not the questionnaire's, and a city of another country (400 VALIDATION_ERROR naming the field). */
export function validateJobAdRequest(body: JobAdRangeRequest): void {
  const problems = roleCodeProblems(body.role, 'body.role');
  if (!(body.policy.from < body.policy.to)) problems.push('body.policy.to: must be greater than body.policy.from');
  if (problems.length > 0) throw badRequest('VALIDATION_ERROR', 'Invalid body', problems);
}

/** The groups tried, in order: the role as asked, then without each field of WIDENING_ORDER it names, one more each time. */
export function wideningSteps(role: Partial<Role>): Array<{ group: Group; widened: WidenedField[] }> {
  const group: Group = Object.fromEntries(ROLE_FIELDS.flatMap((field) => (role[field] === undefined ? [] : [[field, role[field]]]))) as Group;
  const steps = [{ group: { ...group }, widened: [] as WidenedField[] }];
  const widened: WidenedField[] = [];
  for (const field of WIDENING_ORDER) {
    if (group[field] === undefined) continue;
    delete group[field];
    widened.push(field);
    steps.push({ group: { ...group }, widened: [...widened] });
  }
  return steps;
}

const sentencesOf = (range: { low: number; high: number }, basis: Basis, currency: string) => ({
  es: vacancySentence(range, { language: 'es', currency, basis }),
  en: vacancySentence(range, { language: 'en', currency, basis }),
});

interface JobAdRangeRow {
  id: string;
  created_at: Date | string;
  title: string | null;
  role: Role;
  group: Group;
  widened: WidenedField[];
  basis: Basis;
  policy: { from: number; to: number };
  range_low: string | number;
  range_high: string | number;
  figures: Figures;
  year: number;
  currency: string;
}

const COLUMNS = `id, created_at, title, role, "group", widened, basis, policy, range_low, range_high, figures, year, currency`;

const toJobAdRange = (row: JobAdRangeRow): JobAdRange => {
  const range = { low: Number(row.range_low), high: Number(row.range_high) };
  return {
    id: row.id,
    status: 'ok',
    title: row.title,
    role: row.role,
    group: row.group,
    widened: row.widened,
    basis: row.basis,
    policy: row.policy,
    currency: row.currency,
    range,
    sentences: sentencesOf(range, row.basis, row.currency),
    figures: row.figures,
    year: row.year,
    createdAt: new Date(row.created_at).toISOString(),
  };
};

/** What is saved of a publishable answer. */
interface NewJobAdRange {
  title: string | null;
  role: Role;
  group: Group;
  widened: WidenedField[];
  basis: Basis;
  policy: { from: number; to: number };
  range: { low: number; high: number };
  figures: Figures;
  year: number;
  currency: string;
}

/** Saves a range for the company; null when the caller already saved one under this idempotency key. */
async function insertJobAdRange(
  db: Queryable,
  companyId: string,
  createdBy: string,
  idempotencyKey: string | null,
  input: NewJobAdRange,
): Promise<JobAdRange | null> {
  const [row] = await db.execute<JobAdRangeRow>(
    `insert into job_ad_ranges (company_id, id, created_by, title, role, "group", widened, basis, policy, range_low, range_high, figures, year, currency, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (created_by, idempotency_key) do nothing
     returning ${COLUMNS}`,
    [
      companyId,
      newId(),
      createdBy,
      input.title,
      JSON.stringify(input.role),
      JSON.stringify(input.group),
      input.widened,
      input.basis,
      JSON.stringify(input.policy),
      input.range.low,
      input.range.high,
      JSON.stringify(input.figures),
      input.year,
      input.currency,
      idempotencyKey,
    ],
  );
  return row ? toJobAdRange(row) : null;
}

/** The range the caller saved under this idempotency key, if it is still there. */
async function findByRequestKey(db: Queryable, createdBy: string, idempotencyKey: string): Promise<JobAdRange | null> {
  const [row] = await db.execute<JobAdRangeRow>(`select ${COLUMNS} from job_ad_ranges where created_by = $1 and idempotency_key = $2`, [
    createdBy,
    idempotencyKey,
  ]);
  return row ? toJobAdRange(row) : null;
}

/** One page of the company's saved ranges, newest first. */
export async function listJobAdRanges(db: Queryable, companyId: string, page: number, limit: number): Promise<Schemas['JobAdRangePage']> {
  const [rows, [{ total }]] = await Promise.all([
    db.execute<JobAdRangeRow>(`select ${COLUMNS} from job_ad_ranges where company_id = $1 order by created_at desc, seq desc limit $2 offset $3`, [
      companyId,
      limit,
      (page - 1) * limit,
    ]),
    db.execute<{ total: number }>('select count(*)::int as total from job_ad_ranges where company_id = $1', [companyId]),
  ]);
  return { items: rows.map(toJobAdRange), page, limit, total: Number(total) };
}

/** Deletes one of the company's ranges; false when the company has no such range. */
export async function deleteJobAdRange(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const deleted = await db.execute('delete from job_ad_ranges where company_id = $1 and id = $2 returning id', [companyId, id]);
  return deleted.length > 0;
}

/** Every range of the company (a company whose last corporate account is deleted). */
export async function deleteCompanyJobAdRanges(tx: Queryable, companyId: string): Promise<void> {
  await tx.execute('delete from job_ad_ranges where company_id = $1', [companyId]);
}

/** The company's ranges for the export of its data, newest first. */
export async function exportCompanyJobAdRanges(db: Queryable, companyId: string): Promise<JobAdRange[]> {
  const rows = await db.execute<JobAdRangeRow>(`select ${COLUMNS} from job_ad_ranges where company_id = $1 order by created_at desc, seq desc`, [companyId]);
  return rows.map(toJobAdRange);
}

type ChargeOutcome = { kind: 'charged'; balance: number; saved: JobAdRange } | { kind: 'replayed' } | { kind: 'insufficient' };

class InsufficientCredits extends Error {}
/** The key's range was saved by a concurrent request while this one waited: roll back this one's debit. */
class AlreadySaved extends Error {}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * One transaction, as a charged comparison (services/credits.ts chargeSearch): the conditional debit (never below 0),
 * the saved range, and the ledger row whose unique key makes a replayed request charge once.
 */
async function chargeAndSave(
  database: Database,
  input: { userId: string; companyId: string; ledgerKey: string; clientKey: string | null; range: NewJobAdRange },
): Promise<ChargeOutcome> {
  try {
    const outcome = await database.transaction(async (tx): Promise<ChargeOutcome> => {
      if (await chargedSearch(tx, input.userId, input.ledgerKey)) return { kind: 'replayed' };
      const [debited] = await tx.execute<{ credits: number }>(
        'update users set credits = credits - 1, updated_at = now() where id = $1 and credits >= 1 returning credits',
        [input.userId],
      );
      if (!debited) {
        // A concurrent retry with the same key may have spent the last credit while this one waited for the row lock.
        if (await chargedSearch(tx, input.userId, input.ledgerKey)) return { kind: 'replayed' };
        throw new InsufficientCredits();
      }
      const saved = await insertJobAdRange(tx, input.companyId, input.userId, input.clientKey, input.range);
      if (!saved) throw new AlreadySaved();
      await tx.execute(
        `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key, reference) values ($1, $2, -1, $3, $4, $5, $6)`,
        [newId(), input.userId, debited.credits, JOB_AD_RANGE_REASON, input.ledgerKey, saved.id],
      );
      return { kind: 'charged', balance: Number(debited.credits), saved };
    });
    if (outcome.kind === 'charged') opsEvents.emit('creditsCharged', 1);
    return outcome;
  } catch (error) {
    if (error instanceof InsufficientCredits) return { kind: 'insufficient' };
    if (error instanceof AlreadySaved) return { kind: 'replayed' };
    // The same key charged by a concurrent request that committed first: this one rolled back, so it is a replay.
    if (isUniqueViolation(error) && (await chargedSearch(database, input.userId, input.ledgerKey))) return { kind: 'replayed' };
    throw error;
  }
}

/** The ledger key of a client's key: scoped to the caller and to job-ad ranges (never meets a comparison's). */
const ledgerKeyOf = (userId: string, clientKey: string | null) => `job-ad-range:${userId}:${clientKey ?? newId()}`;

/** What the market publishes for a role under a policy: the range, the group it came from and its figures. */
export interface MarketRange {
  group: Group;
  widened: WidenedField[];
  range: { low: number; high: number };
  figures: Figures;
  year: number;
  currency: string;
}

/**
 * The policy's range of the role's group from exactly the figures a comparison of that group publishes, widened step
 * by step (wideningSteps) until a group publishes what the policy needs; null when even the widest does not. Free:
 * the caller bills.
 */
export async function marketRange(
  engine: StatisticsEngine,
  settings: StatisticsSettings,
  role: Partial<Role>,
  policy: { from: number; to: number },
  basis: Basis,
): Promise<MarketRange | null> {
  const measure = BASIS_MEASURE[basis];
  for (const { group, widened } of wideningSteps(role)) {
    const answer = await engine.answer(settings, peerGroup(group, settings.year), null);
    if (answer.status !== 'ok' || !answer.measures || answer.count === null) continue;
    const statistic = answer.measures[measure];
    const range = payRange(statistic, policy);
    if (!range) continue;
    const figures: Figures = {
      count: answer.count,
      countLabel: answer.countLabel,
      p10: statistic.p10,
      p25: statistic.p25,
      p50: statistic.p50,
      p75: statistic.p75,
      p90: statistic.p90,
      medianCi: statistic.medianCi ? [statistic.medianCi.low, statistic.medianCi.high] : null,
    };
    return { group, widened, range, figures, year: answer.year, currency: answer.currency };
  }
  return null;
}

export function jobAdRangeService(context: AppContext) {
  const { database } = context;
  const engine = statisticsEngine(context);

  /**
   * The range of the request, for the caller of `companyId` (a corporate user: the route checks). Billing, the
   * refusals and the replays are a comparison's (routes/comparison.ts compare).
   */
  async function createJobAdRange(userId: string, companyId: string, body: JobAdRangeRequest): Promise<JobAdRangeResult> {
    validateJobAdRequest(body);
    const settings = await engine.readSettings({ userId, requestedYear: undefined });
    const caller: Caller = requireSettingsCaller(settings);
    const billing = billingOf(caller);
    if (billing === 'form-required') throw FORM_REQUIRED();
    const creditsApply = billing === 'credits';
    const creditsLeft = async () => (creditsApply ? creditBalance(database, caller.id) : null);

    const clientKey = body.idempotencyKey ?? null;
    const ledgerKey = ledgerKeyOf(caller.id, clientKey);
    let paid = false;
    if (clientKey) {
      // A retry of a saved request answers that range again, whatever the balance or the figures are now.
      const saved = await findByRequestKey(database, caller.id, clientKey);
      if (saved) return { ...saved, creditsLeft: await creditsLeft() };
      // Charged under this key, and the range deleted since: answered again without a second charge.
      paid = creditsApply && (await chargedSearch(database, caller.id, ledgerKey)) !== null;
    }
    if (creditsApply && !paid && caller.credits < 1) throw INSUFFICIENT_CREDITS();

    const steps = wideningSteps(body.role);
    const common = { title: body.title ?? null, role: body.role, basis: body.basis, policy: body.policy, year: settings.year };
    const market = await marketRange(engine, settings, body.role, body.policy, body.basis);
    const found: NewJobAdRange | null = market ? { ...common, ...market } : null;
    if (!found) {
      // Nothing publishable, even in the widest group: free, and nothing is saved.
      const widest = steps[steps.length - 1];
      return {
        ...common,
        id: null,
        status: 'not-enough-data',
        group: widest.group,
        widened: widest.widened,
        currency: CURRENCY,
        range: null,
        sentences: null,
        figures: null,
        createdAt: null,
        creditsLeft: creditsApply ? caller.credits : null,
      };
    }

    if (creditsApply && !paid) {
      const outcome = await chargeAndSave(database, { userId: caller.id, companyId, ledgerKey, clientKey, range: found });
      if (outcome.kind === 'insufficient') throw INSUFFICIENT_CREDITS();
      if (outcome.kind === 'charged') return { ...outcome.saved, creditsLeft: outcome.balance };
      // A concurrent request with the same key was charged first: answer what it saved.
    }
    const saved =
      (await insertJobAdRange(database, companyId, caller.id, clientKey, found)) ?? (clientKey ? await findByRequestKey(database, caller.id, clientKey) : null);
    if (!saved) throw new Error('a job-ad range saved under this key is gone');
    return { ...saved, creditsLeft: await creditsLeft() };
  }

  return { createJobAdRange };
}
