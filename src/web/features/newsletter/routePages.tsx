// The newsletter pages as the route table knows them (routes.ts page names), each loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType } from 'react';
import type { PageProps } from '../../kernel/lazyPage';
import { LoadingSpinner } from '../../components/LoadingSpinner';

const NewsletterLinkPage = lazyPage(() => import('./NewsletterLinkPage'));

export type NewsletterPageName = 'newsletter-confirm' | 'newsletter-unsubscribe';

export const newsletterPages: Record<NewsletterPageName, ComponentType<PageProps>> = {
  'newsletter-confirm': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <NewsletterLinkPage mode="confirm" />
    </Suspense>
  ),
  'newsletter-unsubscribe': () => (
    <Suspense fallback={<LoadingSpinner />}>
      <NewsletterLinkPage mode="unsubscribe" />
    </Suspense>
  ),
};
