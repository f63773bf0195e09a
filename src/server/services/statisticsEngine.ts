// The machinery every statistical answer shares (the comparison, the personalised comparison, evolution and the
// insights): the request settings (release, K, rates, caller), the true figures of a group on the current release
// (process cache, then the figures stored at the cut, then one statement: services/statistics.ts) and their
// publication (perturbed once per group key: services/publication.ts). One instance per app, so every answer
// reads the same caches and a group gets the same published figures whichever answer asks for it.
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import { HttpError, forbidden, unauthorized } from '../http/errors';
import { conditionsKey, type ComparisonFilters, type PeerGroup } from './peerGroup';
import { compareGroup, compareGroups, countGroup, type RawComparison } from './statistics';
import { statisticsSettingsFor, type OwnForm, type RequestSettings, type StatisticsSettings } from './statisticsSettings';
import { createCachedComputation, createMemoryCache, type CachedComputation } from './cache';
import type { Caller } from './credits';
import { saveFreeSearch, type SavedSearch } from './history';
import { aggregateKey, readAggregate, readAggregates, storeAggregate } from './releases';
import { positionsFromPublished, publishGroup, publishedCount, type PublishedGroup } from './publication';
import { COMPARISON_REASONS, countLabel } from '../../domain/statistics';

type ComparisonResult = components['schemas']['ComparisonResult'];
export type PublishedAnswer = Omit<ComparisonResult, 'creditsLeft'>;

/** Statistics are published in euros: every group is converted to EUR before it is aggregated. */
export const CURRENCY = 'EUR';

export const FORM_REQUIRED = () => forbidden('FORM_REQUIRED', 'Complete your questionnaire to compare: members compare for free once they have answered it');
export const INSUFFICIENT_CREDITS = () => new HttpError(402, 'INSUFFICIENT_CREDITS', 'Not enough credits for this search');

/** Everything the figures of a group depend on: the release (and its revision, raised by erasure), K, the group. */
export function groupKey(settings: StatisticsSettings, group: Pick<PeerGroup, 'year' | 'conditions'>): string {
  const release = settings.release;
  return [release ? `${release.id}:${release.revision}` : 'none', settings.threshold, group.year, conditionsKey(group.conditions)].join('|');
}

/** The signed-in caller as stored now (roles from the database, not only the token). */
export function requireSettingsCaller(settings: RequestSettings): Caller {
  if (!settings.caller) throw unauthorized('INVALID_TOKEN', 'The session is no longer valid');
  return settings.caller;
}

/** The release an answer comes from. */
export function releaseInfo(settings: StatisticsSettings): ComparisonResult['release'] {
  return settings.release ? { id: settings.release.id, sequence: settings.release.sequence, cutAt: settings.release.cutAt } : null;
}

/** A free search repeated with the same filters within this window keeps its history entry (per instance). */
const REPEAT_WINDOW_MS = 5 * 60_000;

function createStatisticsEngine({ config, database }: AppContext) {
  const cache = createMemoryCache();
  const cached: CachedComputation = createCachedComputation(cache);
  // The release pointer, threshold and rates from memory while this instance listens for their changes; the caller
  // for at most 1 s when their billing does not depend on a balance (statisticsSettings.ts).
  let settingsCache: ReturnType<typeof statisticsSettingsFor> | undefined;
  const readSettings = (options: { userId: string | null; requestedYear: number | undefined }) =>
    (settingsCache ??= statisticsSettingsFor(database, config.privacyThreshold)).read(options);
  /** Read when answering (the handlers are also built without a configuration, to list the operations). */
  const secret = () => config.secrets.perturbationSecret;

  /**
   * The true figures of a group on the current release: from this process' cache, else the figures stored when
   * the release was cut (or after), else one statement.
   */
  async function figures(settings: StatisticsSettings, group: Pick<PeerGroup, 'year' | 'conditions'>): Promise<RawComparison> {
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

  /**
   * The true figures of several groups at once (the years of an evolution, the entries of an insight), each exactly
   * what figures() gives it and kept under the same key: from this process' cache, else the figures stored at the
   * cut (one lookup for all), else one grouped statement for the rest (services/statistics.ts compareGroups).
   */
  async function manyFigures(settings: StatisticsSettings, groups: ReadonlyArray<Pick<PeerGroup, 'year' | 'conditions'>>): Promise<RawComparison[]> {
    const release = settings.release;
    if (!release) return groups.map(() => ({ status: 'not-enough-data', n: 0 }));
    const keys = groups.map((group) => `comparison|${groupKey(settings, group)}`);
    const results: Array<RawComparison | undefined> = await Promise.all(keys.map((key) => cache.get<RawComparison>(key)));
    const stored = groups.map((group) => aggregateKey(group.year, conditionsKey(group.conditions), settings.threshold));
    const missing = () => results.flatMap((result, i) => (result === undefined ? [i] : []));
    // All from this process' cache: nothing to read or keep again.
    const fresh = missing();
    if (fresh.length === 0) return results as RawComparison[];
    const found = await readAggregates(
      database,
      release.id,
      fresh.map((i) => stored[i]),
    );
    for (const i of fresh) results[i] = found.get(stored[i]);
    const toCompute = missing();
    if (toCompute.length > 0) {
      const computed = await compareGroups(database, {
        releaseId: release.id,
        threshold: settings.threshold,
        groups: toCompute.map((i) => ({ year: groups[i].year, conditions: groups[i].conditions })),
      });
      await Promise.all(
        toCompute.map(async (i, j) => {
          results[i] = computed[j];
          // What a cut precomputes is stored again when erasure removed it (as figures() does).
          if (Object.keys(groups[i].conditions).length <= 1) await storeAggregate(database, release.id, stored[i], computed[j], release.revision);
        }),
      );
    }
    await Promise.all(fresh.map((i) => cache.set(keys[i], results[i])));
    return results as RawComparison[];
  }

  async function groupSize(settings: StatisticsSettings, group: Pick<PeerGroup, 'year' | 'conditions'>): Promise<{ n: number; cellKey: number }> {
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
  function publish(raw: RawComparison, group: PeerGroup, settings: StatisticsSettings, own: OwnForm | null): PublishedAnswer {
    const k = settings.threshold;
    const common = { year: group.year, currency: CURRENCY, filters: group.applied, release: releaseInfo(settings) };
    if (raw.status === 'not-enough-data') {
      return {
        ...common,
        status: 'not-enough-data',
        reasonCode: COMPARISON_REASONS.notEnoughData,
        count: null,
        countLabel: countLabel(0, k),
        measures: null,
        position: null,
      };
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

  /** The published answer of a group (figures, then publication). */
  async function answer(settings: StatisticsSettings, group: PeerGroup, own: OwnForm | null): Promise<PublishedAnswer> {
    return publish(await figures(settings, group), group, settings, own);
  }

  /** The published answers of several groups (manyFigures, then publication: the same as answer() for each). */
  async function answers(settings: StatisticsSettings, groups: readonly PeerGroup[], own: OwnForm | null): Promise<PublishedAnswer[]> {
    const raws = await manyFigures(settings, groups);
    return raws.map((raw, i) => publish(raw, groups[i], settings, own));
  }

  /** Each signed-in caller's last free search in this instance: its kind and filters, entry and time. */
  const lastFreeSearch = new Map<string, { search: string; historyId: string; at: number }>();

  /**
   * Saves a free search in the caller's history. Asking the same free search again right away (a reload, a second
   * tab) keeps its entry instead of filling my-searches with copies.
   */
  async function saveFreeOnce(callerId: string, search: SavedSearch): Promise<string> {
    const searchKey = JSON.stringify([search.kind, search.filters, search.years ?? null, search.formId ?? null]);
    const last = lastFreeSearch.get(callerId);
    if (last && last.search === searchKey && Date.now() - last.at < REPEAT_WINDOW_MS) return last.historyId;
    const historyId = await saveFreeSearch(database, callerId, search);
    lastFreeSearch.delete(callerId);
    lastFreeSearch.set(callerId, { search: searchKey, historyId, at: Date.now() });
    while (lastFreeSearch.size > 10_000) lastFreeSearch.delete(lastFreeSearch.keys().next().value as string);
    return historyId;
  }

  /** A deleted entry is never handed out again as a repeat. */
  function forgetSearch(historyId: string): void {
    for (const [userId, last] of lastFreeSearch) if (last.historyId === historyId) lastFreeSearch.delete(userId);
  }

  const settingsFor = (userId: string | null, filters: ComparisonFilters) => readSettings({ userId, requestedYear: filters.year });

  return { readSettings, settingsFor, secret, cached, figures, manyFigures, groupSize, publish, answer, answers, saveFreeOnce, forgetSearch };
}

export type StatisticsEngine = ReturnType<typeof createStatisticsEngine>;

const engines = new WeakMap<AppContext, StatisticsEngine>();

/** The engine of an app (one per context: route modules built from the same context share its caches). */
export function statisticsEngine(context: AppContext): StatisticsEngine {
  let engine = engines.get(context);
  if (!engine) engines.set(context, (engine = createStatisticsEngine(context)));
  return engine;
}
