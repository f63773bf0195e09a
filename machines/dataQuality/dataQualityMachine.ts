import { assertEvent, assign, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { loadCall, outputOf, retryOn } from '../shared/load';

export interface DataQualityInput {
  /** Days after which a draft is stale. */
  staleDraftDays: number;
}

export interface DataQualityContext {
  staleDraftDays: number;
  /** The report (GET forms/test), kept while a new one loads. */
  report: unknown;
  failure: CallFailure | null;
}

export type DataQualityEvent =
  /** Ask again with another number of days for stale drafts (1–3650; others are ignored). */
  | { type: 'quality.setStaleDays'; days: number }
  /** Ask again (the script changed the data). */
  | { type: 'quality.reload' }
  | { type: 'quality.retry' };

export type DataQualityEmitted = { type: 'quality.failed'; failure: CallFailure };

export const STALE_DAYS_RANGE = { min: 1, max: 3650 } as const;

/**
 * The data-quality report an admin reads (GET forms/test): asked when the page opens, again when the admin
 * changes the days after which a draft is stale or after the deferred-compensation script ran.
 *
 * ```
 * loading ──done──▶ ready ── setStaleDays(d) / reload ──▶ loading
 *    └─error─▶ failed ── retry ──▶ loading
 * ```
 */
export const dataQualityMachine = setup({
  types: {
    context: {} as DataQualityContext,
    events: {} as DataQualityEvent,
    input: {} as DataQualityInput,
    emitted: {} as DataQualityEmitted,
  },
  actors: {
    /** Loads the report; rejects with the client's CallFailure. Injected. */
    loadReport: injected<unknown, { staleDraftDays: number }>('dataQuality: provide loadReport'),
  },
  guards: {
    isValidDays: ({ context, event }) => {
      assertEvent(event, 'quality.setStaleDays');
      return Number.isInteger(event.days) && event.days >= STALE_DAYS_RANGE.min && event.days <= STALE_DAYS_RANGE.max && event.days !== context.staleDraftDays;
    },
  },
  actions: {
    setDays: assign(({ event }) => {
      assertEvent(event, 'quality.setStaleDays');
      return { staleDraftDays: event.days };
    }),
    rememberReport: assign(({ event }) => ({ report: outputOf<unknown>(event), failure: null })),
    ...failureActions<DataQualityContext, DataQualityEvent, DataQualityEmitted>('quality.failed'),
  },
}).createMachine({
  id: 'dataQuality',
  description: 'The data-quality report: loading, shown, or failed and retried; asked again with other days or after the script.',
  context: ({ input }) => ({ staleDraftDays: input.staleDraftDays, report: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The report is being computed; the one shown before stays until the answer comes.',
      tags: ['loading'],
      invoke: { ...loadCall('loadReport', 'ready', 'rememberReport'), input: ({ context }) => ({ staleDraftDays: context.staleDraftDays }) },
    },
    ready: {
      description: 'The report is shown.',
      tags: ['ready'],
      on: {
        'quality.setStaleDays': { guard: 'isValidDays', target: 'loading', actions: 'setDays' },
        'quality.reload': { target: 'loading' },
      },
    },
    failed: { description: 'The report could not be loaded; it can be asked again.', ...retryOn('quality.retry') },
  },
});

export type DataQualityMachine = typeof dataQualityMachine;
