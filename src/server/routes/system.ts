// System calls: health, the public configuration the web app needs, and the home page's live figures.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError } from '../http/errors';
import { readConfigValue } from '../services/configs';
import { surveyYears } from '../../domain/constants';
import { currentExchangeRates } from '../services/releases';
import { paymentsMode } from '../services/payments/mode';
import { pingDatabase, releaseCounts } from '../services/publicSummary';

const startedAt = Date.now();

export function systemHandlers({ config, database, mailer, readiness }: AppContext) {
  return {
    // A load balancer's check; 503 NOT_READY, naming what is not ready, while starting, draining or when a check fails.
    async getReadiness(_request, reply) {
      const report = await readiness.check();
      reply.header('cache-control', 'no-store');
      if (report.ready) return report;
      const failing = [
        ...(report.phase === 'ready' ? [] : [`phase: ${report.phase}`]),
        ...Object.entries(report.checks)
          .filter(([, ok]) => !ok)
          .map(([name]) => name),
      ];
      return reply.code(503).send({ error: failing, errorCode: 'NOT_READY', message: 'This instance is not ready for traffic' });
    },

    async getHealth(_request, reply) {
      try {
        await pingDatabase(database);
      } catch {
        throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database does not answer');
      }
      reply.header('cache-control', 'no-store');
      return {
        status: 'ok' as const,
        database: database.kind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },

    async getAppConfig() {
      const privacyThreshold = await readConfigValue(database, 'privacyThreshold', config.privacyThreshold);
      const premiumEnabled = await readConfigValue(database, 'premiumEnabled', config.premiumEnabled);
      // The rates the current release converted its money with (fixed at its cut), so the web app can show the
      // published euro figures in dollars with the rate and its date (docs/money.md). Null before the first cut.
      const exchangeRates = await currentExchangeRates(database);
      const payments = paymentsMode(config);
      return {
        premiumEnabled,
        paymentsAvailable: payments !== 'unavailable',
        paymentsTestMode: payments === 'sandbox',
        privacyThreshold: Math.max(3, privacyThreshold),
        analyticsScriptUrl: config.analyticsScriptUrl,
        currentYear: new Date().getFullYear(),
        surveyYears: surveyYears(),
        languages: ['es', 'en'],
        // The admin area shows the outbox only where GET /admin/outbox serves it (mail not sent, not production).
        mailOutbox: mailer.transport === 'outbox' && config.env !== 'production',
        exchangeRates,
      };
    },

    // Public figures are counts only, of the current statistics release (so they move only when a release is
    // cut, never when one more person answers), rounded down to tens; countries and sectors count only with at
    // least K forms in the release; zeros below the privacy threshold.
    async getPublicSummary(_request, reply) {
      const threshold = Math.max(3, await readConfigValue(database, 'privacyThreshold', config.privacyThreshold));
      const counts = await releaseCounts(database, threshold);
      const completed = counts.completed;
      const enough = completed >= threshold;
      const years = Object.entries(counts.years)
        .filter(([, n]) => Number(n) >= threshold)
        .map(([year]) => Number(year))
        .sort((x, y) => x - y);
      reply.header('cache-control', 'public, max-age=60');
      return {
        completedForms: enough ? Math.floor(completed / 10) * 10 : 0,
        countries: enough ? counts.countries : 0,
        sectors: enough ? counts.sectors : 0,
        latestYear: enough && years.length > 0 ? years[years.length - 1] : null,
        // The latest year's own count, under the same rule (a year under K is not among `years`).
        latestYearForms: enough && years.length > 0 ? Math.floor(Number(counts.years[String(years[years.length - 1])] ?? 0) / 10) * 10 : 0,
        surveyYears: enough ? years : [],
      };
    },
  } satisfies Partial<OperationHandlers>;
}
