import { assertEvent, assign, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';

export type Unsubscribed = components['schemas']['ReleaseAlertsUnsubscribed'];

export interface ReleaseAlertsUnsubscribeContext {
  /** The `token` of the link's query; null when the link came without one. */
  token: string | null;
  failure: CallFailure | null;
}

export type ReleaseAlertsUnsubscribeEvent =
  /** The page opened with the link's token. */
  { type: 'unsubscribe.open'; token: string | null } | { type: 'unsubscribe.confirm' } | { type: 'unsubscribe.retry' };

/** A 400 is the link itself (tampered, expired, for another purpose): trying again does not help. */
const isLinkFailure = (failure: CallFailure) => failure.status === 400;

/**
 * Following the unsubscribe link of a release alert e-mail, without signing in.
 *
 * ```
 * reading ─open (no token)──────────────────────────▶ invalidLink
 *   └─open─▶ asking ─confirm─▶ working ──ok──▶ done
 *                                 ├─400─▶ invalidLink
 *                                 └─other error─▶ failed ─retry─▶ working
 * ```
 *
 * - The alerts go off only on the click, so a mail scanner that opens links turns nothing off.
 * - Tags: `asking`, `working`, `done`, `invalid`, `failed`.
 */
export const releaseAlertsUnsubscribeMachine = setup({
  types: {
    context: {} as ReleaseAlertsUnsubscribeContext,
    events: {} as ReleaseAlertsUnsubscribeEvent,
  },
  actors: {
    unsubscribe: injected<Unsubscribed, { token: string }>('releaseAlertsUnsubscribe: provide unsubscribe'),
  },
  guards: {
    hasNoToken: ({ event }) => {
      assertEvent(event, 'unsubscribe.open');
      return !event.token;
    },
    isLinkFailure: ({ event }) => isLinkFailure(failureOf(errorOf(event))),
  },
  actions: {
    rememberToken: assign(({ event }) => {
      assertEvent(event, 'unsubscribe.open');
      return { token: event.token };
    }),
    rememberFailure: assign(({ event }) => ({ failure: failureOf(errorOf(event)) })),
  },
}).createMachine({
  id: 'releaseAlertsUnsubscribe',
  description: 'Turning release alerts off from the link of an alert e-mail.',
  context: { token: null, failure: null },
  initial: 'reading',
  states: {
    reading: {
      description: 'The page reads the token from its address.',
      tags: ['working'],
      on: {
        'unsubscribe.open': [
          { guard: 'hasNoToken', target: 'invalidLink', actions: 'rememberToken' },
          { target: 'asking', actions: 'rememberToken' },
        ],
      },
    },
    asking: {
      description: 'The page asks for the click that turns the alerts off.',
      tags: ['asking'],
      on: { 'unsubscribe.confirm': { target: 'working' } },
    },
    working: {
      description: 'Turning the alerts off with the signed token.',
      tags: ['working'],
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'done' },
        onError: [
          { guard: 'isLinkFailure', target: 'invalidLink', actions: 'rememberFailure' },
          { target: 'failed', actions: 'rememberFailure' },
        ],
      },
    },
    done: {
      description: 'The alerts are off.',
      tags: ['done'],
      type: 'final',
    },
    invalidLink: {
      description: 'The link is missing, tampered with, for another purpose or expired: said plainly, nothing changed.',
      tags: ['invalid'],
      type: 'final',
    },
    failed: {
      description: 'No answer (offline, server error): the same link can be tried again.',
      tags: ['failed'],
      on: { 'unsubscribe.retry': { target: 'working' } },
    },
  },
});

export type ReleaseAlertsUnsubscribeMachine = typeof releaseAlertsUnsubscribeMachine;
