// The blog, insights and post pages as the route table knows them (routes.ts page names), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export type NewsPageName = 'news-list' | 'post-detail';

export const newsPages: Record<NewsPageName, ComponentType<PageProps>> = {
  'news-list': pageOnDemand(() => import('./NewsListPage')),
  'post-detail': pageOnDemand(() => import('./PostDetailPage')),
};
