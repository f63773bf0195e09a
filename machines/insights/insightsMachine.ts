import { assertEvent, assign, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../personalViews/calls';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';

export type InsightList = components['schemas']['InsightList'];

/** The three rankings of the insights widgets. */
export interface Insights {
  betterCities: InsightList;
  betterSectors: InsightList;
  averageByCountry: InsightList;
}

/** The rankings, by name (RankingName in viewModel.ts). */
export type RankingName = keyof Insights;

export type InsightsEvent =
  | { type: 'insights.retry' }
  /** A ranking without any entry: ask it again with its conditions widened (its widening link). */
  | { type: 'insights.widen'; ranking: RankingName };

/**
 * The insights widgets: better cities, better sectors and the average by country, for the caller's
 * profile (or over everyone for a corporate user without a form). Free for everyone.
 *
 * ```
 * loading ──done──▶ ready ──insights.widen (an empty ranking)──▶ widening ──done──▶ ready
 *    └─error──▶ failed ◀──────────────────────────────────────────────┘ error
 *                 └──insights.retry──▶ loading
 * ```
 *
 * A ranking without any entry is replaced by one sentence with a widening link: the server drops its conditions
 * other than the ranked field as the evolution widens a group (country, then sector; never the level).
 */
export const insightsMachine = setup({
  types: {
    context: {} as { insights: Insights | null; failure: CallFailure | null; widening: RankingName | null },
    events: {} as InsightsEvent,
  },
  actors: {
    loadInsights: injected<Insights>('insights: provide loadInsights'),
    widenRanking: injected<InsightList, { ranking: RankingName }>('insights: provide widenRanking'),
  },
  guards: {
    isEmptyRanking: ({ context, event }) => {
      if (event.type !== 'insights.widen' || !context.insights) return false;
      return context.insights[event.ranking].items.length === 0 && !context.insights[event.ranking].widenedSteps;
    },
  },
  actions: {
    rememberInsights: assign((_, params: { insights: Insights }) => ({ insights: params.insights, failure: null })),
    markWidening: assign(({ event }) => {
      assertEvent(event, 'insights.widen');
      return { widening: event.ranking };
    }),
    rememberWidened: assign(({ context }, params: { list: InsightList }) => ({
      insights: { ...context.insights!, [context.widening!]: params.list },
      widening: null,
      failure: null,
    })),
    rememberFailure: assign(({ event }) => ({ failure: failureOf(errorOf(event)), widening: null })),
  },
}).createMachine({
  id: 'insights',
  description: 'Loads the three rankings of the insights widgets.',
  context: { insights: null, failure: null, widening: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the three rankings at once.',
      tags: ['busy'],
      invoke: {
        id: 'loadInsights',
        src: 'loadInsights',
        onDone: { target: 'ready', actions: { type: 'rememberInsights', params: ({ event }) => ({ insights: event.output }) } },
        onError: { target: 'failed', actions: 'rememberFailure' },
      },
    },
    ready: {
      description: 'The rankings are shown, with how many groups were left out for privacy; an empty one offers its widening link.',
      tags: ['ready'],
      on: { 'insights.widen': { guard: 'isEmptyRanking', target: 'widening', actions: 'markWidening' } },
    },
    widening: {
      description: 'Asking one empty ranking again with its conditions widened; the others stay on screen.',
      tags: ['ready', 'widening'],
      invoke: {
        id: 'widenRanking',
        src: 'widenRanking',
        input: ({ context }) => ({ ranking: context.widening! }),
        onDone: { target: 'ready', actions: { type: 'rememberWidened', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'failed', actions: 'rememberFailure' },
      },
    },
    failed: {
      description: 'The rankings did not arrive; they may be asked again.',
      tags: ['failed'],
      on: { 'insights.retry': { target: 'loading' } },
    },
  },
});

export type InsightsMachine = typeof insightsMachine;
