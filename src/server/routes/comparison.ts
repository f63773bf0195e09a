// Comparison and history (spec §7 "Comparison and history"; DESIGN.md §4, §5): the filtered comparison, the
// free count of a group, the public demo comparison, and the caller's saved searches.
import type { components } from '../../api/schema';
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { isAdmin, requireCaller as requireStoredCaller } from '../auth/caller';
import { conditionsKey, peerGroup, validateFilters, type ComparisonFilters, type PeerGroup } from '../services/peerGroup';
import { compareGroup, countGroup, type RawComparison } from '../services/statistics';
import { createSettingsReader, type OwnForm, type RequestSettings, type StatisticsSettings } from '../services/statisticsSettings';
import { createCachedComputation, createMemoryCache, type CachedComputation } from '../services/cache';
import { billingOf, chargeSearch, creditBalance, searchIdempotencyKey, type Caller } from '../services/credits';
import { deleteSearch, findSearch, listSearches, saveFreeSearch } from '../services/history';
import {
  COMPARISON_REASONS,
  MEASURES,
  countLabel,
  diffFromMedianPercent,
  percentileRank,
  publishStatistic,
  type Measure,
} from '../../domain/statistics';

type ComparisonResult = components['schemas']['ComparisonResult'];
type Positions = components['schemas']['Positions'];
type Measures = components['schemas']['Measures'];

/** Statistics are published in euros: every group is converted to EUR before it is aggregated. */
const CURRENCY = 'EUR';

const FORM_REQUIRED = () =>
  forbidden('FORM_REQUIRED', 'Complete your questionnaire to compare: members compare for free once they have answered it');
const INSUFFICIENT_CREDITS = () => new HttpError(402, 'INSUFFICIENT_CREDITS', 'Not enough credits for this search');

/** Everything the figures of a group depend on; the data version changes whenever counted forms or configs do. */
function groupKey(settings: StatisticsSettings, group: PeerGroup, demo: boolean): string {
  return [
    settings.dataVersion,
    settings.activePackId ?? '-',
    settings.threshold,
    JSON.stringify(settings.minValues),
    JSON.stringify(settings.rates),
    demo ? 'demo' : 'all',
    group.year,
    conditionsKey(group.conditions),
  ].join('|');
}

const ownKey = (own: OwnForm | null) =>
  own ? `${own.id}:${own.revision}:${own.values.fixedSalary}:${own.values.annualBonus}:${own.values.deferredCompensation}` : '-';

/** The signed-in caller as stored now (roles from the database, not only the token). */
function requireCaller(settings: RequestSettings): Caller {
  if (!settings.caller) throw unauthorized('INVALID_TOKEN', 'The session is no longer valid');
  return settings.caller;
}

function positions(raw: Extract<RawComparison, { status: 'ok' }>, own: OwnForm): Positions {
  const values: Record<Measure, number> = {
    fixedSalary: own.values.fixedSalary,
    annualBonus: own.values.annualBonus,
    deferredCompensation: own.values.deferredCompensation,
    totalWithoutDeferral: own.values.fixedSalary + own.values.annualBonus,
    totalWithDeferral: own.values.fixedSalary + own.values.annualBonus + own.values.deferredCompensation,
  };
  const result = {} as Positions;
  for (const measure of MEASURES) {
    const median = raw.measures[measure].percentiles?.[2];
    const ranks = raw.ranks?.[measure];
    const diff = median === undefined ? null : diffFromMedianPercent(values[measure], median);
    result[measure] =
      ranks && diff !== null
        ? {
            measure,
            ownValue: Math.round(values[measure]),
            percentileRank: percentileRank(ranks.below, ranks.equal, raw.n),
            diffFromMedianPercent: diff,
          }
        : null;
  }
  return result;
}

/** The answer as the contract has it, with the privacy rules applied; position only with the caller's form. */
function publish(raw: RawComparison, group: PeerGroup, settings: StatisticsSettings, own: OwnForm | null): Omit<ComparisonResult, 'creditsLeft'> {
  const k = settings.threshold;
  const common = { year: group.year, currency: CURRENCY, filters: group.applied };
  if (raw.status === 'not-enough-data') {
    return { ...common, status: 'not-enough-data', reasonCode: COMPARISON_REASONS.notEnoughData, count: null, countLabel: countLabel(0, k), measures: null, position: null };
  }
  if (raw.status === 'refused') {
    return {
      ...common,
      status: 'refused',
      reasonCode: COMPARISON_REASONS.differencingRisk,
      reasonFilter: raw.field,
      count: raw.n,
      countLabel: countLabel(raw.n, k),
      measures: null,
      position: null,
    };
  }
  const measures = {} as Measures;
  for (const measure of MEASURES) measures[measure] = publishStatistic(raw.measures[measure], k);
  return {
    ...common,
    status: 'ok',
    count: raw.n,
    countLabel: countLabel(raw.n, k),
    measures,
    position: own ? positions(raw, own) : null,
  };
}

export function comparisonHandlers({ config, database }: AppContext) {
  const cache = createMemoryCache();
  const cached: CachedComputation = createCachedComputation(cache);
  const readSettings = createSettingsReader(config?.privacyThreshold);

  const settingsFor = (userId: string | null, filters: ComparisonFilters) => readSettings(database, { userId, requestedYear: filters.year });

  /** The figures of a group (cached by everything they depend on). */
  async function figures(settings: StatisticsSettings, group: PeerGroup, own: OwnForm | null, demo: boolean): Promise<RawComparison> {
    const key = groupKey(settings, group, demo);
    return cached(`comparison|${key}|${ownKey(own)}`, async () => {
      // The web app counts a group before searching it: a known size saves the statement one pass.
      const knownSize = await cache.get<number>(`count|${key}`);
      const raw = await compareGroup(database, { ...settings, demoOnly: demo, conditions: group.conditions, own: own?.values ?? null, knownSize });
      if (knownSize === undefined) await cache.set(`count|${key}`, raw.n);
      return raw;
    });
  }

  async function groupSize(settings: StatisticsSettings, group: PeerGroup): Promise<number> {
    return cached(`count|${groupKey(settings, group, false)}`, () =>
      countGroup(database, { ...settings, demoOnly: false, conditions: group.conditions }),
    );
  }

  return {
    async compare(request) {
      const body = request.body;
      const userId = request.auth!.userId;
      validateFilters(body.filters);
      if (body.isHistory && !body.historyId) throw badRequest('VALIDATION_ERROR', 'Invalid body', ['body.historyId: is required with isHistory']);

      // A saved search is re-opened with its own filters (re-opening is free, so it cannot carry new ones).
      const saved = body.isHistory ? await findSearch(database, body.historyId!) : null;
      if (body.isHistory && (!saved || saved.kind !== 'comparison')) throw notFound('NOT_FOUND', 'No such saved search');
      let filters = saved ? saved.filters : body.filters;

      let settings = await settingsFor(userId, filters);
      const caller = requireCaller(settings);
      const isAdmin = caller.roles.includes('admin');
      if (saved && saved.userId !== caller.id && !isAdmin) throw notFound('NOT_FOUND', 'No such saved search');

      const billing = billingOf(caller);
      if (billing === 'form-required') throw FORM_REQUIRED();

      const clientKey = body.idempotencyKey;
      const ledgerKey = searchIdempotencyKey(caller.id, clientKey);
      let replayOf: string | null = null;
      if (billing === 'credits' && !saved) {
        // A retry of a charged request answers that search again, whatever the balance is now.
        if (clientKey) {
          const [prior] = await database.execute<{ reference: string | null }>(
            'select reference from credit_ledger where idempotency_key = $1 and user_id = $2',
            [ledgerKey, caller.id],
          );
          if (prior) {
            replayOf = prior.reference;
            const original = replayOf ? await findSearch(database, replayOf) : null;
            if (original) {
              filters = original.filters;
              settings = await settingsFor(userId, filters);
            }
          }
        }
        if (!replayOf && caller.credits < 1) throw INSUFFICIENT_CREDITS();
      }

      const group = peerGroup(filters, settings.year);
      const raw = await figures(settings, group, settings.own, false);
      const answer = publish(raw, group, settings, settings.own);
      const creditsApply = billing === 'credits';
      // Refusals and groups under K cost nothing and are not saved.
      if (answer.status !== 'ok') return { ...answer, creditsLeft: creditsApply ? caller.credits : null };

      if (saved) return { ...answer, historyId: saved.id, creditsLeft: creditsApply ? caller.credits : null };
      if (replayOf) return { ...answer, historyId: replayOf, creditsLeft: await creditBalance(database, caller.id) };

      if (creditsApply) {
        const outcome = await chargeSearch(database, {
          userId: caller.id,
          idempotencyKey: ledgerKey,
          search: { kind: 'comparison', filters: group.applied },
        });
        if (outcome.kind === 'insufficient') throw INSUFFICIENT_CREDITS();
        if (outcome.kind === 'replayed') {
          return { ...answer, ...(outcome.historyId ? { historyId: outcome.historyId } : {}), creditsLeft: await creditBalance(database, caller.id) };
        }
        return { ...answer, historyId: outcome.historyId, creditsLeft: outcome.balance };
      }
      const historyId = await saveFreeSearch(database, caller.id, { kind: 'comparison', filters: group.applied });
      return { ...answer, historyId, creditsLeft: null };
    },

    async countResults(request) {
      validateFilters(request.body.filters);
      const settings = await settingsFor(request.auth!.userId, request.body.filters);
      const caller = requireCaller(settings);
      if (billingOf(caller) === 'form-required') throw FORM_REQUIRED();
      const n = await groupSize(settings, peerGroup(request.body.filters, settings.year));
      const enough = n >= settings.threshold;
      return { count: enough ? n : null, countLabel: countLabel(n, settings.threshold), enough };
    },

    async demoCompare(request) {
      validateFilters(request.body.filters);
      const settings = await settingsFor(null, request.body.filters);
      const group = peerGroup(request.body.filters, settings.year);
      const raw = await figures(settings, group, null, true);
      return { ...publish(raw, group, settings, null), creditsLeft: null };
    },

    async listUserHistory(request) {
      const caller = await requireStoredCaller(database, request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const result = await listSearches(database, caller.id, page, limit);
      return { ...result, items: result.items.map(({ userId: _owner, ...entry }) => entry) };
    },

    async deleteUserHistory(request, reply) {
      const caller = await requireStoredCaller(database, request);
      const deleted = await deleteSearch(database, request.params.id, isAdmin(caller) ? null : caller.id);
      if (!deleted) throw notFound('NOT_FOUND', 'No such saved search');
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
