// newsletterLinkMachine from machines/newsletterLink/newsletterLinkMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'newsletterLink',
  description: 'Following the confirmation or unsubscribe link of a newsletter e-mail.',
  initial: 'reading',
  context: {
    mode: 'confirm',
    token: null,
    subscription: null,
    failure: null,
  },
  states: {
    reading: {
      description: 'The page reads the link from its address.',
      tags: ['working'],
      on: {
        'link.open': [
          {
            target: 'invalidLink',
            guard: 'hasNoToken',
            actions: 'rememberLink',
          },
          {
            target: 'working',
            guard: 'isConfirmation',
            actions: 'rememberLink',
          },
          {
            target: 'asking',
            actions: 'rememberLink',
          },
        ],
      },
    },
    asking: {
      description: 'Unsubscribe: the page asks for the click that ends the subscription.',
      tags: ['asking'],
      on: {
        'link.unsubscribe': {
          target: 'working',
        },
      },
    },
    working: {
      description: 'Confirming or unsubscribing with the signed token.',
      tags: ['working'],
      invoke: {
        id: 'follow',
        src: 'follow',
        onDone: {
          target: 'done',
          actions: ['rememberSubscription', 'emitDone'],
        },
        onError: [
          {
            target: 'invalidLink',
            guard: 'isLinkFailure',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: 'rememberFailure',
          },
        ],
      },
    },
    done: {
      description: 'Confirmed, or unsubscribed.',
      type: 'final',
      tags: ['done'],
    },
    invalidLink: {
      description: 'The link is missing, tampered with, for another purpose, expired or replaced: said plainly.',
      type: 'final',
      tags: ['invalid'],
    },
    failed: {
      description: 'No answer (offline, server error): the same link can be tried again.',
      tags: ['failed'],
      on: {
        'link.retry': {
          target: 'working',
        },
      },
    },
  },
});
