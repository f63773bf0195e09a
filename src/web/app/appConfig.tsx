// The public configuration of the app (GET /app-config: premium flag, privacy threshold, years), loaded
// once at start. Until it arrives, or if it fails, the app behaves as with the flag off.
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, skipAuth, type CallFailure } from '../../api/client';
import type { components } from '../../api/schema';
import { errorCatalogue } from '../../api/errorCatalogue';
import { showCatalogueToast } from './catalogueToast';
import { useApiResource } from './useApiResource';

export type AppConfig = components['schemas']['AppConfig'];

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useApiResource(
    (signal) => call(api.GET('/app-config', { signal, headers: skipAuth })),
    [],
    (failure: CallFailure) => showCatalogueToast(errorCatalogue(failure.request, failure.status, failure.body), t),
  );
  return <AppConfigContext.Provider value={config.status === 'ready' ? config.data : null}>{children}</AppConfigContext.Provider>;
}

/** The configuration, or null while it loads (or when it could not be loaded). */
export function useAppConfig(): AppConfig | null {
  return useContext(AppConfigContext);
}
