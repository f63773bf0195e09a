// The newsletter pages as the route table knows them (routes.ts page names), each loaded on demand.
import type { ComponentType } from 'react';
import { lazyPage, type PageProps } from '../../kernel/lazyPage';
import { SpinnerBoundary } from '../../components/pageOnDemand';

const NewsletterLinkPage = lazyPage(() => import('./NewsletterLinkPage'));

export type NewsletterPageName = 'newsletter-confirm' | 'newsletter-unsubscribe';

export const newsletterPages: Record<NewsletterPageName, ComponentType<PageProps>> = {
  'newsletter-confirm': () => (
    <SpinnerBoundary>
      <NewsletterLinkPage mode="confirm" />
    </SpinnerBoundary>
  ),
  'newsletter-unsubscribe': () => (
    <SpinnerBoundary>
      <NewsletterLinkPage mode="unsubscribe" />
    </SpinnerBoundary>
  ),
};
