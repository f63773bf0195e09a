// The pages of the route table loaded on demand (lazyPage: their code and texts together), each behind a boundary
// that shows the loading spinner while they arrive.
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { lazyPage, type PageProps } from '../kernel/lazyPage';
import { LoadingSpinner } from './LoadingSpinner';

/** The spinner while what it wraps is still loading. */
export function SpinnerBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>;
}

/** A page loaded on demand behind the spinner's boundary; it receives the route's props (section, meta). */
export function pageOnDemand(load: () => Promise<{ default: ComponentType<PageProps> }>): ComponentType<PageProps> {
  const Page = lazyPage(load);
  return function PageOnDemand(props: PageProps) {
    return (
      <SpinnerBoundary>
        <Page {...props} />
      </SpinnerBoundary>
    );
  };
}
