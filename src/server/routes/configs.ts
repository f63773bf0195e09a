// The configuration an admin reads and the minimum values they set (forms/configs, forms/configs/min-values).
// Changing the minimum values changes which forms count, so it changes the data version in the same
// transaction: the next comparison computes with the new values (no cached figure outlives the change).
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { bumpDataVersion, readDataVersion } from '../services/dataVersion';
import { parseMinValues } from '../services/statisticsSettings';
import { effectiveThreshold } from '../../domain/statistics';
import { requireAdmin } from '../auth/caller';
import { readInflation, replaceInflation } from '../services/inflation';
import { recordAudit } from '../services/audit';

type Json = Record<string, unknown>;

function listOf<T>(value: unknown, key: string): T[] {
  if (Array.isArray(value)) return value as T[];
  if (value && typeof value === 'object' && Array.isArray((value as Json)[key])) return (value as Json)[key] as T[];
  return [];
}

export function configHandlers({ config, database }: AppContext) {
  return {
    async getConfigs(request) {
      await requireAdmin(database, request);
      const rows = await database.execute<{ key: string; value: unknown }>(
        `select key, value from configs where key in ('minValues', 'exchangeRates', 'privacyThreshold', 'premiumEnabled')`,
      );
      const values = new Map(rows.map((row) => [row.key, row.value]));
      const premium = values.get('premiumEnabled');
      return {
        minValues: parseMinValues(values.get('minValues') as never),
        inflationData: await readInflation(database),
        exchangeRates: listOf<{ currency: string; rateToEur: number; date: string }>(values.get('exchangeRates'), 'exchangeRates'),
        privacyThreshold: effectiveThreshold(values.get('privacyThreshold'), config.privacyThreshold),
        premiumEnabled: typeof premium === 'boolean' ? premium : config.premiumEnabled,
        dataVersion: await readDataVersion(database),
      };
    },

    async getInflationData(request) {
      await requireAdmin(database, request);
      // The specification's "Inflation data: a list": the list itself, not wrapped in an object.
      return readInflation(database);
    },

    async updateInflationData(request) {
      const admin = await requireAdmin(database, request);
      // Real figures are published figures times a deflator: a new rate changes no figure's privacy, so it applies
      // at once (no release needed) and does not change the data version.
      const inflationData = await replaceInflation(database, request.body.inflationData, (tx, before, after) =>
        recordAudit(tx, admin, { action: 'config.inflationData', targetType: 'config', targetId: 'inflationData', before, after }),
      );
      return { inflationData };
    },

    async updateMinValues(request) {
      const admin = await requireAdmin(database, request);
      // The contract bounds each value (no coercion): minFixed 80,000–6,000,000, compTotal 80,000–16,000,000,
      // deferredMax 0–100,000,000, all whole numbers.
      const { minFixed, compTotal, deferredMax } = request.body;
      const minValues = { minFixed, compTotal, deferredMax };
      await database.transaction(async (tx) => {
        const [stored] = await tx.execute<{ value: unknown }>(`select value from configs where key = 'minValues' for update`);
        const before = parseMinValues((stored?.value ?? null));
        await tx.execute(
          `insert into configs (key, value, updated_at) values ('minValues', $1, now())
           on conflict (key) do update set value = excluded.value, updated_at = now()`,
          [JSON.stringify(minValues)],
        );
        await bumpDataVersion(tx);
        await recordAudit(tx, admin, { action: 'config.minValues', targetType: 'config', targetId: 'minValues', before, after: minValues });
      });
      return minValues;
    },
  } satisfies Partial<OperationHandlers>;
}
