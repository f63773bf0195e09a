import { assertEvent, assign, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { loadCall, outputOf, retryOn } from '../shared/load';

export type DetailedStatistics = components['schemas']['DetailedStatistics'];

export interface StatsRequest {
  /** The survey year of the funnel and breakdowns; null: the server's default (the latest year with forms). */
  year: number | null;
}

export interface AdminStatsContext {
  year: number | null;
  /** The figures shown; kept while fresh ones load. */
  data: DetailedStatistics | null;
  failure: CallFailure | null;
}

export type AdminStatsEvent =
  /** Ask again after a failure. */
  | { type: 'stats.retry' }
  /** Ask for fresh figures (those shown stay until they come). */
  | { type: 'stats.refresh' }
  /** Show the funnel and the breakdowns of another survey year. */
  | { type: 'stats.selectYear'; year: number };

export type AdminStatsEmitted = { type: 'stats.failed'; failure: CallFailure };

/** The survey year asked for (both calls). */
const yearInput = ({ context }: { context: AdminStatsContext }): StatsRequest => ({ year: context.year });

/**
 * The admin dashboard (/admin/stats): the operational figures of GET forms/detailed-statistics.
 *
 * ```
 * loading ──done──▶ loaded ── refresh / selectYear(y) ──▶ refreshing ──done──▶ loaded
 *    └─error─▶ failed ◀──────────────────────────────────────┘ error
 *                └── retry ──▶ loading
 * ```
 * - `refreshing` keeps the figures shown while new ones come (tag `loading` on both waiting states).
 * - A year outside the survey years the answer lists is ignored.
 * - Tags: `loading`, `loaded`, `failed`. Emits `stats.failed` so the app can notify the failure.
 */
export const adminStatsMachine = setup({
  types: {
    context: {} as AdminStatsContext,
    events: {} as AdminStatsEvent,
    emitted: {} as AdminStatsEmitted,
  },
  actors: {
    /** GET forms/detailed-statistics; rejects with the client's CallFailure. Injected. */
    loadStatistics: injected<DetailedStatistics, StatsRequest>('adminStats: provide loadStatistics'),
  },
  guards: {
    isAnotherListedYear: ({ context, event }) => {
      assertEvent(event, 'stats.selectYear');
      return event.year !== (context.data?.year ?? context.year) && (context.data?.surveyYears ?? []).includes(event.year);
    },
  },
  actions: {
    setYear: assign(({ event }) => {
      assertEvent(event, 'stats.selectYear');
      return { year: event.year };
    }),
    rememberData: assign(({ event }) => {
      const data = outputOf<DetailedStatistics>(event);
      return { data, year: data.year, failure: null };
    }),
    ...failureActions<AdminStatsContext, AdminStatsEvent, AdminStatsEmitted>('stats.failed'),
  },
}).createMachine({
  id: 'adminStats',
  description: 'The admin dashboard: loading the figures, showing them, refreshing them or another year, or a failure to retry.',
  context: { year: null, data: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking for the figures for the first time.',
      tags: ['loading'],
      invoke: { ...loadCall('loadStatistics', 'loaded', 'rememberData'), input: yearInput },
    },
    loaded: {
      description: 'The figures, cards and charts are shown.',
      tags: ['loaded'],
      on: {
        'stats.refresh': { target: 'refreshing' },
        'stats.selectYear': { guard: 'isAnotherListedYear', target: 'refreshing', actions: 'setYear' },
      },
    },
    refreshing: {
      description: 'Asking for fresh figures (or another year) while the previous ones stay on screen.',
      tags: ['loading', 'loaded'],
      invoke: { ...loadCall('loadStatistics', 'loaded', 'rememberData'), id: 'refreshStatistics', input: yearInput },
    },
    failed: { description: 'The figures could not be loaded; the page says so and may ask again.', ...retryOn('stats.retry') },
  },
});

export type AdminStatsMachine = typeof adminStatsMachine;
