import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import {
  nextWidening,
  normaliseFilters,
  widened,
  withFilter,
  type FilterField,
  type FilterValue,
  type PeerGroupFilters,
} from '../../src/domain/peerGroupFilters';
import { failureOf } from '../personalViews/calls';
import type { CountRequestInput, CountResult } from '../comparison/comparisonMachine';
import { failureActions } from '../shared/failure';
import { paidSearchDelays, paidSearchGuards, paidViewFailure, waitingToCount } from '../shared/paidSearch';
import { injected } from '../shared/injected';

export type EvolutionResult = components['schemas']['EvolutionResult'];
export type EvolutionScale = 'nominal' | 'real';

/** Where the evolution starts: the filters (the person's own peer group, or a saved search's). */
export interface EvolutionStart {
  filters: PeerGroupFilters;
  /** A saved evolution or comparison to follow, for free. */
  historyId?: string | null;
  /** Ask at once (free for the caller, or a re-opening); otherwise the person asks with evolution.search. */
  searchAtOnce: boolean;
  /**
   * The filters are the person's own peer group: the first search lets the server widen it (country, then sector;
   * never the level) until it has figures, as the personalised comparison does, so the first screen is never empty.
   */
  widen?: boolean;
}

export interface EvolutionInput {
  /** Prefix of the idempotency keys of this page's searches: `${prefix}-${n}` for the n-th new search. */
  searchKeyPrefix: string;
  /** The credits a new search may spend; null or absent when searches are not paid by credit. */
  credits?: number | null;
}

export interface EvolutionRequest {
  filters: PeerGroupFilters;
  historyId: string | null;
  idempotencyKey: string;
  /** Let the server widen the group (the person's own group, until they choose filters themselves). */
  widen: boolean;
}

export interface EvolutionContext {
  filters: PeerGroupFilters;
  historyId: string | null;
  /** The next search asks the server to widen the group (see EvolutionStart.widen). */
  widen: boolean;
  /** The group asked for when the server widened it (the answer's filters are the group shown); null otherwise. */
  widenedFrom: PeerGroupFilters | null;
  result: EvolutionResult | null;
  scale: EvolutionScale;
  searchKeyPrefix: string;
  searchNumber: number;
  credits: number | null;
  /** The live count of the chosen filters (the latest year), as the comparison's panel shows it; null while unknown. */
  count: CountResult | null;
  failure: CallFailure | null;
}

export type EvolutionEvent =
  | { type: 'evolution.setFilter'; field: FilterField; value: FilterValue }
  | { type: 'evolution.clearFilters' }
  | { type: 'evolution.search' }
  /** Retry what failed: the starting point, the evolution, or the count. */
  | { type: 'evolution.retry' }
  | { type: 'evolution.setScale'; scale: EvolutionScale }
  /** The group shown has no figures in any year: ask again without its next widening field (country, then sector). */
  | { type: 'evolution.widen' }
  /** The person's balance changed elsewhere (credits bought, the account re-read). */
  | { type: 'evolution.setCredits'; credits: number | null };

export type EvolutionEmitted =
  | { type: 'evolution.creditsExhausted'; failure: CallFailure }
  | { type: 'evolution.failed'; failure: CallFailure }
  | { type: 'evolution.searched'; creditsLeft: number | null };

/**
 * The evolution of a peer group over the survey years, nominal and real (docs/statistics-and-privacy.md).
 *
 * ```
 * preparing ──start (free / saved)──▶ searching ──answer──▶ result ──setFilter──▶ editing ──search──▶ searching
 *     │  └──start (charged)──▶ editing         ▲       │         └──widen (no figures; next field; credit)──▶ searching
 *     │                                        └───────┼──402──▶ creditGate (emits creditsExhausted)
 *     └─error─▶ unavailable (retry)                    ├──plan without it (403 PREMIUM_REQUIRED)──▶ premiumRequired
 *                                                      ├──no form──▶ formRequired
 *                                                      └──failure──▶ failed ──retry (same key)──▶ searching
 * editing: waiting ──after countDebounce──▶ counting ──done──▶ ready
 *             ▲ setFilter / clearFilters       └──error──▶ countFailed ──retry──▶ counting
 * evolution.setScale (nominal / real) anywhere: the figures shown switch, nothing is asked again.
 * ```
 *
 * The person's own group (a start with `widen`) is widened by the server on the first search, like the personalised
 * comparison's, until it has figures; the answer says which fields were dropped and the panel then shows the group
 * used. A result without figures in any year offers `evolution.widen` (its next widening field).
 *
 * Filters as the comparison does (the same filter panel): the people matching the filters are counted (free, the
 * latest year) after each pause; a new search needs a credit when the caller pays per search (`credits` from the
 * input, then the balance each answer reports, or `evolution.setCredits`); at 0 the search button is disabled and
 * the panel says how to get credits. A small latest year does not block the search: earlier years may have figures.
 *
 * Tags: `loading`, `editing`, `busy`, `result`, `creditGate`, `premiumRequired`, `formRequired`, `failed`, `unavailable`.
 */
/** Whether an answer has a median in some year (otherwise its chart would show the person's own line alone). */
export function hasFigures(result: EvolutionResult | null): boolean {
  return result !== null && result.series.some((point) => point.p50 !== null);
}

function withoutYear(filters: PeerGroupFilters): PeerGroupFilters {
  const { year: _year, ...rest } = normaliseFilters(filters);
  return rest;
}

export const evolutionMachine = setup({
  types: {
    context: {} as EvolutionContext,
    events: {} as EvolutionEvent,
    input: {} as EvolutionInput,
    emitted: {} as EvolutionEmitted,
  },
  actors: {
    loadStartingPoint: injected<EvolutionStart>('evolution: provide loadStartingPoint'),
    runEvolution: injected<EvolutionResult, EvolutionRequest>('evolution: provide runEvolution'),
    countResults: injected<CountResult, CountRequestInput>('evolution: provide countResults'),
  },
  delays: paidSearchDelays,
  guards: {
    searchesAtOnce: (_, params: { start: EvolutionStart }) => params.start.searchAtOnce || Boolean(params.start.historyId),
    ...paidSearchGuards,
    canWiden: ({ context }) => (context.credits === null || context.credits > 0) && nextWidening(context.filters) !== null && !hasFigures(context.result),
  },
  actions: {
    applyStart: assign((_, params: { start: EvolutionStart }) => ({
      filters: params.start.filters,
      historyId: params.start.historyId ?? null,
      widen: params.start.widen === true && !params.start.historyId,
      failure: null,
    })),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'evolution.setFilter');
      // filters.year is ignored by the evolution: every survey year is shown. Filters the person chooses are asked as chosen.
      return event.field === 'year'
        ? {}
        : { filters: withFilter(context.filters, event.field, event.value), historyId: null, count: null, widen: false, widenedFrom: null };
    }),
    clearFilters: assign({ filters: () => ({}), historyId: null, count: null, widen: false, widenedFrom: null }),
    widenFilters: assign(({ context }) => {
      const field = nextWidening(context.filters)!;
      return { filters: widened(context.filters, field), widenedFrom: context.widenedFrom ?? context.filters, historyId: null, count: null, widen: false };
    }),
    rememberCount: assign((_, params: { count: CountResult }) => ({ count: params.count })),
    forgetCount: assign({ count: null }),
    startNewSearch: assign({ searchNumber: ({ context }) => context.searchNumber + 1, failure: null }),
    setCredits: assign(({ event }) => {
      assertEvent(event, 'evolution.setCredits');
      return { credits: event.credits };
    }),
    rememberAnswer: assign(({ context }, params: { answer: EvolutionResult }) => ({
      result: params.answer,
      failure: null,
      // A widened group becomes the one shown and edited; the group asked for is remembered to say so.
      ...(params.answer.widenedSteps?.length ? { filters: withoutYear(params.answer.filters), widenedFrom: context.widenedFrom ?? context.filters } : {}),
      widen: false,
      // The balance after the search, as the server counted it.
      credits: context.credits !== null && params.answer.creditsLeft !== null ? params.answer.creditsLeft : context.credits,
    })),
    setScale: assign(({ event }) => {
      assertEvent(event, 'evolution.setScale');
      return { scale: event.scale };
    }),
    emitSearched: emit((_, params: { answer: EvolutionResult }) => ({ type: 'evolution.searched' as const, creditsLeft: params.answer.creditsLeft })),
    emitCreditsExhausted: emit(({ context }) => ({ type: 'evolution.creditsExhausted' as const, failure: context.failure ?? failureOf(null) })),
    ...failureActions<EvolutionContext, EvolutionEvent, EvolutionEmitted>('evolution.failed'),
  },
}).createMachine({
  id: 'evolution',
  description: "A peer group's median and quartiles per survey year, nominal or in today's money, with the person's own line.",
  context: ({ input }) => ({
    filters: {},
    historyId: null,
    widen: false,
    widenedFrom: null,
    result: null,
    scale: 'nominal',
    searchKeyPrefix: input.searchKeyPrefix,
    searchNumber: 0,
    credits: input.credits ?? null,
    count: null,
    failure: null,
  }),
  initial: 'preparing',
  on: {
    'evolution.setScale': { actions: 'setScale' },
    'evolution.setCredits': { actions: 'setCredits' },
  },
  states: {
    preparing: {
      description: "Loading where the evolution starts: the person's own peer group, or a saved search.",
      tags: ['loading'],
      invoke: {
        id: 'loadStartingPoint',
        src: 'loadStartingPoint',
        onDone: [
          {
            guard: { type: 'searchesAtOnce', params: ({ event }) => ({ start: event.output }) },
            target: 'searching',
            actions: { type: 'applyStart', params: ({ event }) => ({ start: event.output }) },
          },
          { target: 'editing', actions: { type: 'applyStart', params: ({ event }) => ({ start: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: 'rememberFailure' },
      },
    },
    unavailable: {
      description: 'The starting point could not be loaded.',
      tags: ['unavailable'],
      on: { 'evolution.retry': { target: 'preparing' } },
    },
    editing: {
      description: 'The person chooses the filters (counted, free, after each pause); an earlier answer stays on screen, marked as not answering them.',
      tags: ['editing'],
      initial: 'counting',
      on: {
        'evolution.setFilter': { target: '.waiting', reenter: true, actions: 'setFilter' },
        'evolution.clearFilters': { target: '.waiting', reenter: true, actions: 'clearFilters' },
        'evolution.search': { guard: 'hasCredits', target: 'searching', actions: 'startNewSearch' },
      },
      states: {
        waiting: waitingToCount,
        counting: {
          description: 'Counting the people who match in the latest year; a filter change cancels this request.',
          tags: ['counting'],
          invoke: {
            id: 'countResults',
            src: 'countResults',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: { target: 'ready', actions: { type: 'rememberCount', params: ({ event }) => ({ count: event.output }) } },
            onError: { target: 'countFailed', actions: 'forgetCount' },
          },
        },
        ready: {
          description: 'The count is shown ("N people match", or "<5").',
        },
        countFailed: {
          description: 'The count did not arrive; it may be asked again (the evolution may be asked anyway).',
          on: { 'evolution.retry': { target: 'counting' } },
        },
      },
    },
    searching: {
      description: 'Asking for the evolution (1 credit for a corporate user unless it re-opens a saved search).',
      tags: ['busy'],
      invoke: {
        id: 'runEvolution',
        src: 'runEvolution',
        input: ({ context }) => ({
          filters: context.filters,
          historyId: context.historyId,
          idempotencyKey: `${context.searchKeyPrefix}-${context.searchNumber}`,
          widen: context.widen,
        }),
        onDone: {
          target: 'result',
          actions: [
            { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
            { type: 'emitSearched', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: paidViewFailure(''),
      },
    },
    result: {
      description: 'The chart and the figures per year (years under K marked, not dropped); without figures in any year, one sentence and a widening link.',
      tags: ['result'],
      on: {
        'evolution.widen': { guard: 'canWiden', target: 'searching', actions: ['widenFilters', 'startNewSearch'] },
        'evolution.setFilter': { target: 'editing.waiting', actions: 'setFilter' },
        'evolution.clearFilters': { target: 'editing.waiting', actions: 'clearFilters' },
      },
    },
    creditGate: {
      description: 'A corporate user without credits: the app warns and leads to /my-account.',
      tags: ['creditGate'],
    },
    premiumRequired: {
      description: "The member's plan lacks the evolution (403 PREMIUM_REQUIRED): the way out is the premium modal, the plan that unlocks it marked.",
      tags: ['premiumRequired'],
    },
    formRequired: {
      description: 'A member without a completed form: the way out is the questionnaire.',
      tags: ['formRequired'],
    },
    failed: {
      description: 'The evolution did not arrive; it may be asked again (same key) or the filters changed.',
      tags: ['failed'],
      on: {
        'evolution.retry': { target: 'searching' },
        'evolution.setFilter': { target: 'editing.waiting', actions: 'setFilter' },
      },
    },
  },
});

export type EvolutionMachine = typeof evolutionMachine;
