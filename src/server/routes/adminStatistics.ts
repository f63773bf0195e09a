// The admin dashboard's figures (GET forms/detailed-statistics: services/adminDashboard.ts) and the exchange-rate
// editor (PUT forms/configs/exchange-rates).
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { requireAdmin } from '../auth/caller';
import { badRequest } from '../http/errors';
import { detailedStatistics } from '../services/adminDashboard';
import { replaceConfigValue } from '../services/configs';
import { statisticsChangedHere } from '../services/statisticsSettings';
import { bumpDataVersion } from '../services/dataVersion';
import { recordAudit } from '../services/audit';
import { exchangeRateProblems, normaliseExchangeRates, type ExchangeRateEntry } from '../../domain/exchangeRates';

export function adminStatisticsHandlers({ config, database }: AppContext) {
  return {
    async getDetailedStatistics(request) {
      await requireAdmin(database, request);
      return detailedStatistics(database, config, request.query.year);
    },

    async updateExchangeRates(request) {
      const caller = await requireAdmin(database, request);
      const entries: ExchangeRateEntry[] = request.body.exchangeRates;
      const problems = exchangeRateProblems(entries);
      if (problems.length > 0) {
        const details = problems.map((p) => `body.exchangeRates.${p.index}.${p.field}: ${p.code}`);
        throw badRequest(problems[0].code, 'Invalid exchange rates', details);
      }
      const rates = normaliseExchangeRates(entries);
      await database.transaction(async (tx) => {
        const before = await replaceConfigValue(tx, 'exchangeRates', rates);
        // Which money a counted form has in EUR depends on the rates: cached figures must not outlive them.
        await bumpDataVersion(tx);
        await recordAudit(
          tx,
          { id: caller.id, email: caller.email },
          {
            action: 'config.exchangeRates',
            targetType: 'config',
            targetId: 'exchangeRates',
            before,
            after: rates,
          },
        );
      });
      statisticsChangedHere(database);
      return { exchangeRates: rates };
    },
  } satisfies Partial<OperationHandlers>;
}
