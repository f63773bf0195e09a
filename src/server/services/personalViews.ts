// The personal views (docs/statistics-and-privacy.md): the personalised comparison (four variants), evolution over the
// survey years and the insights (three rankings and their by-user-id variants). None has an engine of its own:
// every figure is a group's answer from the shared statistics engine (statisticsEngine.ts) — computed on the
// current release, the rule against differencing applied, published with the cell key method — so a figure here
// is exactly what the comparison of the same filters and year publishes, and every position (percentile rank,
// difference from the median) comes from published figures and the person's own values only.
//
// Plans (docs/permissions-and-credits.md, services/entitlements.ts): a member's plan must include the evolution, the
// income projection or the insights while the premium flag is on (403 PREMIUM_REQUIRED otherwise, re-opening too);
// the personalised comparison is free. Pricing: members with a completed form of the current survey year and admins
// free (403 FORM_REQUIRED for a member without one); corporate users pay 1 credit for each new personalised comparison and each new evolution, like a search
// (402 INSUFFICIENT_CREDITS when short; the corporate plan is free), and re-opening a saved one (historyId) is free
// — so is the dashboard's evolution of a saved comparison, which was paid when searched. The income projection is
// one evolution request (`projection`: the group and the next position level's) at one search's price. Insights
// are free for every signed-in caller allowed to see them: each entry is a group the comparison answers, and
// without a profile of their own (corporate, admin) the ranking is over everyone.
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import type { Queryable } from '../db/open';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { billingOf, chargedSearch, chargeSearch, creditBalance, searchIdempotencyKey, type Billing, type Caller } from './credits';
import { findSearch, type HistoryEntry, type SavedSearch } from './history';
import { FIELD_OPTIONS, peerGroup, validateFilters, type ComparisonFilters, type GroupField } from './peerGroup';
import type { OwnForm, RequestSettings } from './statisticsSettings';
import { CURRENCY, FORM_REQUIRED, INSUFFICIENT_CREDITS, releaseInfo, requireSettingsCaller, statisticsEngine, type PublishedAnswer } from './statisticsEngine';
import { requireFeature } from './entitlements';
import { COMPARISON_REASONS, countLabel, roundMoney } from '../../domain/statistics';
import { COUNTRY_CITIES, type CountryCode } from '../../domain/questionnaire';
import { WIDENING_KEEPING_LEVEL, WIDENING_ORDER, widened } from '../../domain/peerGroupFilters';
import { currentYear, surveyYears } from '../../domain/constants';
import { deflator, ratesForCountry } from '../../domain/inflation';
import { nextPositionLevel } from '../../domain/incomeProjection';
import type { Measure } from '../../domain/statistics';

type Schemas = components['schemas'];
type IndividualResult = Schemas['IndividualComparisonResult'];
type PeerStep = Schemas['PeerStep'];
type EvolutionPoint = Schemas['EvolutionPoint'];
type InsightItem = Schemas['InsightItem'];

/**
 * The widening cascade of the personalised comparison (src/domain/peerGroupFilters.ts WIDENING_ORDER): the peer
 * group starts as the person's country, sector and position level, and drops these conditions in this order until
 * the group publishes a median.
 */
export const PEER_CASCADE = WIDENING_ORDER satisfies readonly GroupField[];

/**
 * The evolution's and the income projection's group widen the same way, keeping the position level (the
 * next-level scenario's), until the group has medians in two years: a line, not a dot.
 */
const GROUP_CASCADE = WIDENING_KEEPING_LEVEL satisfies readonly GroupField[];
const MEDIANS_TO_SHOW_GROWTH = 2;

/** Why a peer group was widened, or a year or an entry has no figure (translation keys comparison.reasons.{code}). */
export const VIEW_REASONS = {
  ...COMPARISON_REASONS,
  /** K to 14 people: a count and a mean, but no median, so no position. */
  tooFewForPosition: 'TOO_FEW_FOR_POSITION',
  /** K to 14 people: no quartiles in that year. */
  tooFewForQuartiles: 'TOO_FEW_FOR_QUARTILES',
  /** A rate needed to deflate a year is missing. */
  noInflationData: 'NO_INFLATION_DATA',
} as const;

export const NO_COMPLETED_FORM = () => notFound('NO_COMPLETED_FORM', 'This person has no completed questionnaire');
export const NOT_YOURS = () => forbidden('FORBIDDEN', 'You may only see your own figures');
export const NO_SUCH_SEARCH = () => notFound('NOT_FOUND', 'No such saved search');

/** A completed or other form, as the personal views need it. */
export interface TargetForm {
  id: string;
  userId: string | null;
  status: string;
  year: number;
  currency: string;
  country: string | null;
  sector: string | null;
  positionLevel: string | null;
  fixedSalary: number | null;
  annualBonus: number | null;
  deferredCompensation: number | null;
  perceivedWithout: number | null;
  perceivedWith: number | null;
}

const FORM_SQL = `select id, user_id, status, survey_year, currency, country, sector, position_level, fixed_salary, annual_bonus,
                         deferred_compensation, answers->'diffWithoutDeferral' as perceived_without, answers->'diffWithDeferral' as perceived_with
                    from forms`;

type FormRow = Record<string, unknown>;
const numOrNull = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

function toTarget(row: FormRow): TargetForm {
  return {
    id: String(row.id),
    userId: (row.user_id as string | null) ?? null,
    status: String(row.status),
    year: Number(row.survey_year),
    currency: String(row.currency),
    country: (row.country as string | null) ?? null,
    sector: (row.sector as string | null) ?? null,
    positionLevel: (row.position_level as string | null) ?? null,
    fixedSalary: numOrNull(row.fixed_salary),
    annualBonus: numOrNull(row.annual_bonus),
    deferredCompensation: numOrNull(row.deferred_compensation),
    perceivedWithout: numOrNull(row.perceived_without),
    perceivedWith: numOrNull(row.perceived_with),
  };
}

/** The money of a measure of one person (EUR values). */
function measureValue(values: OwnForm['values'], measure: Measure): number {
  switch (measure) {
    case 'fixedSalary':
      return values.fixedSalary;
    case 'annualBonus':
      return values.annualBonus;
    case 'deferredCompensation':
      return values.deferredCompensation;
    case 'totalWithoutDeferral':
      return values.fixedSalary + values.annualBonus;
    case 'totalWithDeferral':
      return values.fixedSalary + values.annualBonus + values.deferredCompensation;
  }
}

/** The country a filter selects (its own, or its city's); null when the group may span several countries. */
function filterCountry(filters: ComparisonFilters): string | null {
  if (filters.country) return filters.country;
  if (filters.city) {
    for (const [country, cities] of Object.entries(COUNTRY_CITIES)) if ((cities as readonly string[]).includes(filters.city)) return country;
  }
  return null;
}

/** A form by id, whoever's it is. */
export async function formById(db: Queryable, id: string): Promise<TargetForm | null> {
  const [row] = await db.execute<FormRow>(`${FORM_SQL} where id = $1`, [id]);
  return row ? toTarget(row) : null;
}

/** A person's latest completed form (the latest survey year). */
export async function latestCompletedForm(db: Queryable, userId: string): Promise<TargetForm | null> {
  const [row] = await db.execute<FormRow>(
    `${FORM_SQL} where user_id = $1 and status = 'completed' and fixed_salary is not null order by survey_year desc, completed_at desc nulls last limit 1`,
    [userId],
  );
  return row ? toTarget(row) : null;
}

/** A person's completed forms of `years`, oldest first. */
export async function completedFormsOf(db: Queryable, userId: string, years: number[]): Promise<TargetForm[]> {
  const rows = await db.execute<FormRow>(`${FORM_SQL} where user_id = $1 and status = 'completed' and survey_year = any($2::int[]) order by survey_year`, [
    userId,
    years,
  ]);
  return rows.map(toTarget);
}

/** The caller may see a form or a person's figures: their own, or any for an admin. */
export const mayAct = (caller: Caller, ownerId: string | null) => caller.roles.includes('admin') || (ownerId !== null && ownerId === caller.id);

function withoutYear(filters: ComparisonFilters): ComparisonFilters {
  const { year: _year, ...rest } = filters;
  return rest;
}

/** The personal views of an app (their statistics come from its shared engine). */
export function personalViews(context: AppContext) {
  const { database, config } = context;
  const engine = statisticsEngine(context);
  /** The caller's plan must include the feature (403 PREMIUM_REQUIRED otherwise; services/entitlements.ts). */
  const requirePlanOf = (caller: Caller, feature: Parameters<typeof requireFeature>[3]) => requireFeature(database, config.premiumEnabled, caller, feature);

  /** A form's money in EUR with the current exchange rates (statistics are in EUR); null without a rate. */
  function ownValues(
    settings: RequestSettings,
    form: Pick<TargetForm, 'currency' | 'fixedSalary' | 'annualBonus' | 'deferredCompensation' | 'id'>,
  ): OwnForm | null {
    const rate = form.currency === 'EUR' ? 1 : settings.rates[form.currency];
    if (rate === undefined || form.fixedSalary === null) return null;
    return {
      id: form.id,
      revision: 0,
      values: {
        fixedSalary: form.fixedSalary * rate,
        annualBonus: (form.annualBonus ?? 0) * rate,
        deferredCompensation: (form.deferredCompensation ?? 0) * rate,
      },
    };
  }

  /** A saved search of the caller (or any, for an admin) of one of `kinds`; 404 otherwise. */
  async function ownSearch(caller: Caller, historyId: string, kinds: SavedSearch['kind'][]): Promise<HistoryEntry> {
    const saved = await findSearch(database, historyId);
    if (!saved || !kinds.includes(saved.kind) || !mayAct(caller, saved.userId)) throw NO_SUCH_SEARCH();
    return saved;
  }

  /**
   * Before computing a new paid answer: a retry of a charged request (same idempotency key) is answered as a
   * re-opening of the search it paid for; otherwise a caller short of credits is told 402 at once.
   */
  async function paidReplay(caller: Caller, billing: Billing, kind: SavedSearch['kind'], clientKey: string | undefined): Promise<HistoryEntry | null> {
    if (billing !== 'credits') return null;
    if (clientKey) {
      const prior = await chargedSearch(database, caller.id, searchIdempotencyKey(caller.id, clientKey, kind));
      const original = prior?.reference ? await findSearch(database, prior.reference) : null;
      if (original) return original;
    }
    if (caller.credits < 1) throw INSUFFICIENT_CREDITS();
    return null;
  }

  /**
   * Settles a computed answer: nothing is charged or saved unless it has figures; a re-opened (or replayed) search
   * costs nothing; a new one costs 1 credit (credit billing) or is saved for free.
   */
  async function settle(
    caller: Caller,
    billing: Billing,
    options: { ok: boolean; reopened: HistoryEntry | null; replay: boolean; search: SavedSearch; clientKey?: string },
  ): Promise<{ historyId?: string; creditsLeft: number | null }> {
    const credits = billing === 'credits';
    if (!options.ok) return { creditsLeft: credits ? caller.credits : null };
    if (options.reopened) return { historyId: options.reopened.id, creditsLeft: credits ? caller.credits : null };
    if (credits) {
      const outcome = await chargeSearch(database, {
        userId: caller.id,
        idempotencyKey: searchIdempotencyKey(caller.id, options.clientKey, options.search.kind),
        search: options.search,
      });
      if (outcome.kind === 'insufficient') throw INSUFFICIENT_CREDITS();
      if (outcome.kind === 'replayed') {
        return { ...(outcome.historyId ? { historyId: outcome.historyId } : {}), creditsLeft: await creditBalance(database, caller.id) };
      }
      return { historyId: outcome.historyId, creditsLeft: outcome.balance };
    }
    return { historyId: await engine.saveFreeOnce(caller.id, options.search), creditsLeft: null };
  }

  // ───────────── personalised comparison ─────────────

  /** The widening cascade over published answers: the steps tried, and the answer of the group used (if any). */
  async function widen(settings: RequestSettings, form: TargetForm, own: OwnForm) {
    const start: ComparisonFilters = {};
    for (const field of ['country', 'sector', 'positionLevel'] as const) if (form[field]) start[field] = form[field]!;
    const steps: PeerStep[] = [];
    let used: PublishedAnswer | null = null;
    for (let dropped = 0; dropped <= PEER_CASCADE.length; dropped++) {
      const filters: ComparisonFilters = { ...start };
      for (const field of PEER_CASCADE.slice(0, dropped)) delete filters[field];
      const group = peerGroup({ ...filters, year: form.year }, form.year);
      const answer = await engine.answer(settings, group, own);
      const step: PeerStep = {
        filters: group.applied,
        dropped: dropped === 0 ? null : PEER_CASCADE[dropped - 1],
        status: 'used',
        count: answer.count,
        countLabel: answer.countLabel,
      };
      if (answer.status === 'not-enough-data') Object.assign(step, { status: 'not-enough-data', reasonCode: VIEW_REASONS.notEnoughData });
      else if (answer.status === 'refused')
        Object.assign(step, { status: 'refused', reasonCode: VIEW_REASONS.differencingRisk, reasonFilter: answer.reasonFilter });
      else if (answer.measures!.totalWithDeferral.p50 === null || answer.measures!.totalWithoutDeferral.p50 === null) {
        Object.assign(step, { status: 'too-few-for-position', reasonCode: VIEW_REASONS.tooFewForPosition });
      }
      steps.push(step);
      if (step.status === 'used') {
        used = answer;
        break;
      }
    }
    return { steps, used };
  }

  /**
   * A form's position as its personalised comparison publishes it (the same cascade, the same published median),
   * computed without charging or saving anything; null figures when no group publishes a median.
   */
  async function publishedPosition(
    settings: RequestSettings,
    form: TargetForm,
  ): Promise<{ diffWithoutDeferral: number | null; diffWithDeferral: number | null }> {
    const answer = await peerAnswer(settings, form);
    return {
      diffWithoutDeferral: answer?.used?.position?.totalWithoutDeferral?.diffFromMedianPercent ?? null,
      diffWithDeferral: answer?.used?.position?.totalWithDeferral?.diffFromMedianPercent ?? null,
    };
  }

  async function individual(callerId: string, target: { form: TargetForm } | { history: string }, clientKey?: string): Promise<IndividualResult> {
    const settings = await engine.readSettings({ userId: callerId, requestedYear: undefined });
    const caller = requireSettingsCaller(settings);
    const billing = billingOf(caller);
    let reopened: HistoryEntry | null = null;
    let form: TargetForm | null;
    if ('history' in target) {
      reopened = await ownSearch(caller, target.history, ['individual']);
      form = reopened.formId ? await formById(database, reopened.formId) : null;
      if (!form || form.status !== 'completed') throw NO_SUCH_SEARCH();
    } else {
      form = target.form;
    }
    if (billing === 'form-required') throw FORM_REQUIRED();
    let replay = false;
    if (!reopened) {
      const original = await paidReplay(caller, billing, 'individual', clientKey);
      if (original?.formId) {
        const replayed = await formById(database, original.formId);
        if (replayed && replayed.status === 'completed') {
          form = replayed;
          reopened = original;
          replay = true;
        }
      }
    }
    const own = ownValues(settings, form);
    if (!own) throw conflict('NO_EXCHANGE_RATE', 'There is no exchange rate for the currency of this form');
    const { steps, used } = await widen(settings, form, own);
    const ownFigures = {
      fixedSalary: Math.round(own.values.fixedSalary),
      annualBonus: Math.round(own.values.annualBonus),
      deferredCompensation: Math.round(own.values.deferredCompensation),
      totalWithoutDeferral: Math.round(own.values.fixedSalary + own.values.annualBonus),
      totalWithDeferral: Math.round(own.values.fixedSalary + own.values.annualBonus + own.values.deferredCompensation),
    };
    const common = {
      formId: form.id,
      year: form.year,
      currency: CURRENCY,
      own: ownFigures,
      perceivedDiffWithoutDeferral: form.perceivedWithout,
      perceivedDiffWithDeferral: form.perceivedWith,
      release: releaseInfo(settings),
      steps,
      widenedSteps: steps.slice(1).map<IndividualResult['widenedSteps'][number]>((s) => s.dropped!),
    };
    const startFilters = steps[0].filters;
    const search: SavedSearch = { kind: 'individual', filters: startFilters, formId: form.id };
    const settled = await settle(caller, billing, { ok: used !== null, reopened, replay, search, clientKey });
    if (!used) {
      return {
        ...common,
        status: 'not-enough-data',
        filters: steps[steps.length - 1].filters,
        n: null,
        countLabel: countLabel(0, settings.threshold),
        peer: null,
        diffWithoutDeferral: null,
        diffWithDeferral: null,
        measures: null,
        position: null,
        creditsLeft: settled.creditsLeft,
      };
    }
    const m = used.measures!;
    const figures = (measure: 'totalWithoutDeferral' | 'totalWithDeferral') => ({ p25: m[measure].p25!, p50: m[measure].p50!, p75: m[measure].p75! });
    return {
      ...common,
      status: 'ok',
      filters: used.filters,
      n: used.count,
      countLabel: used.countLabel,
      peer: { totalWithoutDeferral: figures('totalWithoutDeferral'), totalWithDeferral: figures('totalWithDeferral') },
      // Differences from the published median (positionsFromPublished), never from the rows.
      diffWithoutDeferral: used.position?.totalWithoutDeferral?.diffFromMedianPercent ?? null,
      diffWithDeferral: used.position?.totalWithDeferral?.diffFromMedianPercent ?? null,
      measures: m,
      position: used.position,
      ...(settled.historyId ? { historyId: settled.historyId } : {}),
      creditsLeft: settled.creditsLeft,
    };
  }

  /** The caller's right to see a person's figures: themself or an admin (403 otherwise, before any lookup). */
  async function callerOf(userId: string): Promise<{ caller: Caller; settings: RequestSettings }> {
    const settings = await engine.readSettings({ userId, requestedYear: undefined });
    return { caller: requireSettingsCaller(settings), settings };
  }

  async function latestFormOf(caller: Caller, userId: string): Promise<TargetForm> {
    if (!mayAct(caller, userId)) throw NOT_YOURS();
    const form = await latestCompletedForm(database, userId);
    if (!form) throw NO_COMPLETED_FORM();
    return form;
  }

  // ───────────── insights ─────────────

  type Ranking = 'city' | 'sector' | 'country';

  async function insight(
    callerId: string,
    ranking: Ranking,
    targetUserId: string | null,
    year: number | undefined,
    widen = false,
  ): Promise<Schemas['InsightList']> {
    const settings = await engine.readSettings({ userId: callerId, requestedYear: year });
    const caller = requireSettingsCaller(settings);
    await requirePlanOf(caller, 'insights');
    let profile: TargetForm | null;
    if (targetUserId !== null) {
      profile = await latestFormOf(caller, targetUserId);
    } else {
      if (billingOf(caller) === 'form-required') throw FORM_REQUIRED();
      profile = await latestCompletedForm(database, caller.id);
    }
    if (year !== undefined && !surveyYears().includes(year)) throw badRequest('VALIDATION_ERROR', 'Invalid query', ['query.year: is not a survey year']);
    const resolvedYear = settings.year;
    const base: ComparisonFilters = {};
    let values: readonly string[];
    if (ranking === 'city') {
      if (profile?.sector) base.sector = profile.sector;
      if (profile?.positionLevel) base.positionLevel = profile.positionLevel;
      values = profile?.country && profile.country in COUNTRY_CITIES ? COUNTRY_CITIES[profile.country as CountryCode] : FIELD_OPTIONS.city;
    } else if (ranking === 'sector') {
      if (profile?.country) base.country = profile.country;
      if (profile?.positionLevel) base.positionLevel = profile.positionLevel;
      values = FIELD_OPTIONS.sector;
    } else {
      if (profile?.sector) base.sector = profile.sector;
      if (profile?.positionLevel) base.positionLevel = profile.positionLevel;
      values = FIELD_OPTIONS.country;
    }
    const measure: Measure = 'totalWithDeferral';
    const rank = async (filters: ComparisonFilters) => {
      const omitted = { notEnoughData: 0, tooFewForMedian: 0, refused: 0 };
      // The entries differ in the ranked field only: one grouped statement computes those not cached or stored.
      const groups = values.map((value) => peerGroup({ ...filters, [ranking]: value, year: resolvedYear }, resolvedYear));
      const answers = (await engine.answers(settings, groups, null)).map((answer, i) => ({ value: values[i], answer }));
      const items: InsightItem[] = [];
      for (const { value, answer } of answers) {
        if (answer.status === 'not-enough-data') omitted.notEnoughData++;
        else if (answer.status === 'refused') omitted.refused++;
        else {
          const statistic = answer.measures![measure];
          if (statistic.p50 === null) omitted.tooFewForMedian++;
          else
            items.push({
              key: value,
              n: answer.count!,
              countLabel: answer.countLabel,
              p50: statistic.p50,
              mean: statistic.mean,
              p25: statistic.p25,
              p75: statistic.p75,
            });
        }
      }
      items.sort((a, b) => b.p50 - a.p50 || a.key.localeCompare(b.key));
      return { items, omitted };
    };
    let filters = base;
    let ranked = await rank(filters);
    const widenedSteps: (typeof GROUP_CASCADE)[number][] = [];
    if (widen) {
      // Asked from a ranking without any entry (the widget's widening link): its conditions other than the ranked
      // field widen as the evolution's do (country, then sector; never the level) until some entry has a median.
      for (const field of GROUP_CASCADE) {
        if (ranked.items.length > 0) break;
        if (field === ranking || !filters[field]) continue;
        filters = widened(filters, field);
        widenedSteps.push(field);
        ranked = await rank(filters);
      }
    }
    return {
      year: resolvedYear,
      currency: CURRENCY,
      measure,
      filters: { ...filters, year: resolvedYear },
      items: ranked.items,
      rankedBy: ranking,
      release: releaseInfo(settings),
      omitted: ranked.omitted,
      ...(widen ? { widenedSteps } : {}),
    };
  }

  // ───────────── evolution ─────────────

  /** One group's points per year (each year is the comparison of the filters and that year), nominal and real. */
  async function seriesOf(
    settings: RequestSettings,
    filters: ComparisonFilters,
    years: number[],
    measure: Measure,
    rates: Parameters<typeof deflator>[0],
  ): Promise<EvolutionPoint[]> {
    const baseYear = currentYear();
    // The years not cached or stored are computed one statement each, a few at a time (statistics.ts compareGroups).
    const answers = await engine.answers(
      settings,
      years.map((year) => peerGroup({ ...filters, year }, year)),
      null,
    );
    return answers.map((answer, i) => {
      const year = years[i];
      const factor = deflator(rates, year, baseYear);
      const real = (value: number | null) => (value === null || factor === null ? null : roundMoney(value * factor));
      const empty = { p25: null, p50: null, p75: null, realP25: null, realP50: null, realP75: null };
      if (answer.status === 'not-enough-data')
        return { year, n: null, countLabel: answer.countLabel, ...empty, status: answer.status, reasonCode: VIEW_REASONS.notEnoughData, deflator: factor };
      if (answer.status === 'refused') {
        return {
          year,
          n: answer.count,
          countLabel: answer.countLabel,
          ...empty,
          status: answer.status,
          reasonCode: VIEW_REASONS.differencingRisk,
          reasonFilter: answer.reasonFilter,
          deflator: factor,
        };
      }
      const s = answer.measures![measure];
      const reasonCode = s.p50 === null ? VIEW_REASONS.tooFewForQuartiles : factor === null ? VIEW_REASONS.noInflationData : undefined;
      return {
        year,
        n: answer.count,
        countLabel: answer.countLabel,
        p25: s.p25,
        p50: s.p50,
        p75: s.p75,
        realP25: real(s.p25),
        realP50: real(s.p50),
        realP75: real(s.p75),
        status: 'ok',
        ...(reasonCode ? { reasonCode } : {}),
        deflator: factor,
      };
    });
  }

  /**
   * The evolution, or (with `projection`) the income projection's inputs: the group, its next position level's
   * group and the caller's own line, one search at one search's price, saved as kind projection.
   */
  async function evolution(callerId: string, body: Schemas['EvolutionRequest']): Promise<Schemas['EvolutionResult']> {
    validateFilters(withoutYear(body.filters));
    const settings = await engine.readSettings({ userId: callerId, requestedYear: undefined });
    const caller = requireSettingsCaller(settings);
    const projection = body.projection === true;
    // The income projection is an evolution request with `projection`; each is its own feature, re-opened or new.
    await requirePlanOf(caller, projection ? 'incomeProjection' : 'evolution');
    const billing = billingOf(caller);
    if (billing === 'form-required') throw FORM_REQUIRED();
    const kind: SavedSearch['kind'] = projection ? 'projection' : 'evolution';
    const all = surveyYears();
    let reopened = body.historyId ? await ownSearch(caller, body.historyId, projection ? ['projection'] : ['evolution', 'comparison']) : null;
    let filters = withoutYear(reopened ? reopened.filters : body.filters);
    let years = reopened?.kind === kind && reopened.years?.length ? reopened.years : body.years?.length ? body.years : all;
    const badYears = years.filter((y) => !all.includes(y));
    if (badYears.length > 0)
      throw badRequest(
        'VALIDATION_ERROR',
        'Invalid body',
        badYears.map((y) => `body.years: ${y} is not a survey year`),
      );
    // A projection starts from the caller's own latest total: without one there is nothing to project (nor to pay).
    if (projection && !(await latestCompletedForm(database, caller.id))) throw NO_COMPLETED_FORM();
    let replay = false;
    if (!reopened) {
      const original = await paidReplay(caller, billing, kind, body.idempotencyKey);
      if (original) {
        reopened = original;
        replay = true;
        filters = withoutYear(original.filters);
        years = original.years?.length ? original.years : all;
      }
    }
    years = [...years].sort((a, b) => a - b);
    const measure: Measure = body.measure ?? 'totalWithDeferral';
    const baseYear = currentYear();
    let inflation = ratesForCountry(settings.inflation, filterCountry(filters));
    let series = await seriesOf(settings, filters, years, measure, inflation.rates);
    const widenedSteps: (typeof GROUP_CASCADE)[number][] = [];
    // A projection's group, and an evolution's when asked (a person's first look at their own group), widens like
    // the personalised comparison's (country, then sector; never the position level, which the next-level
    // scenario needs) until its growth can be measured. Each wider group is published like any comparison of it.
    const widening = projection || body.widen === true;
    if (widening) {
      for (const field of GROUP_CASCADE) {
        if (series.filter((point) => point.p50 !== null).length >= MEDIANS_TO_SHOW_GROWTH) break;
        if (!filters[field] && !(field === 'country' && filters.city)) continue;
        filters = widened(filters, field);
        widenedSteps.push(field);
        inflation = ratesForCountry(settings.inflation, filterCountry(filters));
        series = await seriesOf(settings, filters, years, measure, inflation.rates);
      }
    }
    let nextLevel: Schemas['EvolutionResult']['nextLevel'];
    if (projection) {
      const level = nextPositionLevel(filters.positionLevel);
      nextLevel = level
        ? { positionLevel: level, series: await seriesOf(settings, { ...filters, positionLevel: level }, years, measure, inflation.rates) }
        : null;
    }

    let userSeries: Schemas['UserEvolutionPoint'][] | null = null;
    if (body.getUserEvolution || projection) {
      // The caller's own forms: their own data, not a statistic.
      userSeries = [];
      for (const form of await completedFormsOf(database, caller.id, years)) {
        const own = ownValues(settings, form);
        if (!own) continue;
        const value = Math.round(measureValue(own.values, measure));
        const factor = deflator(inflation.rates, form.year, baseYear);
        userSeries.push({ year: form.year, formId: form.id, value, realValue: factor === null ? null : Math.round(value * factor) });
      }
    }

    const settled = await settle(caller, billing, {
      ok: series.some((point) => point.status === 'ok'),
      reopened,
      replay,
      search: { kind, filters, years },
      clientKey: body.idempotencyKey,
    });
    return {
      measure,
      currency: CURRENCY,
      baseYear,
      filters,
      series,
      userSeries,
      ...(projection ? { nextLevel } : {}),
      ...(widening ? { widenedSteps } : {}),
      ...(settled.historyId ? { historyId: settled.historyId } : {}),
      creditsLeft: settled.creditsLeft,
      release: releaseInfo(settings),
      inflation: { country: inflation.country, rates: inflation.rates },
    };
  }

  /**
   * The group a person's personalised comparison shows them and its published answer, on the release of `settings`
   * (release alerts read it on a new release, the negotiation brief and the perception history on the current one): the widening cascade, exactly as `individual` runs it, nothing
   * charged or saved. Null when the form's currency has no rate.
   */
  async function peerAnswer(settings: RequestSettings, form: TargetForm) {
    const own = ownValues(settings, form);
    if (!own) return null;
    const { steps, used } = await widen(settings, form, own);
    return { own, steps, used };
  }

  return { individual, publishedPosition, callerOf, latestFormOf, insight, evolution, peerAnswer };
}
