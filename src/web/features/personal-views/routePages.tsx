// The personal views as the route table knows them (routes.ts page names), each loaded on demand with its machine
// and ApexCharts.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type PersonalPageName = 'personalized-comparison' | 'your-evolution' | 'your-income-projection';

export const personalViewPages: Record<PersonalPageName, ComponentType<PageProps>> = {
  'personalized-comparison': pageOnDemand(() => import('./PersonalComparisonPage')),
  'your-evolution': pageOnDemand(() => import('./EvolutionPage')),
  'your-income-projection': pageOnDemand(() => import('./IncomeProjectionPage')),
};
