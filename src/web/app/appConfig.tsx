// The public configuration of the app (GET /app-config: premium flag, privacy threshold, analytics
// script, years), loaded once at start and shared: the providers render with it, the consent flow's
// analytics loader reads the script URL from the same answer. Until it arrives, or if it fails, the app
// behaves as with the flag off and without analytics.
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, skipAuth, type ApiClient, type CallFailure, type CallResult } from '../../api/client';
import type { components } from '../../api/schema';
import { errorCatalogue } from '../../api/errorCatalogue';
import { showCatalogueToast } from './catalogueToast';
import { useApiResource } from './useApiResource';

export type AppConfig = components['schemas']['AppConfig'];

const AppConfigContext = createContext<AppConfig | null>(null);

let pending: Promise<CallResult<AppConfig>> | null = null;

/** GET /app-config, once per page load (a failed answer is asked again next time). */
export function loadAppConfig(client: ApiClient = api): Promise<CallResult<AppConfig>> {
  if (!pending) {
    pending = call(client.GET('/app-config', { headers: skipAuth })).then((result) => {
      if (!result.ok) pending = null;
      return result;
    });
  }
  return pending;
}

/** The configured analytics script, or null (none configured, or no configuration). */
export async function analyticsScriptUrl(): Promise<string | null> {
  const result = await loadAppConfig();
  return result.ok ? (result.data?.analyticsScriptUrl ?? null) : null;
}

export function AppConfigProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useApiResource(
    () => loadAppConfig(),
    [],
    (failure: CallFailure) => showCatalogueToast(errorCatalogue(failure.request, failure.status, failure.body), t),
  );
  return <AppConfigContext.Provider value={config.status === 'ready' ? config.data : null}>{children}</AppConfigContext.Provider>;
}

/** The configuration, or null while it loads (or when it could not be loaded). */
export function useAppConfig(): AppConfig | null {
  return useContext(AppConfigContext);
}
