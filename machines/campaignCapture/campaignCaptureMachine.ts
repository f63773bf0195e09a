import { assertEvent, assign, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { AuthEvent } from '../auth/authMachine';
import type { User } from '../auth/landing';

export interface CaptureContext {
  /** The campaign id to save on the user (captured now, or kept from an earlier visit). */
  campaignId: string | null;
  /** The campaign id the signed-in user's record holds (after saving, or already there). */
  savedCampaignId: string | null;
  /** The e-mail captured from `email`, kept as formEmail and originEmail. */
  email: string | null;
}

export interface CaptureInput {
  /** localStorage campaignId from an earlier visit, still to be saved on the user. */
  pendingCampaignId: string | null;
}

/** The query parameters found in the address: `id` is the campaign id, `email` the e-mail. */
export interface CapturedQuery {
  campaignId: string | null;
  email: string | null;
}

export type CaptureEvent =
  /** The query watcher found `id` and/or `email` in the address (sent only while the window is open). */
  | ({ type: 'capture.found' } & CapturedQuery)
  /** The session watcher saw a user sign in (or already signed in); `campaignId` is what their record holds. */
  | { type: 'capture.signedIn'; campaignId: string | null };

/** How long after start the address is watched. */
export const CAPTURE_WINDOW_MS = 5000;

/**
 * Query-parameter capture: during the first 5 s after start, on any page, `id` becomes the
 * campaignId and `email` becomes formEmail and originEmail (local storage); both are then removed from
 * the address without a reload. The campaign id is saved on the user (PUT users/uid) as soon as someone
 * is signed in, now or after the next sign-in. After 5 s the parameters are ignored.
 *
 * Two regions run side by side:
 * ```
 *  window:   watching ──after captureWindow──▶ closed          (capture.found only while watching)
 *
 *  campaign: idle ──(a campaign id is known)──▶ waitingForSession ──capture.signedIn──▶ saving ──▶ saved
 *                                                    │ the user already holds it ─────────────────▶ saved
 *                                                    saving ──failed──▶ failed (kept in storage: next visit)
 * ```
 * - `watchQuery` (invoked while watching) reports `capture.found`; `storeQuery` writes local storage and
 *   `stripQuery` removes `id` and `email` from the address. Both are injected.
 * - `watchSession` (invoked while waiting) reports `capture.signedIn` when the auth actor signs someone
 *   in, at once if someone already is.
 * - `saveCampaign` is PUT users/uid; the updated user is handed to the auth actor (`auth.userUpdated`).
 */
export const campaignCaptureMachine = setup({
  types: {
    context: {} as CaptureContext,
    events: {} as CaptureEvent,
    input: {} as CaptureInput,
  },
  actors: {
    /** Watches the address for `id` / `email` and sends capture.found. Injected. */
    watchQuery: fromCallback(() => () => {}),
    /** Watches the auth actor and sends capture.signedIn. Injected. */
    watchSession: fromCallback(() => () => {}),
    /** PUT users/uid { campaignId }. Injected. */
    saveCampaign: fromPromise<User, { campaignId: string }>(() => Promise.reject(new Error('inject the saveCampaign actor'))),
  },
  actions: {
    /** campaignId, formEmail and originEmail into local storage. Injected. */
    storeQuery: (_, _params: CapturedQuery) => {},
    /** Removes `id` and `email` from the address without a reload. Injected. */
    stripQuery: () => {},
    rememberQuery: assign(({ context, event }) => {
      assertEvent(event, 'capture.found');
      return { campaignId: event.campaignId ?? context.campaignId, email: event.email ?? context.email };
    }),
    rememberSaved: assign((_, params: { campaignId: string | null }) => ({ savedCampaignId: params.campaignId })),
    /** Hands the updated user to the auth actor, when there is one (`system.get('auth')`). */
    shareUser: ({ system }, params: { user: User }) => {
      const update: AuthEvent = { type: 'auth.userUpdated', user: params.user };
      (system.get('auth') as AnyActorRef | undefined)?.send(update);
    },
  },
  guards: {
    hasUnsavedCampaign: ({ context }) => context.campaignId !== null && context.campaignId !== context.savedCampaignId,
    userHoldsCampaign: ({ context, event }) => {
      assertEvent(event, 'capture.signedIn');
      return event.campaignId === context.campaignId;
    },
  },
  delays: {
    captureWindow: CAPTURE_WINDOW_MS,
  },
}).createMachine({
  id: 'capture',
  description: 'Captures the campaign id and e-mail of the address during the first 5 s and saves the campaign on the user.',
  context: ({ input }) => ({ campaignId: input.pendingCampaignId, savedCampaignId: null, email: null }),
  type: 'parallel',
  states: {
    window: {
      description: 'The first 5 s after start, when the address is watched.',
      initial: 'watching',
      states: {
        watching: {
          description: 'Watching the address for id and email on every page.',
          tags: ['watching'],
          invoke: { id: 'watchQuery', src: 'watchQuery' },
          after: { captureWindow: { target: 'closed' } },
          on: {
            'capture.found': {
              actions: ['rememberQuery', { type: 'storeQuery', params: ({ event }) => ({ campaignId: event.campaignId, email: event.email }) }, 'stripQuery'],
            },
          },
        },
        closed: {
          description: 'More than 5 s after start: query parameters are ignored.',
        },
      },
    },
    campaign: {
      description: 'Saving the campaign id on the user.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No campaign id to save.',
          always: { guard: 'hasUnsavedCampaign', target: 'waitingForSession' },
        },
        waitingForSession: {
          description: 'A campaign id waits for someone to be signed in.',
          tags: ['pending'],
          invoke: { id: 'watchSession', src: 'watchSession' },
          on: {
            'capture.signedIn': [
              {
                guard: 'userHoldsCampaign',
                target: 'saved',
                actions: { type: 'rememberSaved', params: ({ event }) => ({ campaignId: event.campaignId }) },
              },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          description: 'PUT users/uid with the campaign id.',
          tags: ['pending'],
          invoke: {
            id: 'saveCampaign',
            src: 'saveCampaign',
            input: ({ context }) => ({ campaignId: context.campaignId! }),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'rememberSaved', params: ({ context }) => ({ campaignId: context.campaignId }) },
                { type: 'shareUser', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            onError: { target: 'failed' },
          },
        },
        saved: {
          description: 'The user record holds the campaign id. A different one captured later is saved again.',
          always: { guard: 'hasUnsavedCampaign', target: 'waitingForSession' },
        },
        failed: {
          description: 'Saving failed; the id stays in local storage and is tried again on the next visit.',
        },
      },
    },
  },
});

export type CampaignCaptureMachine = typeof campaignCaptureMachine;
