import { assign, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf, needsForm } from '../personalViews/calls';
import type { EvolutionResult } from '../evolution/evolutionMachine';

/**
 * What the projection is computed from: the evolution of the person's own peer group (with their own totals)
 * and, when there is a next position level, the evolution of that level's peers in the same sector and country.
 */
export interface ProjectionInputs {
  own: EvolutionResult;
  nextLevel: { level: string; evolution: EvolutionResult } | null;
}

export type IncomeProjectionEvent = { type: 'projection.retry' };

/**
 * The income projection (issue 14): loads its inputs, then the view model computes the projection with the pure
 * src/domain/incomeProjection.
 *
 * ```
 * loading ──inputs with the person's own total──▶ ready
 *    ├──no own total (no completed form)────────▶ noOwnFigures
 *    └──failure──▶ failed ──projection.retry──▶ loading
 * ```
 */
export const incomeProjectionMachine = setup({
  types: {
    context: {} as { inputs: ProjectionInputs | null; failure: CallFailure | null },
    events: {} as IncomeProjectionEvent,
  },
  actors: {
    loadProjectionInputs: fromPromise<ProjectionInputs>(async () => {
      throw new Error('incomeProjection: provide loadProjectionInputs');
    }),
  },
  guards: {
    hasOwnTotal: (_, params: { inputs: ProjectionInputs }) => (params.inputs.own.userSeries ?? []).length > 0,
    needsForm: (_, params: { error: unknown }) => needsForm(params.error),
  },
  actions: {
    rememberInputs: assign((_, params: { inputs: ProjectionInputs }) => ({ inputs: params.inputs, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
}).createMachine({
  id: 'incomeProjection',
  description: "Projects the person's total five years ahead at their peer group's growth.",
  context: { inputs: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Asking for the evolution of the person's peer group and of the next position level's peers.",
      tags: ['busy'],
      invoke: {
        id: 'loadProjectionInputs',
        src: 'loadProjectionInputs',
        onDone: [
          {
            guard: { type: 'hasOwnTotal', params: ({ event }) => ({ inputs: event.output }) },
            target: 'ready',
            actions: { type: 'rememberInputs', params: ({ event }) => ({ inputs: event.output }) },
          },
          { target: 'noOwnFigures', actions: { type: 'rememberInputs', params: ({ event }) => ({ inputs: event.output }) } },
        ],
        onError: [
          { guard: { type: 'needsForm', params: ({ event }) => ({ error: event.error }) }, target: 'noOwnFigures', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
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
    failed: {
      description: 'The inputs did not arrive; they may be asked again.',
      tags: ['failed'],
      on: { 'projection.retry': { target: 'loading' } },
    },
  },
});

export type IncomeProjectionMachine = typeof incomeProjectionMachine;
