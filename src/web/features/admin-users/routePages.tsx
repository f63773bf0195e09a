// The admin's users pages as the route table knows them (routes.ts page names), loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../kernel/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const AdminUsersPage = lazyPage(() => import('./AdminUsersPage'));
const AdminUserPage = lazyPage(() => import('./AdminUserPage'));

export const adminUsersPages: Record<'admin-users' | 'admin-user', ComponentType<PageProps>> = {
  'admin-users': () => (
    <Lazy>
      <AdminUsersPage />
    </Lazy>
  ),
  'admin-user': () => (
    <Lazy>
      <AdminUserPage />
    </Lazy>
  ),
};
