// The admin's users pages as the route table knows them (routes.ts page names), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export const adminUsersPages: Record<'admin-users' | 'admin-user', ComponentType<PageProps>> = {
  'admin-users': pageOnDemand(() => import('./AdminUsersPage')),
  'admin-user': pageOnDemand(() => import('./AdminUserPage')),
};
