/**
 * The session API of the app shell, for every feature. Stable: features import these hooks and never
 * reach into the shell's machines otherwise.
 *
 * Who is signed in
 * - `useAuthStatus()`  'unknown' while the session is being restored on load, then 'signedOut' | 'signedIn'.
 * - `useIsSignedIn()`  true once a user is signed in (false while unknown).
 * - `useCurrentUser()` the signed-in user (contract `User`: _id, email, role[], credits, campaignId,
 *                      premiumType, …) or null. Kept in local storage current_user by the auth flow.
 * - `useHasRole(role)` the signed-in user has that role.
 * - `useAuthActor()`   the auth actor, to send it events:
 *     { type: 'auth.reloadUser' }            read the user afresh (after credits or the plan changed)
 *     { type: 'auth.userUpdated', user }     you received the user's record (PUT users/{id}): keep it
 *     { type: 'auth.sessionStarted', session } a registration answered a Session (POST users/member):
 *                                            the person is now signed in (no redirect; you navigate)
 *     { type: 'auth.signOut' }               (or `useSignOut()`)
 *   Calls through the typed client (src/api/client.ts) carry the signed-in user's token automatically
 *   and are retried once with a renewed token when answered 401.
 *
 * Messages
 * - `useNotify()`           (outcome: CatalogueOutcome) => void — shows an outcome of the error catalogue
 *                           (src/api/errorCatalogue.ts) as a toast (3 s / 8 s / 10 s / 9999 = stays) and
 *                           follows its navigation (402 INSUFFICIENT_CREDITS → /my-account).
 * - `useNotifyFailure()`    (failure: CallFailure) => void — runs the error catalogue on a failed `call()`
 *                           and notifies its outcome (silent calls stay silent).
 * - `useShowMessage()`      (toast: ToastOutcome) => void — an app message, e.g.
 *                           { kind: 'toast', status: 'success', durationMs: 3000, textKey: 'my.key' }.
 *   Inside a machine, reach the same actor with `system.get(SYSTEM_IDS.notifications)` and send
 *   { type: 'notifications.outcome', outcome } or { type: 'notifications.show', toast }
 *   (machines/app/systemIds.ts lists every long-lived actor).
 *
 * Language
 * - `useLanguage()`         the current language ('es' | 'en'); format money with
 *                           `formatMoney(amount, language)` (src/domain/money.ts).
 * - `useSwitchLanguage()`   (language) => void; persisted in appLanguage.
 *
 * Others: `useAppActor()`, `useConsentActor()`, `useLanguageActor()`, `useNotificationsActor()`.
 * Guards (signed-in, admin, admin-or-corporate, corporate, auth-ready) are the route table's business
 * (routes.ts): a page behind them can assume what they promise.
 */
import { createContext, useCallback, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CallFailure } from '../../api/client';
import type { CatalogueOutcome, ToastOutcome } from '../../api/errorCatalogue';
import type { Language } from '../../domain/constants';
import type { AppMachine } from '../../../machines/app/appMachine';
import { SYSTEM_IDS } from '../../../machines/app/systemIds';
import type { AuthMachine } from '../../../machines/auth/authMachine';
import type { Role, User } from '../../../machines/auth/landing';
import { selectAuthStatus, selectCurrentUser, type AuthStatus } from '../../../machines/auth/viewModel';
import type { ConsentMachine } from '../../../machines/consent/consentMachine';
import type { LanguageMachine } from '../../../machines/language/languageMachine';
import { selectLanguage } from '../../../machines/language/viewModel';
import type { NotificationsMachine } from '../../../machines/notifications/notificationsMachine';

export type { AuthStatus } from '../../../machines/auth/viewModel';
export type { Role, User } from '../../../machines/auth/landing';

export type AppActorRef = ActorRefFrom<AppMachine>;
export type AuthActorRef = ActorRefFrom<AuthMachine>;
export type ConsentActorRef = ActorRefFrom<ConsentMachine>;
export type LanguageActorRef = ActorRefFrom<LanguageMachine>;
export type NotificationsActorRef = ActorRefFrom<NotificationsMachine>;

/** Provided once by AppProviders (providers.tsx). */
export const AppActorContext = createContext<AppActorRef | null>(null);

export function useAppActor(): AppActorRef {
  const app = useContext(AppActorContext);
  if (!app) throw new Error('useAppActor: render inside <AppProviders app={…}>');
  return app;
}

function useSystemActor<T>(systemId: string): T {
  const app = useAppActor();
  const actor: unknown = app.system.get(systemId);
  if (!actor) throw new Error(`the app actor has no "${systemId}" actor`);
  return actor as T;
}

export function useAuthActor(): AuthActorRef {
  return useSystemActor<AuthActorRef>(SYSTEM_IDS.auth);
}

export function useConsentActor(): ConsentActorRef {
  return useSystemActor<ConsentActorRef>(SYSTEM_IDS.consent);
}

export function useLanguageActor(): LanguageActorRef {
  return useSystemActor<LanguageActorRef>(SYSTEM_IDS.language);
}

export function useNotificationsActor(): NotificationsActorRef {
  return useSystemActor<NotificationsActorRef>(SYSTEM_IDS.notifications);
}

export function useAuthStatus(): AuthStatus {
  return useSelector(useAuthActor(), selectAuthStatus);
}

export function useIsSignedIn(): boolean {
  return useAuthStatus() === 'signedIn';
}

export function useCurrentUser(): User | null {
  return useSelector(useAuthActor(), selectCurrentUser);
}

export function useHasRole(role: Role): boolean {
  return useSelector(useAuthActor(), (snapshot) => selectCurrentUser(snapshot)?.role.includes(role) ?? false);
}

export function useSignOut(): () => void {
  const auth = useAuthActor();
  return useCallback(() => auth.send({ type: 'auth.signOut' }), [auth]);
}

export function useNotify(): (outcome: CatalogueOutcome) => void {
  const app = useAppActor();
  return useCallback((outcome: CatalogueOutcome) => app.send({ type: 'app.notify', outcome }), [app]);
}

export function useNotifyFailure(): (failure: CallFailure) => void {
  const notify = useNotify();
  return useCallback(
    (failure: CallFailure) => {
      if (failure.reason === 'aborted') return;
      // The catalogue loads with the first failure to show: the first load has no use for it.
      void import('../../api/errorCatalogue').then(({ errorCatalogue }) => notify(errorCatalogue(failure.request, failure.status, failure.body)));
    },
    [notify],
  );
}

export function useShowMessage(): (toast: ToastOutcome) => void {
  const app = useAppActor();
  return useCallback((toast: ToastOutcome) => app.send({ type: 'app.message', toast }), [app]);
}

export function useLanguage(): Language {
  return useSelector(useLanguageActor(), selectLanguage);
}

export function useSwitchLanguage(): (language: Language) => void {
  const languageActor = useLanguageActor();
  return useCallback((language: Language) => languageActor.send({ type: 'language.switch', language }), [languageActor]);
}
