// The audit-log page as the route table knows it (routes.ts page name), loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const AuditLogPage = lazyPage(() => import('./AuditLogPage'));

export const adminAuditPages: Record<'admin-audit', ComponentType<PageProps>> = {
  'admin-audit': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <AuditLogPage />
    </Suspense>
  ),
};
