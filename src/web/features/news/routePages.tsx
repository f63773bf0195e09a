// The blog, insights and post pages as the route table knows them (routes.ts page names), loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const NewsListPage = lazyPage(() => import('./NewsListPage'));
const PostDetailPage = lazyPage(() => import('./PostDetailPage'));

export type NewsPageName = 'news-list' | 'post-detail';

export const newsPages: Record<NewsPageName, ComponentType<PageProps>> = {
  'news-list': (props) => (
    <Suspense fallback={<LoadingSpinner />}>
      <NewsListPage {...props} />
    </Suspense>
  ),
  'post-detail': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <PostDetailPage />
    </Suspense>
  ),
};
