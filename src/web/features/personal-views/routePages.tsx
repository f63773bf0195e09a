// The personal views as the route table knows them (routes.ts page names), each loaded on demand with its machine
// and ApexCharts.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const PersonalComparisonPage = lazyPage(() => import('./PersonalComparisonPage'));
const EvolutionPage = lazyPage(() => import('./EvolutionPage'));
const IncomeProjectionPage = lazyPage(() => import('./IncomeProjectionPage'));

export type PersonalPageName = 'personalized-comparison' | 'your-evolution' | 'your-income-projection';

export const personalViewPages: Record<PersonalPageName, ComponentType<PageProps>> = {
  'personalized-comparison': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <PersonalComparisonPage />
    </Suspense>
  ),
  'your-evolution': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <EvolutionPage />
    </Suspense>
  ),
  'your-income-projection': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <IncomeProjectionPage />
    </Suspense>
  ),
};
