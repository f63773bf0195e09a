// The release alerts pages as the route table knows them (routes.ts page names), loaded on demand.
import type { ComponentType } from 'react';
import { lazyPage, type PageProps } from '../../kernel/lazyPage';
import { SpinnerBoundary } from '../../components/pageOnDemand';

const ReleaseAlertsUnsubscribePage = lazyPage(() => import('./ReleaseAlertsUnsubscribePage'));

export type ReleaseAlertPageName = 'release-alerts-unsubscribe';

export const releaseAlertPages: Record<ReleaseAlertPageName, ComponentType<PageProps>> = {
  'release-alerts-unsubscribe': () => (
    <SpinnerBoundary>
      <ReleaseAlertsUnsubscribePage />
    </SpinnerBoundary>
  ),
};
