import { fromCallback, sendTo, setup, type AnyActorRef, type EventObject } from 'xstate';
import type { CatalogueOutcome, ToastOutcome } from '../../src/api/errorCatalogue';
import { TOAST_DEFAULT_MS } from '../../src/domain/constants';
import { authMachine, type AuthEmitted, type AuthInput } from '../auth/authMachine';
import { consentMachine, type ConsentInput } from '../consent/consentMachine';
import { campaignCaptureMachine, type CaptureInput } from '../campaignCapture/campaignCaptureMachine';
import { languageMachine, type LanguageInput } from '../language/languageMachine';
import { notificationsMachine } from '../notifications/notificationsMachine';
import { SYSTEM_IDS } from './systemIds';

export interface AppInput {
  auth: AuthInput;
  consent: ConsentInput;
  capture: CaptureInput;
  language: LanguageInput;
}

export type AppEvent =
  /** Go to a page of the app (the router does it). */
  | { type: 'app.navigate'; to: string; replace?: boolean }
  /** Show an outcome of the error catalogue (a toast, maybe a page change); forwarded to notifications. */
  | { type: 'app.notify'; outcome: CatalogueOutcome }
  /** Show a message of the app itself. */
  | { type: 'app.message'; toast: ToastOutcome };

/** Where the person goes after signing out. */
export const SIGNED_OUT_PAGE = '/home';
/** Where an admin signed out for want of a second factor goes, to sign in again with it. */
export const SIGN_IN_AGAIN_PAGE = '/login';

/** The app's own messages about the session. */
export const SESSION_MESSAGES = {
  signedOut: { kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'auth.logout_success' },
  sessionEnded: { kind: 'toast', status: 'warning', durationMs: TOAST_DEFAULT_MS, textKey: 'auth.session_ended' },
  secondFactorRequired: { kind: 'toast', status: 'warning', durationMs: TOAST_DEFAULT_MS, textKey: 'auth.second_factor_sign_in' },
  accountDeleted: { kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'settings.delete.done' },
} as const satisfies Record<string, ToastOutcome>;

type Listenable = Omit<AnyActorRef, 'on'> & {
  on<T extends AuthEmitted['type']>(type: T, handler: (event: Extract<AuthEmitted, { type: T }>) => void): { unsubscribe(): void };
};

/**
 * Listens to what the auth actor announces and turns it into the app's decisions: after signing in go to
 * the page it names; after signing out or a lost session show the message (signing out also goes home). A failed
 * sign-in is no toast: the sign-in form says it, once (on the field it concerns, or as its alert).
 */
export const sessionAnnouncements = fromCallback<EventObject>(({ sendBack, system }) => {
  const auth = system.get(SYSTEM_IDS.auth) as Listenable | undefined;
  if (!auth) return () => {};
  const subscriptions = [
    auth.on('auth.signedIn', (event) => {
      if (event.redirectTo) sendBack({ type: 'app.navigate', to: event.redirectTo } satisfies AppEvent);
    }),
    auth.on('auth.signedOut', () => {
      sendBack({ type: 'app.message', toast: SESSION_MESSAGES.signedOut } satisfies AppEvent);
      sendBack({ type: 'app.navigate', to: SIGNED_OUT_PAGE } satisfies AppEvent);
    }),
    auth.on('auth.sessionEnded', () => sendBack({ type: 'app.message', toast: SESSION_MESSAGES.sessionEnded } satisfies AppEvent)),
    auth.on('auth.secondFactorRequired', () => {
      sendBack({ type: 'app.message', toast: SESSION_MESSAGES.secondFactorRequired } satisfies AppEvent);
      sendBack({ type: 'app.navigate', to: SIGN_IN_AGAIN_PAGE } satisfies AppEvent);
    }),
    auth.on('auth.accountDeleted', () => {
      sendBack({ type: 'app.message', toast: SESSION_MESSAGES.accountDeleted } satisfies AppEvent);
      sendBack({ type: 'app.navigate', to: SIGNED_OUT_PAGE } satisfies AppEvent);
    }),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
});

/**
 * The app: invokes the long-lived actors once, each with a systemId so any flow can reach it with
 * `system.get(...)` (see ./systemIds.ts), and decides what their announcements mean (navigation,
 * toasts).
 *
 * ```
 *  running ── invokes auth, consent, capture, language, notifications, sessionAnnouncements
 *     app.navigate ─▶ navigate (the router, injected)
 *     app.notify   ─▶ notifications (catalogue outcome: toast, 402 → /my-account)
 *     app.message  ─▶ notifications (the app's own message)
 * ```
 * Each child's effects are injected where the app is built (src/web/app/appActor.ts):
 * `appMachine.provide({ actors: { auth: authMachine.provide(...), ... }, actions: { navigate } })`.
 */
export const appMachine = setup({
  types: {
    events: {} as AppEvent,
    input: {} as AppInput,
    context: {} as AppInput,
  },
  actors: {
    auth: authMachine,
    consent: consentMachine,
    capture: campaignCaptureMachine,
    language: languageMachine,
    notifications: notificationsMachine,
    sessionAnnouncements,
  },
  actions: {
    /** Goes to a page (the router). Injected. */
    navigate: (_, _params: { to: string; replace: boolean }) => {},
    forwardOutcome: sendTo(SYSTEM_IDS.notifications, ({ event }) => {
      if (event.type !== 'app.notify') throw new Error(`forwardOutcome: unexpected ${event.type}`);
      return { type: 'notifications.outcome' as const, outcome: event.outcome };
    }),
    forwardMessage: sendTo(SYSTEM_IDS.notifications, ({ event }) => {
      if (event.type !== 'app.message') throw new Error(`forwardMessage: unexpected ${event.type}`);
      return { type: 'notifications.show' as const, toast: event.toast };
    }),
  },
}).createMachine({
  id: 'app',
  description: 'The app: owns the long-lived actors and decides what their announcements mean.',
  context: ({ input }) => input,
  initial: 'running',
  states: {
    running: {
      description: 'The app is open: every long-lived actor runs.',
      invoke: [
        { id: SYSTEM_IDS.auth, systemId: SYSTEM_IDS.auth, src: 'auth', input: ({ context }) => context.auth },
        { id: SYSTEM_IDS.notifications, systemId: SYSTEM_IDS.notifications, src: 'notifications' },
        { id: SYSTEM_IDS.language, systemId: SYSTEM_IDS.language, src: 'language', input: ({ context }) => context.language },
        { id: SYSTEM_IDS.consent, systemId: SYSTEM_IDS.consent, src: 'consent', input: ({ context }) => context.consent },
        { id: SYSTEM_IDS.capture, systemId: SYSTEM_IDS.capture, src: 'capture', input: ({ context }) => context.capture },
        { id: 'sessionAnnouncements', src: 'sessionAnnouncements' },
      ],
      on: {
        'app.navigate': {
          actions: { type: 'navigate', params: ({ event }) => ({ to: event.to, replace: event.replace ?? false }) },
        },
        'app.notify': { actions: 'forwardOutcome' },
        'app.message': { actions: 'forwardMessage' },
      },
    },
  },
});

export type AppMachine = typeof appMachine;
