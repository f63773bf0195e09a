// Comparison and history (spec §7 "Comparison and history"; DESIGN.md §4, §5): the filtered comparison, the
// free count of a group, the public demo comparison, and the caller's saved searches.
import type { components } from '../../api/schema';
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { isAdmin, requireCaller as requireStoredCaller } from '../auth/caller';
import { conditionsKey, peerGroup, validateFilters, type ComparisonFilters, type PeerGroup } from '../services/peerGroup';
import { compareGroup, countGroup, type RawComparison } from '../services/statistics';
import { statisticsSettingsFor, type OwnForm, type RequestSettings, type StatisticsSettings } from '../services/statisticsSettings';
import { createCachedComputation, createMemoryCache, type CachedComputation } from '../services/cache';
import { billingOf, chargeSearch, creditBalance, searchIdempotencyKey, type Caller } from '../services/credits';
import { deleteSearch, findSearch, listSearches, saveFreeSearch } from '../services/history';
import { aggregateKey, readAggregate, storeAggregate } from '../services/releases';
import { positionsFromPublished, publishGroup, publishedCount, type PublishedGroup } from '../services/publication';
import { COMPARISON_REASONS, countLabel } from '../../domain/statistics';

type ComparisonResult = components['schemas']['ComparisonResult'];

/** Statistics are published in euros: every group is converted to EUR before it is aggregated. */
const CURRENCY = 'EUR';

const FORM_REQUIRED = () =>
  forbidden('FORM_REQUIRED', 'Complete your questionnaire to compare: members compare for free once they have answered it');
const INSUFFICIENT_CREDITS = () => new HttpError(402, 'INSUFFICIENT_CREDITS', 'Not enough credits for this search');

/** Everything the figures of a group depend on: the release (and its revision, raised by erasure), K, the group. */
function groupKey(settings: StatisticsSettings, group: PeerGroup): string {
  const release = settings.release;
  return [release ? `${release.id}:${release.revision}` : 'none', settings.threshold, group.year, conditionsKey(group.conditions)].join('|');
}

/** The signed-in caller as stored now (roles from the database, not only the token). */
function requireCaller(settings: RequestSettings): Caller {
  if (!settings.caller) throw unauthorized('INVALID_TOKEN', 'The session is no longer valid');
  return settings.caller;
}

/** The release an answer comes from. */
function releaseInfo(settings: StatisticsSettings): ComparisonResult['release'] {
  return settings.release ? { id: settings.release.id, sequence: settings.release.sequence, cutAt: settings.release.cutAt } : null;
}

/** A free search repeated with the same filters within this window keeps its history entry (per instance). */
const REPEAT_WINDOW_MS = 5 * 60_000;

export function comparisonHandlers({ config, database }: AppContext) {
  /** Each signed-in caller's last free search in this instance: its filters, entry and time. */
  const lastFreeSearch = new Map<string, { filters: string; historyId: string; at: number }>();
  const cache = createMemoryCache();
  const cached: CachedComputation = createCachedComputation(cache);
  // The release pointer, threshold and rates from memory while this instance listens for their changes; the caller
  // for at most 1 s when their billing does not depend on a balance (statisticsSettings.ts).
  let settingsCache: ReturnType<typeof statisticsSettingsFor> | undefined;
  const readSettings = (options: { userId: string | null; requestedYear: number | undefined }) =>
    (settingsCache ??= statisticsSettingsFor(database, config.privacyThreshold)).read(options);
  /** Read when answering (the handlers are also built without a configuration, to list the operations). */
  const secret = () => config.secrets.perturbationSecret;

  const settingsFor = (userId: string | null, filters: ComparisonFilters) => readSettings({ userId, requestedYear: filters.year });

  /**
   * The true figures of a group on the current release: from this process' cache, else the figures stored when
   * the release was cut (or after), else one statement.
   */
  async function figures(settings: StatisticsSettings, group: PeerGroup): Promise<RawComparison> {
    const release = settings.release;
    if (!release) return { status: 'not-enough-data', n: 0 };
    const key = groupKey(settings, group);
    return cached(`comparison|${key}`, async () => {
      const stored = aggregateKey(group.year, conditionsKey(group.conditions), settings.threshold);
      const precomputed = await readAggregate(database, release.id, stored);
      if (precomputed) return precomputed;
      // The web app counts a group before searching it: a known size saves the statement one pass.
      const known = await cache.get<{ n: number }>(`count|${key}`);
      const raw = await compareGroup(database, {
        releaseId: release.id,
        year: group.year,
        conditions: group.conditions,
        threshold: settings.threshold,
        knownSize: known?.n,
      });
      // What a cut precomputes is stored again when erasure removed it.
      if (Object.keys(group.conditions).length <= 1) await storeAggregate(database, release.id, stored, raw, release.revision);
      return raw;
    });
  }

  async function groupSize(settings: StatisticsSettings, group: PeerGroup): Promise<{ n: number; cellKey: number }> {
    const release = settings.release;
    if (!release) return { n: 0, cellKey: 0 };
    return cached(`count|${groupKey(settings, group)}`, () => countGroup(database, { releaseId: release.id, year: group.year, conditions: group.conditions }));
  }

  /**
   * The published (perturbed) figures of a group, computed once per group key: publication is deterministic in the
   * group's figures, K and the secret (the same people always get the same perturbation), and the key holds the
   * release, its revision and K, so a kept answer is exactly the one computing it again would give.
   */
  const publishedGroups = new Map<string, PublishedGroup>();
  function publishedOnce(key: string, raw: Extract<RawComparison, { status: 'ok' }>, k: number): PublishedGroup {
    let published = publishedGroups.get(key);
    if (!published) {
      published = publishGroup(raw, k, secret());
      publishedGroups.set(key, published);
      while (publishedGroups.size > 2_000) publishedGroups.delete(publishedGroups.keys().next().value as string);
    }
    return published;
  }

  /** The answer as the contract has it: perturbed, thresholds applied; the position from published figures only. */
  function publish(raw: RawComparison, group: PeerGroup, settings: StatisticsSettings, own: OwnForm | null): Omit<ComparisonResult, 'creditsLeft'> {
    const k = settings.threshold;
    const common = { year: group.year, currency: CURRENCY, filters: group.applied, release: releaseInfo(settings) };
    if (raw.status === 'not-enough-data') {
      return { ...common, status: 'not-enough-data', reasonCode: COMPARISON_REASONS.notEnoughData, count: null, countLabel: countLabel(0, k), measures: null, position: null };
    }
    if (raw.status === 'refused') {
      const count = publishedCount(raw.n, raw.cellKey, k, secret());
      return {
        ...common,
        status: 'refused',
        reasonCode: COMPARISON_REASONS.differencingRisk,
        reasonFilter: raw.field,
        count,
        countLabel: countLabel(count, k),
        measures: null,
        position: null,
      };
    }
    const published = publishedOnce(groupKey(settings, group), raw, k);
    return {
      ...common,
      status: 'ok',
      count: published.count,
      countLabel: countLabel(published.count, k),
      measures: published.measures,
      position: own ? positionsFromPublished(published.measures, own.values) : null,
    };
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
      const raw = await figures(settings, group);
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
      // Asking the same free search again right away (a reload, a second tab) keeps its entry instead of filling
      // my-searches with copies.
      const filtersKey = JSON.stringify(group.applied);
      const last = lastFreeSearch.get(caller.id);
      if (last && last.filters === filtersKey && Date.now() - last.at < REPEAT_WINDOW_MS) return { ...answer, historyId: last.historyId, creditsLeft: null };
      const historyId = await saveFreeSearch(database, caller.id, { kind: 'comparison', filters: group.applied });
      lastFreeSearch.delete(caller.id);
      lastFreeSearch.set(caller.id, { filters: filtersKey, historyId, at: Date.now() });
      while (lastFreeSearch.size > 10_000) lastFreeSearch.delete(lastFreeSearch.keys().next().value as string);
      return { ...answer, historyId, creditsLeft: null };
    },

    async countResults(request) {
      validateFilters(request.body.filters);
      const settings = await settingsFor(request.auth!.userId, request.body.filters);
      const caller = requireCaller(settings);
      if (billingOf(caller) === 'form-required') throw FORM_REQUIRED();
      const { n, cellKey } = await groupSize(settings, peerGroup(request.body.filters, settings.year));
      const enough = n >= settings.threshold;
      const count = enough ? publishedCount(n, cellKey, settings.threshold, secret()) : null;
      return { count, countLabel: count === null ? countLabel(0, settings.threshold) : countLabel(count, settings.threshold), enough, release: releaseInfo(settings) };
    },

    async demoCompare(request) {
      validateFilters(request.body.filters);
      const settings = await settingsFor(null, request.body.filters);
      const group = peerGroup(request.body.filters, settings.year);
      // The same release, figures and perturbation as the signed-in comparison: one population, never a subset.
      const raw = await figures(settings, group);
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
      for (const [userId, last] of lastFreeSearch) if (last.historyId === request.params.id) lastFreeSearch.delete(userId);
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
