// What every comparison page needs around its actor: the reader's language, the survey years and the
// privacy threshold of the configuration, the questionnaire definition for the filters, what a search
// costs the signed-in user, and the app's handling of the machine's announcements.
import { useCallback, useMemo } from 'react';
import { surveyYears as defaultSurveyYears, DEFAULT_PRIVACY_THRESHOLD, type Language } from '../../../domain/constants';
import { useAppConfig } from '../../kernel/appConfig';
import type { ExchangeRates } from '../../../domain/money';
import { searchPayerOf } from '../../../domain/searchCharge';
import { useAuthActor, useCurrentUser, useLanguage, type User } from '../../kernel/session';
import type { ComparisonListeners } from './comparisonActor';
import type { SearchCost } from './FilterPanel';
import type { Questionnaire } from '../peerGroup/filterOptions';
import { useQuestionnaireDefinition } from '../peerGroup/useQuestionnaireDefinition';

export interface ComparisonPageContext {
  language: Language;
  years: readonly number[];
  privacyThreshold: number;
  definition: Questionnaire | null;
  /** The rates of the current statistics release (to show euro figures in dollars in English); null before one. */
  exchangeRates: ExchangeRates | null;
}

export function useComparisonPageContext(): ComparisonPageContext {
  const config = useAppConfig();
  const language = useLanguage();
  const definition = useQuestionnaireDefinition();
  // The same array from one render to the next, so the filter choices built from it are not rebuilt.
  const configuredYears = config?.surveyYears;
  const years = useMemo(() => configuredYears ?? defaultSurveyYears(), [configuredYears]);
  return {
    language,
    years,
    privacyThreshold: config?.privacyThreshold ?? DEFAULT_PRIVACY_THRESHOLD,
    definition,
    exchangeRates: config?.exchangeRates ?? null,
  };
}

/**
 * What a new search costs, by the rule the server charges by (src/domain/searchCharge.ts): admins and members pay
 * nothing, the corporate plan is unlimited, other corporate users pay 1 credit of their balance.
 */
export function searchCostOf(user: Pick<User, 'role' | 'credits' | 'premiumType'> | null): SearchCost {
  if (!user) return { kind: 'free' };
  const payer = searchPayerOf({ roles: user.role, premiumType: user.premiumType });
  if (payer === 'credits') return { kind: 'credits', credits: user.credits };
  return payer === 'unlimited' ? { kind: 'unlimited' } : { kind: 'free' };
}

/**
 * What the comparison machine is told of the caller: the credits a new search may spend (null: not limited) and
 * whether they compare their own pay (members and admins do; a corporate user compares a market).
 */
export function comparerOf(user: Pick<User, 'role' | 'credits' | 'premiumType'> | null): { credits: number | null; comparesOwnPay: boolean } {
  const cost = searchCostOf(user);
  const corporateOnly = user !== null && user.role.includes('corporate') && !user.role.includes('admin') && !user.role.includes('member');
  return { credits: cost.kind === 'credits' ? cost.credits : null, comparesOwnPay: !corporateOnly };
}

/** Signed-in pages: failures show once, on the page (no toast); credits are re-read after a search. */
export function useSignedInComparison(): { cost: SearchCost; listeners: ComparisonListeners; comparer: ReturnType<typeof comparerOf> } {
  const user = useCurrentUser();
  const auth = useAuthActor();
  const onSearched = useCallback(
    (creditsLeft: number | null) => {
      if (creditsLeft !== null) auth.send({ type: 'auth.reloadUser' });
    },
    [auth],
  );
  return { cost: searchCostOf(user), listeners: { onSearched }, comparer: comparerOf(user) };
}
