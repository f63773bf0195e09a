// How the shell shows a toast (the app actor's notifications, the app configuration's failure). Most visits show
// none, so what a toast needs loads with the first one: Chakra's toast store and region (~60 KB) and the pages'
// texts, where a toast's words may be (errors, sign-in, settings: scripts/vite-locale-split.ts). Toasts keep their
// order: each waits for the same two fetches.
import type { i18n as I18n } from 'i18next';
import type { CallFailure } from '../../api/client';
import type { CatalogueOutcome } from '../../api/errorCatalogue';
import { pageTextsReady } from './i18n';

const firstToastListeners = new Set<() => void>();
let toastShown = false;

/** Shows an outcome of the error catalogue as a toast, in the language of `i18n`, once its code and texts are there. */
export function showAppToast(outcome: CatalogueOutcome, i18n: I18n): void {
  if (outcome.kind === 'none') return;
  show((module) => module.showCatalogueToast(outcome, i18n.t));
}

/** Shows a failed call as the error catalogue says (the catalogue loads with the toast's code). */
export function showFailureToast(failure: CallFailure, i18n: I18n): void {
  show((module) => module.showCatalogueToast(module.errorCatalogue(failure.request, failure.status, failure.body), i18n.t));
}

function show(create: (module: typeof import('./catalogueToast')) => void): void {
  // Without the pages' texts (offline), the toast still shows: a missing text shows its server text or key.
  const texts = pageTextsReady().catch(() => undefined);
  void Promise.all([import('./catalogueToast'), texts]).then(([module]) => create(module));
  if (!toastShown) {
    toastShown = true;
    for (const listener of firstToastListeners) listener();
  }
}

/** Whether a toast was asked for, and a way to hear of the first one: the providers then mount the toasts' region. */
export function anyToastShown(): boolean {
  return toastShown;
}

export function onFirstToast(listener: () => void): () => void {
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}
