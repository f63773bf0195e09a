// The public reads of the app, for the resource machine: the home page's live figures (GET /public-summary)
// and the app's configuration (GET /app-config: premium flag, privacy threshold, analytics script, years).
// Public, so they go without a token (an expired one would turn them into a 401).
import { fromPromise } from 'xstate';
import { api, call, skipAuth, type ApiClient, type CallResult } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';

export type PublicSummary = components['schemas']['PublicSummary'];
export type AppConfig = components['schemas']['AppConfig'];

const pendingConfig = new WeakMap<ApiClient, Promise<CallResult<AppConfig>>>();

/**
 * GET /app-config, once per page load and client: the providers and the consent flow's analytics loader
 * share one answer (a failed answer is asked again next time).
 */
export function loadAppConfig(client: ApiClient = api): Promise<CallResult<AppConfig>> {
  let pending = pendingConfig.get(client);
  if (!pending) {
    pending = call(client.GET('/app-config', { headers: skipAuth })).then((result) => {
      if (!result.ok) pendingConfig.delete(client);
      return result;
    });
    pendingConfig.set(client, pending);
  }
  return pending;
}

/** The configured analytics script, or null (none configured, or no configuration). */
export async function analyticsScriptUrl(client: ApiClient = api): Promise<string | null> {
  const result = await loadAppConfig(client);
  return result.ok ? (result.data?.analyticsScriptUrl ?? null) : null;
}

/**
 * `notBefore`: what both reads wait for before asking. The web app passes its first paint (src/web/kernel/firstPaint.ts),
 * which needs neither answer: asked during it, on a slow phone their answers and the re-renders they cause would
 * hold it up.
 */
export function publicDataActors({ client = api, notBefore = () => Promise.resolve() }: { client?: ApiClient; notBefore?: () => Promise<void> } = {}) {
  return {
    /** For the resource machine of the home page. */
    publicSummary: fromPromise<PublicSummary>(async ({ signal }) => {
      await notBefore();
      return answerOf(await call(client.GET('/public-summary', { signal, headers: skipAuth })));
    }),
    /** For the resource machine of the app's configuration (shared, so not cancelled with one screen). */
    appConfig: fromPromise<AppConfig>(async () => {
      await notBefore();
      return answerOf(await loadAppConfig(client));
    }),
  };
}
