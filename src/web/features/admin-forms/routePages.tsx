// The admin's forms pages as the route table knows them (routes.ts page names), loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../kernel/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const AdminFormsPage = lazyPage(() => import('./AdminFormsPage'));
const AdminFormPage = lazyPage(() => import('./AdminFormPage'));

export const adminFormsPages: Record<'admin-forms' | 'admin-form', ComponentType<PageProps>> = {
  'admin-forms': () => (
    <Lazy>
      <AdminFormsPage />
    </Lazy>
  ),
  'admin-form': () => (
    <Lazy>
      <AdminFormPage />
    </Lazy>
  ),
};
