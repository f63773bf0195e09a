// System calls: health, the public configuration the web app needs, and the home page's live figures.
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError } from '../http/errors';
import { readConfigValue } from '../services/configs';
import { surveyYears } from '../../domain/constants';

const startedAt = Date.now();

export function systemHandlers({ config, database }: AppContext) {
  return {
    async getHealth(_request, reply) {
      try {
        await database.execute('select 1');
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
      return {
        premiumEnabled,
        privacyThreshold: Math.max(3, privacyThreshold),
        analyticsScriptUrl: config.analyticsScriptUrl,
        currentYear: new Date().getFullYear(),
        surveyYears: surveyYears(),
        languages: ['es', 'en'],
      };
    },

    // Public figures are counts only, rounded down to tens, and zero below the privacy threshold, so the
    // home page never reveals that one more person answered.
    async getPublicSummary(_request, reply) {
      const threshold = Math.max(3, await readConfigValue(database, 'privacyThreshold', config.privacyThreshold));
      const [row] = await database.execute<{
        completed: string | number;
        countries: string | number;
        sectors: string | number;
        latest_year: number | null;
        years: number[] | null;
      }>(
        `select count(*) as completed,
                count(distinct country) as countries,
                count(distinct sector) as sectors,
                max(survey_year) as latest_year,
                array_agg(distinct survey_year order by survey_year) as years
           from forms where status = 'completed'`,
      );
      const completed = Number(row?.completed ?? 0);
      const enough = completed >= threshold;
      reply.header('cache-control', 'public, max-age=60');
      return {
        completedForms: enough ? Math.floor(completed / 10) * 10 : 0,
        countries: enough ? Number(row.countries) : 0,
        sectors: enough ? Number(row.sectors) : 0,
        latestYear: enough ? row.latest_year : null,
        surveyYears: enough ? (row.years ?? []).map(Number) : [],
      };
    },
  } satisfies Partial<OperationHandlers>;
}
