// React.lazy for the app's pages: a page's code and the pages' texts are fetched together, and the page renders only
// once both are there. (A page that rendered before its texts arrived could be shown with raw keys: the texts'
// boundary in router.tsx did not re-render a sibling page already rendered in the same pass.)
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { pageTextsReady } from './i18n';

// `any` props: the same constraint as React.lazy.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), pageTextsReady()]).then(([page]) => page));
}
