// Comparison and history (docs/statistics-and-privacy.md, docs/permissions-and-credits.md): the filtered comparison, the
// free count of a group, the public demo comparison, and the caller's saved searches.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { badRequest, notFound } from '../http/errors';
import { isAdmin, requireCaller as requireStoredCaller } from '../auth/caller';
import { peerGroup, validateFilters } from '../services/peerGroup';
import { billingOf, chargedSearch, chargeSearch, creditBalance, searchIdempotencyKey } from '../services/credits';
import { deleteSearch, findSearch, listSearches } from '../services/history';
import { publishedCount } from '../services/publication';
import { countLabel } from '../../domain/statistics';
import { FORM_REQUIRED, INSUFFICIENT_CREDITS, releaseInfo, requireSettingsCaller as requireCaller, statisticsEngine } from '../services/statisticsEngine';

export function comparisonHandlers(context: AppContext) {
  const { database } = context;
  // The shared engine (statisticsEngine.ts): settings, figures, publication, caches and free-search saving.
  const engine = statisticsEngine(context);
  const { settingsFor, figures, groupSize, publish, secret } = engine;

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
          const prior = await chargedSearch(database, caller.id, ledgerKey);
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
      // Asking the same free search again right away keeps its entry (statisticsEngine.ts saveFreeOnce).
      const historyId = await engine.saveFreeOnce(caller.id, { kind: 'comparison', filters: group.applied });
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
      return {
        count,
        countLabel: count === null ? countLabel(0, settings.threshold) : countLabel(count, settings.threshold),
        enough,
        release: releaseInfo(settings),
      };
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
      engine.forgetSearch(request.params.id);
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
