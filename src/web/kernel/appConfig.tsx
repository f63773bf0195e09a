// The public configuration of the app (GET /app-config: premium flag, privacy threshold, analytics
// script, years), loaded once, after the first paint (which needs none of it), and shared: the providers
// render with it, the consent flow's analytics loader reads the script URL from the same answer
// (machines/publicData/actors.ts). Until it arrives, or if it fails, the app behaves as with the flag off
// and without analytics.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { useDeferredSelector } from './useDeferredSelector';
import { useTranslation } from 'react-i18next';
import { provideResource } from '../../../machines/resource/resourceMachine';
import { resourceView } from '../../../machines/resource/viewModel';
import { publicDataActors, type AppConfig } from '../../../machines/publicData/actors';
import { showFailureToast } from './toasts';
import { afterFirstContentfulPaint } from './firstPaint';
import { inspect } from './inspector';

export type { AppConfig };

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [machine] = useState(() => provideResource(publicDataActors({ notBefore: afterFirstContentfulPaint }).appConfig));
  const config = useActorRef(machine, { inspect });
  // Every reader re-renders when it arrives: at transition priority, not as one long task.
  const value = useDeferredSelector(config, (snapshot) => {
    const view = resourceView<AppConfig>(snapshot);
    return view.status === 'ready' ? view.data : null;
  });
  useEffect(() => {
    const subscription = config.on('resource.failed', ({ failure }) => showFailureToast(failure, i18n));
    return () => subscription.unsubscribe();
  }, [config, i18n]);
  return <AppConfigContext.Provider value={value}>{children}</AppConfigContext.Provider>;
}

/** The configuration, or null while it loads (or when it could not be loaded). */
export function useAppConfig(): AppConfig | null {
  return useContext(AppConfigContext);
}
