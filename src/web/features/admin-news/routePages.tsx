// The admin's news pages as the route table knows them (routes.ts page names), loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const AdminNewsListPage = lazyPage(() => import('./AdminNewsListPage'));
const NewsEditorPage = lazyPage(() => import('./NewsEditorPage'));

export type AdminNewsPageName = 'admin-news' | 'admin-news-editor';

export const adminNewsPages: Record<AdminNewsPageName, ComponentType<PageProps>> = {
  'admin-news': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <AdminNewsListPage />
    </Suspense>
  ),
  'admin-news-editor': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <NewsEditorPage />
    </Suspense>
  ),
};
