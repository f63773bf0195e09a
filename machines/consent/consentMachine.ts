import { fromCallback, setup } from 'xstate';

/** The stored choice (local storage acceptCookies): true, false, or null when never asked. */
export type ConsentChoice = boolean | null;

export interface ConsentInput {
  /** What acceptCookies holds at start. */
  stored: ConsentChoice;
}

export type ConsentEvent = { type: 'consent.accept' } | { type: 'consent.deny' };

/**
 * Cookie consent (the cookie bar): the bar shows while the choice is unset; accepting stores
 * acceptCookies=true and starts analytics, denying stores false and no analytics code ever loads. After
 * a choice the bar slides away (`barHide`, about 0.9 s). The choice can be changed later (settings).
 *
 * ```
 *            ┌─consent.accept─▶ accepted.hiding ─after barHide─▶ accepted.settled ─┐
 *  undecided ┤                      (analytics runs in all of accepted)            │ consent.deny / accept
 *            └─consent.deny──▶ denied.hiding ─after barHide─▶ denied.settled ◀─────┘
 * ```
 * The stored choice decides where it starts: true → accepted.settled, false → denied.settled, unset →
 * undecided. Tags: `bar` while the bar is on screen (also while it slides away), `bar-hiding` while it
 * slides, `accepted` / `denied` once chosen.
 *
 * The `analytics` actor (invoked in `accepted`) loads the configured analytics script; with none
 * configured it loads nothing. Leaving `accepted` stops it (it removes its script; code that already ran
 * stays until the next page load, which the settings page says).
 */
export const consentMachine = setup({
  types: {
    context: {} as { stored: ConsentChoice },
    events: {} as ConsentEvent,
    input: {} as ConsentInput,
  },
  actors: {
    /** Loads the analytics script of GET /app-config analyticsScriptUrl; returns its cleanup. Injected. */
    analytics: fromCallback(() => () => {}),
  },
  actions: {
    /** Stores acceptCookies (injected: the machine touches no storage). */
    storeChoice: (_, _params: { accepted: boolean }) => {},
  },
  guards: {
    storedAccepted: ({ context }) => context.stored === true,
    storedDenied: ({ context }) => context.stored === false,
  },
  delays: {
    /** The bar's slide-away animation (about 0.9 s). */
    barHide: 900,
  },
}).createMachine({
  id: 'consent',
  description: 'Cookie consent: the bar, the stored choice and the analytics it allows.',
  context: ({ input }) => ({ stored: input.stored }),
  initial: 'undecided',
  states: {
    undecided: {
      description: 'No choice stored: the bar shows accept and deny, equally prominent.',
      tags: ['bar'],
      // A stored choice skips the bar at once (in the same step: no snapshot ever shows it).
      always: [
        { guard: 'storedAccepted', target: 'accepted.settled' },
        { guard: 'storedDenied', target: 'denied.settled' },
      ],
      on: {
        'consent.accept': { target: 'accepted.hiding', actions: { type: 'storeChoice', params: { accepted: true } } },
        'consent.deny': { target: 'denied.hiding', actions: { type: 'storeChoice', params: { accepted: false } } },
      },
    },
    accepted: {
      description: 'Cookies accepted (acceptCookies=true): analytics runs.',
      tags: ['accepted'],
      invoke: { id: 'analytics', src: 'analytics' },
      initial: 'settled',
      on: {
        'consent.deny': { target: 'denied.settled', actions: { type: 'storeChoice', params: { accepted: false } } },
      },
      states: {
        hiding: {
          description: 'Just accepted: the bar slides away.',
          tags: ['bar', 'bar-hiding'],
          after: { barHide: { target: 'settled' } },
        },
        settled: {
          description: 'Accepted, no bar.',
        },
      },
    },
    denied: {
      description: 'Cookies denied (acceptCookies=false): no analytics code loads.',
      tags: ['denied'],
      initial: 'settled',
      on: {
        'consent.accept': { target: 'accepted.settled', actions: { type: 'storeChoice', params: { accepted: true } } },
      },
      states: {
        hiding: {
          description: 'Just denied: the bar slides away.',
          tags: ['bar', 'bar-hiding'],
          after: { barHide: { target: 'settled' } },
        },
        settled: {
          description: 'Denied, no bar.',
        },
      },
    },
  },
});

export type ConsentMachine = typeof consentMachine;
