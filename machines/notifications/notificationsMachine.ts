import { assertEvent, assign, setup } from 'xstate';
import type { CatalogueOutcome, ToastOutcome } from '../../src/api/errorCatalogue';

export type NotificationsEvent =
  /** An outcome of the error catalogue (src/api/errorCatalogue.ts): a toast, maybe a page to go to, or nothing. */
  | { type: 'notifications.outcome'; outcome: CatalogueOutcome }
  /** A message of the app itself (sign-out, registration success, …), in the catalogue's toast shape. */
  | { type: 'notifications.show'; toast: ToastOutcome };

export interface NotificationsContext {
  /** What the last message was: the toast's status and where it sent the person (null: nowhere). */
  last: { status: ToastOutcome['status']; navigatedTo: string | null } | null;
}

/**
 * Notifications: every toast of the app goes through here. An outcome of the error catalogue
 * becomes a toast with its duration (3 s default, 8 s insufficient credits, 10 s problem lists, 9999 =
 * stays until closed); an outcome that names a page (402 INSUFFICIENT_CREDITS → /my-account) also goes
 * there. A `none` outcome shows nothing.
 *
 * ```
 *  listening ──notifications.outcome / notifications.show──▶ listening (showToast, maybe navigate)
 * ```
 * Long-lived: the app machine invokes it with systemId `notifications`. `showToast` (Chakra's toaster,
 * texts translated by the view layer) and `navigate` (the router) are injected.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    /** Shows the toast. Injected. */
    showToast: (_, _params: { toast: ToastOutcome }) => {},
    /** Goes to the page. Injected. */
    navigate: (_, _params: { to: string }) => {},
    rememberLast: assign((_, params: { toast: ToastOutcome }) => ({
      last: { status: params.toast.status, navigatedTo: params.toast.navigateTo ?? null },
    })),
  },
  guards: {
    isToast: ({ event }) => {
      assertEvent(event, 'notifications.outcome');
      return event.outcome.kind === 'toast';
    },
    asksToNavigate: ({ event }) => {
      assertEvent(event, 'notifications.outcome');
      return event.outcome.kind === 'toast' && !!event.outcome.navigateTo;
    },
  },
}).createMachine({
  id: 'notifications',
  description: 'Turns catalogue outcomes and app messages into toasts (and the 402 page change).',
  context: { last: null },
  initial: 'listening',
  states: {
    listening: {
      description: 'Ready to show the next message.',
      on: {
        'notifications.outcome': [
          {
            guard: 'asksToNavigate',
            actions: [
              { type: 'showToast', params: ({ event }) => ({ toast: event.outcome as ToastOutcome }) },
              { type: 'navigate', params: ({ event }) => ({ to: (event.outcome as ToastOutcome).navigateTo! }) },
              { type: 'rememberLast', params: ({ event }) => ({ toast: event.outcome as ToastOutcome }) },
            ],
          },
          {
            guard: 'isToast',
            actions: [
              { type: 'showToast', params: ({ event }) => ({ toast: event.outcome as ToastOutcome }) },
              { type: 'rememberLast', params: ({ event }) => ({ toast: event.outcome as ToastOutcome }) },
            ],
          },
        ],
        'notifications.show': {
          actions: [
            { type: 'showToast', params: ({ event }) => ({ toast: event.toast }) },
            { type: 'rememberLast', params: ({ event }) => ({ toast: { ...event.toast, navigateTo: undefined } }) },
          ],
        },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
