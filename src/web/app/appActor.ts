// The composition root of the app's statecharts: builds the app machine with every real effect (the
// typed client, local storage, the router, i18next, the toaster, the analytics script) and starts it.
// main.tsx calls createAppActor once; the providers hand the actor to the views (./session.ts).
import { createActor, type ActorRefFrom } from 'xstate';
import type { i18n as I18n } from 'i18next';
import { api as defaultClient, setAccessTokenProvider, type ApiClient } from '../../api/client';
import type { ToastOutcome } from '../../api/errorCatalogue';
import { appMachine, type AppInput, type AppMachine } from '../../../machines/app/appMachine';
import { SYSTEM_IDS } from '../../../machines/app/systemIds';
import { authMachine, type AuthMachine } from '../../../machines/auth/authMachine';
import { authActors, authStorageActions, leaveForUrl, readStoredUser, takeTypedEmail } from '../../../machines/auth/actors';
import { consentMachine } from '../../../machines/consent/consentMachine';
import { analyticsLoader, consentStorageActions, readStoredConsent } from '../../../machines/consent/actors';
import { campaignCaptureMachine } from '../../../machines/campaignCapture/campaignCaptureMachine';
import { campaignSaver, captureActions, queryWatcher, readPendingCampaign, sessionWatcher, type AddressPort } from '../../../machines/campaignCapture/actors';
import { languageMachine } from '../../../machines/language/languageMachine';
import { languageActions } from '../../../machines/language/actors';
import { notificationsMachine } from '../../../machines/notifications/notificationsMachine';
import { resolveLanguage } from '../../domain/language';
import { STORAGE_KEYS, type Language } from '../../domain/constants';
import { showAppToast } from '../kernel/toasts';
import { sessionRenewal } from './sessionRenewal';
import { analyticsScriptUrl } from '../../../machines/publicData/actors';
import { inspect } from '../kernel/inspector';

export type AppActor = ActorRefFrom<AppMachine>;

/** The part of React Router's data router the app uses (createBrowserRouter's answer). */
export interface AppRouterPort {
  state: { location: { pathname: string; search: string; hash: string } };
  subscribe(listener: (state: { location: { pathname: string; search: string; hash: string } }) => void): () => void;
  navigate(to: string | { pathname: string; search: string; hash: string }, options?: { replace?: boolean }): Promise<void> | void;
}

export interface AppActorOptions {
  router: AppRouterPort;
  i18n: I18n;
  client?: ApiClient;
  storage?: Storage;
  document?: Document;
  /** The analytics script of the configuration (default: GET /app-config analyticsScriptUrl). */
  analyticsScript?: () => Promise<string | null>;
  /** Shows a toast (default: Chakra's toaster with the texts translated by i18n). */
  showToast?: (toast: ToastOutcome) => void;
}

function storageOrUndefined(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // blocked
  }
}

/** What the app starts from: everything the long-lived actors read from local storage. */
export function readAppInput(storage: Storage | undefined): AppInput {
  let language: string | null = null;
  try {
    language = storage?.getItem(STORAGE_KEYS.appLanguage) ?? null;
  } catch {
    language = null;
  }
  return {
    auth: { storedUser: readStoredUser(storage), typedEmail: takeTypedEmail(storage) },
    consent: { stored: readStoredConsent(storage) },
    capture: { pendingCampaignId: readPendingCampaign(storage) },
    language: { language: resolveLanguage(language) },
  };
}

/**
 * The signed-in person's language choice onto their account (PUT users/{id}), fire and forget: the switch already
 * holds in this browser, and a failed save only means e-mails keep the previous language until the next switch.
 */
function languageSaver(client: ApiClient, storage: Storage | undefined) {
  return (language: Language) => {
    const user = readStoredUser(storage);
    if (!user) return;
    void client.PUT('/users/{id}', { params: { path: { id: user._id } }, body: { language } }).catch(() => undefined);
  };
}

/** The app machine with every real effect provided. */
export function provideAppMachine(options: AppActorOptions) {
  const { router, i18n } = options;
  const client = options.client ?? defaultClient;
  const storage = options.storage ?? storageOrUndefined();
  const document = options.document ?? globalThis.document;
  const showToast = options.showToast ?? ((toast: ToastOutcome) => showAppToast(toast, i18n));
  const navigate = (to: string, replace = false) => void router.navigate(to, { replace });

  const address: AddressPort = {
    current: () => router.state.location,
    subscribe: (listener) => router.subscribe((state) => listener(state.location)),
    replace: (location) => void router.navigate(location, { replace: true }),
  };

  return appMachine.provide({
    actions: {
      navigate: (_, params) => navigate(params.to, params.replace),
    },
    actors: {
      // goTo: the browser leaves for an identity provider's sign-in or sign-out.
      auth: authMachine.provide({ actors: authActors(client), actions: { ...authStorageActions(storage), goTo: leaveForUrl(globalThis.location) } }),
      consent: consentMachine.provide({
        actors: { analytics: analyticsLoader({ scriptUrl: options.analyticsScript ?? analyticsScriptUrl, document }) },
        actions: consentStorageActions(storage),
      }),
      capture: campaignCaptureMachine.provide({
        actors: { watchQuery: queryWatcher(address), watchSession: sessionWatcher, saveCampaign: campaignSaver(client) },
        actions: captureActions(storage, address),
      }),
      language: languageMachine.provide({ actions: languageActions(storage, i18n, document, languageSaver(client, storage)) }),
      notifications: notificationsMachine.provide({
        actions: {
          showToast: (_, params) => showToast(params.toast),
          navigate: (_, params) => navigate(params.to),
        },
      }),
    },
  });
}

/**
 * Builds and starts the app actor, registers the signed-in user's token with the client and renews it
 * when a call is answered 401.
 */
export function createAppActor(options: AppActorOptions): AppActor {
  const client = options.client ?? defaultClient;
  const storage = options.storage ?? storageOrUndefined();
  const actor = createActor(provideAppMachine(options), { input: readAppInput(storage), inspect });
  const auth = () => actor.system.get(SYSTEM_IDS.auth) as ActorRefFrom<AuthMachine> | undefined;
  setAccessTokenProvider(() => auth()?.getSnapshot().context.accessToken ?? null);
  client.use(sessionRenewal(auth));
  actor.start();
  return actor;
}
