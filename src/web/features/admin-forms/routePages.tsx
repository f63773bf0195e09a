// The admin's forms pages as the route table knows them (routes.ts page names), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export const adminFormsPages: Record<'admin-forms' | 'admin-form', ComponentType<PageProps>> = {
  'admin-forms': pageOnDemand(() => import('./AdminFormsPage')),
  'admin-form': pageOnDemand(() => import('./AdminFormPage')),
};
