// The account pages as the route table knows them (routes.ts page names), each loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../kernel/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const MyAccountPage = lazyPage(() => import('./MyAccountPage'));
const MySearchesPage = lazyPage(() => import('./MySearchesPage'));
const DashboardPage = lazyPage(() => import('./DashboardPage'));

export type MyAccountPageName = 'my-account' | 'my-searches' | 'dashboard';

export const myAccountPages: Record<MyAccountPageName, ComponentType<PageProps>> = {
  // my-account and my-account/my-credits: the same page, titled by its section.
  'my-account': ({ section }) => (
    <Lazy>
      <MyAccountPage section={section} />
    </Lazy>
  ),
  'my-searches': () => (
    <Lazy>
      <MySearchesPage />
    </Lazy>
  ),
  dashboard: () => (
    <Lazy>
      <DashboardPage />
    </Lazy>
  ),
};
