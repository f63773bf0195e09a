// The real effects of the consent machine: the stored choice (local storage acceptCookies) and the
// analytics script, which is loaded only while cookies are accepted.
import { fromCallback } from 'xstate';
import { STORAGE_KEYS } from '../../src/domain/constants';
import type { ConsentChoice } from './consentMachine';

/** acceptCookies as the machine's input: 'true' → true, 'false' → false, anything else → not chosen. */
export function readStoredConsent(storage: Pick<Storage, 'getItem'> | undefined): ConsentChoice {
  try {
    const value = storage?.getItem(STORAGE_KEYS.acceptCookies);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

export function consentStorageActions(storage: Pick<Storage, 'setItem'> | undefined) {
  return {
    storeChoice: (_: unknown, params: { accepted: boolean }) => {
      try {
        storage?.setItem(STORAGE_KEYS.acceptCookies, String(params.accepted));
      } catch {
        // storage blocked: the choice holds for this visit
      }
    },
  };
}

/** Marks the script element the loader adds, so it can be found (and removed) again. */
export const ANALYTICS_SCRIPT_ATTRIBUTE = 'data-paybench-analytics';

export interface AnalyticsLoaderOptions {
  /** The configured script URL (GET /app-config analyticsScriptUrl); null when analytics is off. */
  scriptUrl: () => Promise<string | null>;
  document: Pick<Document, 'createElement' | 'head'>;
}

/**
 * The `analytics` actor: while it runs (cookies accepted) the configured script is in the page; with
 * none configured nothing is loaded. Stopping it removes the script element (and cancels a load that
 * has not happened yet).
 */
export function analyticsLoader({ scriptUrl, document }: AnalyticsLoaderOptions) {
  return fromCallback(() => {
    let stopped = false;
    let script: HTMLScriptElement | null = null;
    void scriptUrl()
      .then((url) => {
        if (stopped || !url) return;
        script = document.createElement('script');
        script.src = url;
        script.async = true;
        script.setAttribute(ANALYTICS_SCRIPT_ATTRIBUTE, 'true');
        document.head.append(script);
      })
      .catch(() => {
        // no configuration, no analytics
      });
    return () => {
      stopped = true;
      script?.remove();
    };
  });
}
