import { assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf, isInsufficientCredits, needsForm, needsPlan } from '../personalViews/calls';
import type { EvolutionResult } from '../evolution/evolutionMachine';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

/**
 * What the projection is computed from: one evolution answer asked as a projection — the person's own peer group
 * with their own totals and (nextLevel) the same group one position level up. One request, one search's price.
 */
export type ProjectionInputs = EvolutionResult;

export interface IncomeProjectionInput {
  /** A saved projection to re-open (free); null for a new one. */
  historyId: string | null;
  /** Ask at once (free for the caller, or a re-opening); false: a corporate user confirms the charged projection. */
  autoStart: boolean;
  /** The idempotency key of this page's projection: a retry never charges twice. */
  requestKey: string;
}

export interface ProjectionRequest {
  historyId: string | null;
  idempotencyKey: string;
}

export type IncomeProjectionEvent = { type: 'projection.run' } | { type: 'projection.retry' };

/** What the page hears: failures go to the error catalogue (402: a warning and /my-account); credits are re-read. */
export type IncomeProjectionEmitted =
  | { type: 'projection.creditsExhausted'; failure: CallFailure }
  | { type: 'projection.failed'; failure: CallFailure }
  | { type: 'projection.loaded'; creditsLeft: number | null };

/** The projection's context: its input, the inputs the server gave and the last failure. */
type IncomeProjectionContext = IncomeProjectionInput & { inputs: ProjectionInputs | null; failure: CallFailure | null };

/**
 * The income projection: loads its inputs (one evolution request asked as a projection), then the view
 * model computes the projection with the pure src/domain/incomeProjection.
 *
 * ```
 * waiting ──(free or re-opening: at once) / projection.run──▶ loading ──inputs with the person's own total──▶ ready
 *                                                               ├──no own total (no completed form)──▶ noOwnFigures
 *                                                               ├──plan without it (403 PREMIUM_REQUIRED)──▶ premiumRequired
 *                                                               ├──402──▶ creditGate (emits creditsExhausted)
 *                                                               └──failure──▶ failed ──projection.retry (same key)──▶ loading
 * ```
 *
 * Tags: `waiting`, `busy`, `ready`, `noOwnFigures`, `premiumRequired`, `creditGate`, `failed`.
 */
export const incomeProjectionMachine = setup({
  types: {
    context: {} as IncomeProjectionContext,
    events: {} as IncomeProjectionEvent,
    input: {} as IncomeProjectionInput,
    emitted: {} as IncomeProjectionEmitted,
  },
  actors: {
    loadProjectionInputs: injected<ProjectionInputs, ProjectionRequest>('incomeProjection: provide loadProjectionInputs'),
  },
  guards: {
    startsAtOnce: ({ context }) => context.autoStart || context.historyId !== null,
    hasOwnTotal: (_, params: { inputs: ProjectionInputs }) => (params.inputs.userSeries ?? []).length > 0,
    isInsufficientCredits: ({ event }) => isInsufficientCredits(errorOf(event)),
    needsForm: ({ event }) => needsForm(errorOf(event)),
    needsPlan: ({ event }) => needsPlan(errorOf(event)),
  },
  actions: {
    rememberInputs: assign((_, params: { inputs: ProjectionInputs }) => ({ inputs: params.inputs, failure: null })),
    emitLoaded: emit((_, params: { inputs: ProjectionInputs }) => ({ type: 'projection.loaded' as const, creditsLeft: params.inputs.creditsLeft })),
    emitCreditsExhausted: emit(({ context }) => ({ type: 'projection.creditsExhausted' as const, failure: context.failure ?? failureOf(null) })),
    ...failureActions<IncomeProjectionContext, IncomeProjectionEvent, IncomeProjectionEmitted>('projection.failed'),
  },
}).createMachine({
  id: 'incomeProjection',
  description: "Projects the person's total five years ahead at their peer group's growth.",
  context: ({ input }) => ({ ...input, inputs: null, failure: null }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'A charged projection waits for the corporate user to ask for it; a free one (or a re-opening) starts at once.',
      tags: ['waiting'],
      always: { guard: 'startsAtOnce', target: 'loading' },
      on: { 'projection.run': { target: 'loading' } },
    },
    loading: {
      description: "Asking for the evolution of the person's peer group and of the next position level's peers (one search).",
      tags: ['busy'],
      invoke: {
        id: 'loadProjectionInputs',
        src: 'loadProjectionInputs',
        input: ({ context }) => ({ historyId: context.historyId, idempotencyKey: context.requestKey }),
        onDone: [
          {
            guard: { type: 'hasOwnTotal', params: ({ event }) => ({ inputs: event.output }) },
            target: 'ready',
            actions: [
              { type: 'rememberInputs', params: ({ event }) => ({ inputs: event.output }) },
              { type: 'emitLoaded', params: ({ event }) => ({ inputs: event.output }) },
            ],
          },
          {
            target: 'noOwnFigures',
            actions: [
              { type: 'rememberInputs', params: ({ event }) => ({ inputs: event.output }) },
              { type: 'emitLoaded', params: ({ event }) => ({ inputs: event.output }) },
            ],
          },
        ],
        onError: [
          {
            guard: 'isInsufficientCredits',
            target: 'creditGate',
            actions: ['rememberFailure', 'emitCreditsExhausted'],
          },
          { guard: 'needsPlan', target: 'premiumRequired', actions: 'rememberFailure' },
          { guard: 'needsForm', target: 'noOwnFigures', actions: 'rememberFailure' },
          { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    ready: {
      description: 'The projection, its band, real terms and the next-level scenario, with the assumptions explained.',
      tags: ['ready'],
    },
    noOwnFigures: {
      description: 'The person has no completed form to start from: the way out is the questionnaire.',
      tags: ['noOwnFigures'],
    },
    premiumRequired: {
      description: "The member's plan lacks the income projection (403 PREMIUM_REQUIRED): the way out is the premium modal, the plan that unlocks it marked.",
      tags: ['premiumRequired'],
    },
    creditGate: {
      description: 'A corporate user without credits: the app warns and leads to /my-account.',
      tags: ['creditGate'],
    },
    failed: {
      description: 'The inputs did not arrive; they may be asked again with the same key (never charged twice).',
      tags: ['failed'],
      on: { 'projection.retry': { target: 'loading' } },
    },
  },
});

export type IncomeProjectionMachine = typeof incomeProjectionMachine;
