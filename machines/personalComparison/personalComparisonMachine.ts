import { assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../personalViews/calls';
import { failureActions } from '../shared/failure';
import { paidSearchGuards, searchFailure } from '../shared/paidSearch';
import { injected } from '../shared/injected';

export type IndividualComparisonResult = components['schemas']['IndividualComparisonResult'];

export interface PersonalComparisonInput {
  /** A saved personalised comparison to re-open (free); null for a new one. */
  historyId: string | null;
  /** Run at once (free for the caller, or a re-opening); false: a corporate user confirms the charged run. */
  autoStart: boolean;
  /** The idempotency key of this page's comparison: a retry never charges twice. */
  requestKey: string;
}

export interface PersonalComparisonRequest {
  historyId: string | null;
  idempotencyKey: string;
}

export interface PersonalComparisonContext {
  historyId: string | null;
  autoStart: boolean;
  requestKey: string;
  result: IndividualComparisonResult | null;
  failure: CallFailure | null;
}

export type PersonalComparisonEvent = { type: 'personal.run' } | { type: 'personal.retry' };

/** What the page hears: failures go to the error catalogue (402: a warning and /my-account); credits are re-read. */
export type PersonalComparisonEmitted =
  | { type: 'personal.creditsExhausted'; failure: CallFailure }
  | { type: 'personal.failed'; failure: CallFailure }
  | { type: 'personal.compared'; creditsLeft: number | null };

/**
 * The personalised comparison (docs/statistics-and-privacy.md): the caller's own form against their peer group, widened
 * by the server until it is large enough.
 *
 * ```
 * waiting ──(free or re-opening: at once) / personal.run──▶ running ──figures──────▶ result
 *                                                             ├──not enough data──▶ notEnoughData
 *                                                             ├──402──────────────▶ creditGate   (emits creditsExhausted)
 *                                                             ├──no form──────────▶ formRequired
 *                                                             └──other failure────▶ failed ── personal.retry (same key) ──▶ running
 * ```
 *
 * Tags for the view: `waiting`, `busy`, `result`, `notEnoughData`, `creditGate`, `formRequired`, `failed`.
 */
export const personalComparisonMachine = setup({
  types: {
    context: {} as PersonalComparisonContext,
    events: {} as PersonalComparisonEvent,
    input: {} as PersonalComparisonInput,
    emitted: {} as PersonalComparisonEmitted,
  },
  actors: {
    runIndividualComparison: injected<IndividualComparisonResult, PersonalComparisonRequest>('personalComparison: provide runIndividualComparison'),
  },
  guards: {
    startsAtOnce: ({ context }) => context.autoStart || context.historyId !== null,
    hasFigures: (_, params: { answer: IndividualComparisonResult }) => params.answer.status === 'ok',
    isInsufficientCredits: paidSearchGuards.isInsufficientCredits,
    needsForm: paidSearchGuards.needsForm,
  },
  actions: {
    rememberAnswer: assign((_, params: { answer: IndividualComparisonResult }) => ({ result: params.answer, failure: null })),
    emitCompared: emit((_, params: { answer: IndividualComparisonResult }) => ({
      type: 'personal.compared' as const,
      creditsLeft: params.answer.creditsLeft ?? null,
    })),
    emitCreditsExhausted: emit(({ context }) => ({ type: 'personal.creditsExhausted' as const, failure: context.failure ?? failureOf(null) })),
    ...failureActions<PersonalComparisonContext, PersonalComparisonEvent, PersonalComparisonEmitted>('personal.failed'),
  },
}).createMachine({
  id: 'personalComparison',
  description: "Compares the caller's own pay with their (widened) peer group.",
  context: ({ input }) => ({ historyId: input.historyId, autoStart: input.autoStart, requestKey: input.requestKey, result: null, failure: null }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'A charged comparison waits for the corporate user to ask for it; a free one starts at once.',
      tags: ['waiting'],
      always: { guard: 'startsAtOnce', target: 'running' },
      on: { 'personal.run': { target: 'running' } },
    },
    running: {
      description: 'Asking the server for the comparison (new, or the saved one re-opened for free).',
      tags: ['busy'],
      invoke: {
        id: 'runIndividualComparison',
        src: 'runIndividualComparison',
        input: ({ context }) => ({ historyId: context.historyId, idempotencyKey: context.requestKey }),
        onDone: [
          {
            guard: { type: 'hasFigures', params: ({ event }) => ({ answer: event.output }) },
            target: 'result',
            actions: [
              { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'emitCompared', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          { target: 'notEnoughData', actions: { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: searchFailure('', { formStep: true }),
      },
    },
    result: {
      description: 'The gauges, the perception beside the measured difference, the peer group and its box plots.',
      tags: ['result'],
    },
    notEnoughData: {
      description: 'Even everyone of the year is too few for a median: nothing to compare with.',
      tags: ['notEnoughData'],
    },
    creditGate: {
      description: 'A corporate user without credits: the app warns and leads to /my-account.',
      tags: ['creditGate'],
    },
    formRequired: {
      description: 'The caller has no completed form: the way out is the questionnaire.',
      tags: ['formRequired'],
    },
    failed: {
      description: 'The comparison did not arrive; it may be asked again with the same key (never charged twice).',
      tags: ['failed'],
      on: { 'personal.retry': { target: 'running' } },
    },
  },
});

export type PersonalComparisonMachine = typeof personalComparisonMachine;
