// React.lazy for the app's pages: a page's code and the pages' texts are fetched together, and the page renders only
// once both are there. (A page that rendered before its texts arrived could be shown with raw keys: the texts'
// boundary in router.tsx did not re-render a sibling page already rendered in the same pass.)
// On the first load they are asked for once the header and the route's heading are on screen (firstPaint.ts): the
// page's ~40 small chunks would otherwise compete with the first paint for a phone's connections and delay it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { pageTextsReady } from './i18n';
import { afterFirstContentfulPaint } from './firstPaint';
import type { RouteMeta, SectionName } from '../../domain/routes';

/** What a page of the route table receives (the router renders it; the pages and their routePages import it here, not from the router). */
export interface PageProps {
  section: SectionName;
  meta?: RouteMeta;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `any` props: the same constraint as React.lazy
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() =>
    afterFirstContentfulPaint()
      .then(() => Promise.all([load(), pageTextsReady()]))
      .then(([page]) => page),
  );
}
