// The my-form pages as the route table knows them (routes.ts page names), each loaded on demand.
import { lazyPage } from '../../kernel/lazyPage';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageProps } from '../../kernel/lazyPage';

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

const MyFormPage = lazyPage(() => import('./MyFormPage'));
const UpdateDataPage = lazyPage(() => import('./UpdateDataPage'));

export type MyFormPageName = 'my-form' | 'update-data';

export const myFormPages: Record<MyFormPageName, ComponentType<PageProps>> = {
  'my-form': () => (
    <Lazy>
      <MyFormPage />
    </Lazy>
  ),
  'update-data': () => (
    <Lazy>
      <UpdateDataPage />
    </Lazy>
  ),
};
