// The admin newsletter page as the route table knows it, loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const AdminNewslettersPage = lazyPage(() => import('./AdminNewslettersPage'));

export const adminNewsletterPages: Record<'admin-newsletters', ComponentType<PageProps>> = {
  'admin-newsletters': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <AdminNewslettersPage />
    </Suspense>
  ),
};
