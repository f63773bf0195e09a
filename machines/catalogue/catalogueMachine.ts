import { assign, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { Catalogue } from '../premiumModal/premiumModalMachine';
import { failureOf } from '../../src/api/callFailure';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';
import { outputOf, retryOn } from '../shared/load';

export interface CatalogueContext {
  catalogue: Catalogue | null;
  failure: CallFailure | null;
}

export type CatalogueEvent = { type: 'catalogue.retry' } | { type: 'catalogue.reload' };

/**
 * What can be bought (GET payments/catalogue), for my-account/my-credits: the credit packs.
 *
 * ```
 * loading ──done──▶ ready ──reload (another language)──▶ loading
 *    └──error──▶ failed ──retry──▶ loading
 * ```
 *
 * A reload while loading starts again: the answer on its way is in the language the reader just left.
 *
 * Tags: `loading`, `ready`, `failed`.
 */
export const catalogueMachine = setup({
  types: { context: {} as CatalogueContext, events: {} as CatalogueEvent },
  actors: {
    loadCatalogue: injected<Catalogue>('catalogue: provide loadCatalogue'),
  },
  actions: {
    rememberCatalogue: assign(({ event }) => ({ catalogue: outputOf<Catalogue>(event), failure: null })),
    rememberFailure: assign(({ event }) => ({ failure: failureOf(errorOf(event)) })),
  },
}).createMachine({
  id: 'catalogue',
  description: 'Loads the credit packs and subscription cards that can be bought.',
  context: { catalogue: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the catalogue in the reader’s language and currency.',
      tags: ['loading'],
      on: { 'catalogue.reload': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        onDone: { target: 'ready', actions: 'rememberCatalogue' },
        onError: { target: 'failed', actions: 'rememberFailure' },
      },
    },
    ready: {
      description: 'The packs are shown.',
      tags: ['ready'],
      on: { 'catalogue.reload': { target: 'loading' } },
    },
    failed: { description: 'The catalogue could not be loaded; the person may try again.', ...retryOn('catalogue.retry') },
  },
});

export type CatalogueMachine = typeof catalogueMachine;
