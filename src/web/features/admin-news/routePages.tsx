// The admin's news pages as the route table knows them (routes.ts page names), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type AdminNewsPageName = 'admin-news' | 'admin-news-editor';

export const adminNewsPages: Record<AdminNewsPageName, ComponentType<PageProps>> = {
  'admin-news': pageOnDemand(() => import('./AdminNewsListPage')),
  'admin-news-editor': pageOnDemand(() => import('./NewsEditorPage')),
};
