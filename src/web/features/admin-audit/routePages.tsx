// The audit-log page as the route table knows it (routes.ts page name), loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export const adminAuditPages: Record<'admin-audit', ComponentType<PageProps>> = {
  'admin-audit': pageOnDemand(() => import('./AuditLogPage')),
};
