// Everything a page needs around it: the Chakra system, translations, the app actor (session, language,
// consent, notifications: ./session.ts), the public app configuration and the toaster.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { system } from '../kernel/theme';
import { AppConfigProvider } from '../kernel/appConfig';
import { AppActorContext, type AppActorRef } from '../kernel/session';
import { loadWithRecipes } from '../kernel/lazyPage';
import { anyToastShown, onFirstToast } from '../kernel/toasts';

// A production page links the theme's global CSS, built with the app (scripts/vite-chakra-static-css.ts): the
// provider gets the same system without global styles, so the browser neither builds nor parses them again.
const providedSystem: SystemContext = import.meta.env.PROD
  ? (Object.create(system, { _global: { value: [] }, _config: { value: { ...system._config, disableLayers: true } } }) as SystemContext)
  : system;

const Toaster = lazy(loadWithRecipes(() => import('../components/ui/ToasterRegion')));

/**
 * The toasts' region, mounted with the first toast (../kernel/toasts.ts): most visits show none, and its code
 * (Chakra's toast machinery, ~60 KB) is then never fetched, and never competes with what draws the page on a slow
 * phone. Toasts created before it is there show once it is (the store keeps them).
 */
function ToasterOnFirstToast() {
  const [wanted, setWanted] = useState(anyToastShown);
  useEffect(() => {
    if (wanted) return undefined;
    if (anyToastShown()) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a toast created between the render and this effect
      setWanted(true);
      return undefined;
    }
    return onFirstToast(() => setWanted(true));
  }, [wanted]);
  return wanted ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}

export function AppProviders({ i18n, app, children }: { i18n: I18n; app: AppActorRef; children: ReactNode }) {
  return (
    <ChakraProvider value={providedSystem}>
      <I18nextProvider i18n={i18n}>
        <AppActorContext.Provider value={app}>
          <AppConfigProvider>
            {children}
            <ToasterOnFirstToast />
          </AppConfigProvider>
        </AppActorContext.Provider>
      </I18nextProvider>
    </ChakraProvider>
  );
}
