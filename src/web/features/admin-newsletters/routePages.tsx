// The admin newsletter page as the route table knows it, loaded on demand.
import type { ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { pageOnDemand } from '../../components/pageOnDemand';

export const adminNewsletterPages: Record<'admin-newsletters', ComponentType<PageProps>> = {
  'admin-newsletters': pageOnDemand(() => import('./AdminNewslettersPage')),
};
