// The perception over the years (a plan feature, src/domain/entitlements.ts): for each survey year in which the
// caller completed the questionnaire, what they believed (step 5's difference from their peers) beside their position
// as that year's personalised comparison publishes it (personalViews.ts publishedPosition: the same widening cascade
// and the same published median, never anything finer). Nothing is charged or saved: it re-reads published figures
// of the caller's own forms.
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import { requireFeature } from './entitlements';
import { surveyYears } from '../../domain/constants';
import { requireSettingsCaller, statisticsEngine } from './statisticsEngine';
import { completedFormsOf, personalViews } from './personalViews';

type PerceptionHistory = components['schemas']['PerceptionHistory'];

export function perceptionHistoryService(context: AppContext) {
  const { database, config } = context;
  const engine = statisticsEngine(context);
  const views = personalViews(context);

  return async function perceptionHistory(callerId: string): Promise<PerceptionHistory> {
    const settings = await engine.readSettings({ userId: callerId, requestedYear: undefined });
    const caller = requireSettingsCaller(settings);
    await requireFeature(database, config.premiumEnabled, caller, 'perceptionHistory');
    // One form per year: the latest completed of each year (the one its personalised comparison would show).
    const byYear = new Map<number, Awaited<ReturnType<typeof completedFormsOf>>[number]>();
    for (const form of await completedFormsOf(database, caller.id, surveyYears())) {
      if (form.fixedSalary !== null) byYear.set(form.year, form);
    }
    const years: PerceptionHistory['years'] = [];
    for (const form of byYear.values()) {
      const position = await views.publishedPosition(settings, form);
      years.push({
        year: form.year,
        believedWithoutDeferral: form.perceivedWithout,
        believedWithDeferral: form.perceivedWith,
        positionWithoutDeferral: position.diffWithoutDeferral,
        positionWithDeferral: position.diffWithDeferral,
      });
    }
    return { years: years.sort((a, b) => a.year - b.year) };
  };
}
