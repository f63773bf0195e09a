// React.lazy for the app's pages: a page's code, the pages' texts and the theme's recipes beyond the first paint
// (pageRecipes.ts) are fetched together, and the page renders only once all are there. (A page that rendered
// before its texts arrived could be shown with raw keys: the texts' boundary in router.tsx did not re-render a
// sibling page already rendered in the same pass; a component rendered before its recipe stays unstyled.)
// On the first load they are asked for once the header and the route's heading are on screen (firstPaint.ts): the
// page's ~40 small chunks would otherwise compete with the first paint for a phone's connections and delay it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { pageTextsReady } from './i18n';
import { afterFirstContentfulPaint } from './firstPaint';
import { system } from './theme';
import type { RouteMeta, SectionName } from '../../domain/routes';

/** What a page of the route table receives (the router renders it; the pages and their routePages import it here, not from the router). */
export interface PageProps {
  section: SectionName;
  meta?: RouteMeta;
}

let recipes: Promise<void> | undefined;
/** Resolves once the theme has the recipes of the components drawn beyond the first paint (fetched once). */
export function pageRecipesReady(): Promise<void> {
  recipes ??= import('./pageRecipes').then(
    (module) => module.addPageRecipes(system),
    (error: unknown) => {
      recipes = undefined; // a failed fetch (offline) is tried again by the next part
      throw error;
    },
  );
  return recipes;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `any` props: the same constraint as React.lazy
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() =>
    afterFirstContentfulPaint()
      .then(() => Promise.all([load(), pageTextsReady(), pageRecipesReady()]))
      .then(([page]) => page),
  );
}

/**
 * A part of the shell drawn after the first paint (the account menu, the toasts' region, the newsletter sign-up):
 * its code and the theme's remaining recipes together. It brings its own texts if it needs page sections.
 */
export function loadWithRecipes<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), pageRecipesReady()]).then(([part]) => part);
}
