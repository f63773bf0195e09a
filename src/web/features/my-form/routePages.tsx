// The my-form pages as the route table knows them (routes.ts page names), each loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type MyFormPageName = 'my-form' | 'update-data';

export const myFormPages: Record<MyFormPageName, ComponentType<PageProps>> = {
  'my-form': pageOnDemand(() => import('./MyFormPage')),
  'update-data': pageOnDemand(() => import('./UpdateDataPage')),
};
