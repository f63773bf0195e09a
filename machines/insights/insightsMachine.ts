import { assign, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../personalViews/calls';

export type InsightList = components['schemas']['InsightList'];

/** The three rankings of the insights widgets. */
export interface Insights {
  betterCities: InsightList;
  betterSectors: InsightList;
  averageByCountry: InsightList;
}

export type InsightsEvent = { type: 'insights.retry' };

/**
 * The insights widgets (issue 14): better cities, better sectors and the average by country, for the caller's
 * profile (or over everyone for a corporate user without a form). Free for everyone.
 *
 * ```
 * loading ──done──▶ ready
 *    └─error──▶ failed ──insights.retry──▶ loading
 * ```
 */
export const insightsMachine = setup({
  types: {
    context: {} as { insights: Insights | null; failure: CallFailure | null },
    events: {} as InsightsEvent,
  },
  actors: {
    loadInsights: fromPromise<Insights>(async () => {
      throw new Error('insights: provide loadInsights');
    }),
  },
  actions: {
    rememberInsights: assign((_, params: { insights: Insights }) => ({ insights: params.insights, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
}).createMachine({
  id: 'insights',
  description: 'Loads the three rankings of the insights widgets.',
  context: { insights: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the three rankings at once.',
      tags: ['busy'],
      invoke: {
        id: 'loadInsights',
        src: 'loadInsights',
        onDone: { target: 'ready', actions: { type: 'rememberInsights', params: ({ event }) => ({ insights: event.output }) } },
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      description: 'The rankings are shown, with how many groups were left out for privacy.',
      tags: ['ready'],
    },
    failed: {
      description: 'The rankings did not arrive; they may be asked again.',
      tags: ['failed'],
      on: { 'insights.retry': { target: 'loading' } },
    },
  },
});

export type InsightsMachine = typeof insightsMachine;
