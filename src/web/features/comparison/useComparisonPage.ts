// What every comparison page needs around its actor: the reader's language, the survey years and the
// privacy threshold of the configuration, the questionnaire definition for the filters, what a search
// costs the signed-in user, and the app's handling of the machine's announcements.
import { useCallback } from 'react';
import { surveyYears as defaultSurveyYears, DEFAULT_PRIVACY_THRESHOLD, type Language } from '../../../domain/constants';
import { useAppConfig } from '../../app/appConfig';
import { useAuthActor, useCurrentUser, useLanguage, useNotifyFailure, type User } from '../../app/session';
import type { ComparisonListeners } from './comparisonActor';
import type { SearchCost } from './FilterPanel';
import type { Questionnaire } from '../../components/peerGroup/filterOptions';
import { useQuestionnaireDefinition } from '../../components/peerGroup/useQuestionnaireDefinition';

export interface ComparisonPageContext {
  language: Language;
  years: readonly number[];
  privacyThreshold: number;
  definition: Questionnaire | null;
}

export function useComparisonPageContext(): ComparisonPageContext {
  const config = useAppConfig();
  const language = useLanguage();
  const definition = useQuestionnaireDefinition();
  return {
    language,
    years: config?.surveyYears ?? defaultSurveyYears(),
    privacyThreshold: config?.privacyThreshold ?? DEFAULT_PRIVACY_THRESHOLD,
    definition,
  };
}

/**
 * What a new search costs (DESIGN.md §5): admins and members pay nothing, the corporate plan is
 * unlimited, other corporate users pay 1 credit of their balance.
 */
export function searchCostOf(user: Pick<User, 'role' | 'credits' | 'premiumType'> | null): SearchCost {
  if (!user || user.role.includes('admin')) return { kind: 'free' };
  if (user.role.includes('corporate')) return user.premiumType === 'corporate' ? { kind: 'unlimited' } : { kind: 'credits', credits: user.credits };
  return { kind: 'free' };
}

/** Signed-in pages: failures go to the error catalogue (402 → warning and /my-account), credits are re-read. */
export function useSignedInComparison(): { cost: SearchCost; listeners: ComparisonListeners } {
  const user = useCurrentUser();
  const auth = useAuthActor();
  const onFailure = useNotifyFailure();
  const onSearched = useCallback(
    (creditsLeft: number | null) => {
      if (creditsLeft !== null) auth.send({ type: 'auth.reloadUser' });
    },
    [auth],
  );
  return { cost: searchCostOf(user), listeners: { onFailure, onSearched } };
}
