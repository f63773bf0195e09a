import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';

export type Newsletter = components['schemas']['Newsletter'];

export interface NewsletterLinkInput {
  /** What the e-mailed link is for. */
  mode: 'confirm' | 'unsubscribe';
  /** The `token` of the link's query; null when the link came without one. */
  token: string | null;
}

export interface NewsletterLinkContext extends NewsletterLinkInput {
  subscription: Newsletter | null;
  failure: CallFailure | null;
}

export type NewsletterLinkEvent =
  /** The page opened with the link's mode and token. */
  ({ type: 'link.open' } & NewsletterLinkInput) | { type: 'link.unsubscribe' } | { type: 'link.retry' };

export type NewsletterLinkEmitted = { type: 'link.done'; mode: NewsletterLinkInput['mode'] };

/** Failures the person cannot fix by trying again: the link itself is wrong, expired or retired. */
const LINK_CODES = ['NEWSLETTER_LINK_INVALID', 'NEWSLETTER_LINK_EXPIRED', 'NEWSLETTER_LINK_USED', 'VALIDATION_ERROR'];
export const isLinkFailure = (failure: CallFailure | null) => failure !== null && (failure.status === 400 || LINK_CODES.includes(failure.errorCode ?? ''));

/**
 * Following a newsletter e-mail's link: confirming a subscription (double opt-in) or unsubscribing.
 *
 * ```
 * reading ─open (no token)──────────────────────────────────────▶ invalidLink
 *   ├─open (confirm)──────────▶ working ──ok──▶ done
 *   └─open (unsubscribe)─▶ asking ─unsubscribe─▶ working ─400─▶ invalidLink
 *                                        ▲          └─other error─▶ failed ─retry─▶ working
 * ```
 *
 * - Confirming starts at once (the link is the confirmation). Unsubscribing waits for a click, so a mail
 *   scanner that opens links does not unsubscribe anyone (mail clients use the one-click POST instead).
 * - Tags: `asking`, `working`, `done`, `invalid`, `failed`.
 */
export const newsletterLinkMachine = setup({
  types: {
    context: {} as NewsletterLinkContext,
    events: {} as NewsletterLinkEvent,
    emitted: {} as NewsletterLinkEmitted,
  },
  actors: {
    follow: injected<Newsletter, NewsletterLinkInput & { token: string }>('newsletterLink: provide follow'),
  },
  guards: {
    hasNoToken: ({ event }) => {
      assertEvent(event, 'link.open');
      return !event.token;
    },
    isConfirmation: ({ event }) => {
      assertEvent(event, 'link.open');
      return event.mode === 'confirm';
    },
    isLinkFailure: ({ event }) => isLinkFailure(failureOf(errorOf(event))),
  },
  actions: {
    rememberLink: assign(({ event }) => {
      assertEvent(event, 'link.open');
      return { mode: event.mode, token: event.token };
    }),
    rememberSubscription: assign((_, params: { subscription: Newsletter }) => ({ subscription: params.subscription, failure: null })),
    rememberFailure: assign(({ event }) => ({ failure: failureOf(errorOf(event)) })),
    emitDone: emit(({ context }) => ({ type: 'link.done' as const, mode: context.mode })),
  },
}).createMachine({
  id: 'newsletterLink',
  description: 'Following the confirmation or unsubscribe link of a newsletter e-mail.',
  context: { mode: 'confirm', token: null, subscription: null, failure: null },
  initial: 'reading',
  states: {
    reading: {
      description: 'The page reads the link from its address.',
      tags: ['working'],
      on: {
        'link.open': [
          { guard: 'hasNoToken', target: 'invalidLink', actions: 'rememberLink' },
          { guard: 'isConfirmation', target: 'working', actions: 'rememberLink' },
          { target: 'asking', actions: 'rememberLink' },
        ],
      },
    },
    asking: {
      description: 'Unsubscribe: the page asks for the click that ends the subscription.',
      tags: ['asking'],
      on: { 'link.unsubscribe': { target: 'working' } },
    },
    working: {
      description: 'Confirming or unsubscribing with the signed token.',
      tags: ['working'],
      invoke: {
        id: 'follow',
        src: 'follow',
        input: ({ context }) => ({ mode: context.mode, token: context.token ?? '' }),
        onDone: { target: 'done', actions: [{ type: 'rememberSubscription', params: ({ event }) => ({ subscription: event.output }) }, 'emitDone'] },
        onError: [
          {
            guard: 'isLinkFailure',
            target: 'invalidLink',
            actions: 'rememberFailure',
          },
          { target: 'failed', actions: 'rememberFailure' },
        ],
      },
    },
    done: {
      description: 'Confirmed, or unsubscribed.',
      tags: ['done'],
      type: 'final',
    },
    invalidLink: {
      description: 'The link is missing, tampered with, for another purpose, expired or replaced: said plainly.',
      tags: ['invalid'],
      type: 'final',
    },
    failed: {
      description: 'No answer (offline, server error): the same link can be tried again.',
      tags: ['failed'],
      on: { 'link.retry': { target: 'working' } },
    },
  },
});

export type NewsletterLinkMachine = typeof newsletterLinkMachine;
