import { assign, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import type { PaidPlan } from '../../src/domain/entitlements';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

export type PerceptionHistory = components['schemas']['PerceptionHistory'];

export interface PerceptionHistoryContext {
  history: PerceptionHistory | null;
  /** The cheapest plan that opens the view, when the server refused it (403 PREMIUM_REQUIRED). */
  requiredPlan: PaidPlan | null;
  failure: CallFailure | null;
}

export type PerceptionHistoryEvent = { type: 'perception.retry' };

export type PerceptionHistoryEmitted = { type: 'perception.failed'; failure: CallFailure };

const PAID_PLANS: readonly string[] = ['basic', 'advanced', 'premium'];

/** The plan a 403 PREMIUM_REQUIRED names (requiredPlan), or the cheapest paid plan when it names none. */
export function requiredPlanOf(failure: CallFailure): PaidPlan {
  const named = (failure.body as { requiredPlan?: unknown } | null)?.requiredPlan;
  return typeof named === 'string' && PAID_PLANS.includes(named) ? (named as PaidPlan) : 'basic';
}

/**
 * The perception over the years (a section of your-evolution): the person's belief about their pay against the
 * position their personalised comparison published, year by year, read once (GET forms/perception-history).
 *
 * ```
 * loading ─done─▶ shown (a year or more) | empty (no completed form yet)
 *    │  ─error 403 PREMIUM_REQUIRED─▶ premiumRequired (the plan that opens it)
 *    └─ other error ─▶ failed ─retry─▶ loading
 * ```
 *
 * - Emits `perception.failed` for a failure other than the plan's refusal (the app may notify it).
 * - Tags: `loading`, `shown`, `empty`, `premiumRequired`, `failed`.
 */
export const perceptionHistoryMachine = setup({
  types: {
    context: {} as PerceptionHistoryContext,
    events: {} as PerceptionHistoryEvent,
    emitted: {} as PerceptionHistoryEmitted,
  },
  actors: {
    loadHistory: injected<PerceptionHistory>('perceptionHistory: provide loadHistory'),
  },
  guards: {
    hasYears: (_, params: { history: PerceptionHistory }) => params.history.years.length > 0,
    isPremiumRequired: ({ event }) => {
      const failure = failureOf(errorOf(event));
      return failure.status === 403 && failure.errorCode === 'PREMIUM_REQUIRED';
    },
  },
  actions: {
    rememberHistory: assign((_, params: { history: PerceptionHistory }) => ({ history: params.history, failure: null })),
    rememberRequiredPlan: assign(({ event }) => ({ requiredPlan: requiredPlanOf(failureOf(errorOf(event))), failure: null })),
    forgetFailure: assign({ failure: null }),
    ...failureActions<PerceptionHistoryContext, PerceptionHistoryEvent, PerceptionHistoryEmitted>('perception.failed'),
  },
}).createMachine({
  id: 'perceptionHistory',
  description: 'The belief about one’s pay against the published position, over the survey years.',
  context: { history: null, requiredPlan: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the belief and the published position of every year with a completed questionnaire.',
      tags: ['loading'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        onDone: [
          {
            guard: { type: 'hasYears', params: ({ event }) => ({ history: event.output }) },
            target: 'shown',
            actions: { type: 'rememberHistory', params: ({ event }) => ({ history: event.output }) },
          },
          { target: 'empty', actions: { type: 'rememberHistory', params: ({ event }) => ({ history: event.output }) } },
        ],
        onError: [
          { guard: 'isPremiumRequired', target: 'premiumRequired', actions: 'rememberRequiredPlan' },
          { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    shown: {
      description: 'The chart of belief against position over the years, and one sentence on how the belief moved.',
      tags: ['shown'],
    },
    empty: {
      description: 'No completed questionnaire yet: nothing to chart.',
      tags: ['empty'],
    },
    premiumRequired: {
      description: 'The person’s plan does not include this view: the cheapest plan that does is named.',
      tags: ['premiumRequired'],
    },
    failed: {
      description: 'The history could not be read: try again.',
      tags: ['failed'],
      on: { 'perception.retry': { target: 'loading', actions: 'forgetFailure' } },
    },
  },
});

export type PerceptionHistoryMachine = typeof perceptionHistoryMachine;
