import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { OutlierPackResult } from '../outlierPacks/calls';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { failTo, loadCall, outputOf, retryOn } from '../shared/load';

export interface CalculationProgress {
  done: number;
  total: number;
  phase: string | null;
}

export interface OutlierCalculationInput {
  packId: string;
}

export interface OutlierCalculationContext {
  packId: string;
  result: OutlierPackResult | null;
  jobId: string | null;
  progress: CalculationProgress | null;
  failure: CallFailure | null;
}

/** What the job follower sends back to the machine while a background calculation runs. */
export type JobFollowerEvent =
  | { type: 'calculation.progress'; done: number; total: number; phase: string | null }
  | { type: 'calculation.jobDone' }
  | { type: 'calculation.jobFailed'; error: string | null };

export type OutlierCalculationEvent = { type: 'calculation.start' } | { type: 'calculation.retry' } | JobFollowerEvent;

export type OutlierCalculationEmitted =
  { type: 'calculation.finished'; packId: string; result: OutlierPackResult } | { type: 'calculation.failed'; failure: CallFailure };

/** Calculating again, from a result shown or from none. */
const start = { target: 'starting', actions: 'forgetFailure' } as const;

/**
 * One pack's calculation and impact (/admin/outliers, the pack's panel): its stored result, and calculating it
 * again with the progress the page follows.
 *
 * ```
 * loadingResult ──[result]──▶ showing ── start ──▶ starting ──done(jobId)──▶ running ── jobDone ──▶ finishing ──▶ showing
 *      │  └──[none]──▶ idle ── start ─────┘                                    │
 *      └─error─▶ failed ◀───────────────── error ──────────────────────────────┴── jobFailed
 *                  └── retry ──▶ loadingResult
 * ```
 *
 * - The server queues the calculation as a background job: `running` follows it (the `followJob` actor,
 *   machines/jobProgress reading GET /api/jobs/{id}, reports progress and the end).
 * - After a calculation the stored result is read again (it is what the list and the activation rely on).
 * - Tags: `loading`, `idle`, `showing`, `calculating`, `failed`.
 */
export const outlierCalculationMachine = setup({
  types: {
    context: {} as OutlierCalculationContext,
    events: {} as OutlierCalculationEvent,
    input: {} as OutlierCalculationInput,
    emitted: {} as OutlierCalculationEmitted,
  },
  actors: {
    loadResult: injected<OutlierPackResult | null, { packId: string }>('outlierCalculation: provide loadResult'),
    startCalculation: injected<string, { packId: string }>('outlierCalculation: provide startCalculation'),
    followJob: fromCallback<{ type: 'noop' }, { jobId: string }>(() => {
      throw new Error('outlierCalculation: provide followJob');
    }),
  },
  guards: {
    hasResult: ({ event }) => outputOf<OutlierPackResult | null>(event) !== null,
  },
  actions: {
    rememberResult: assign(({ event }) => ({ result: outputOf<OutlierPackResult | null>(event), failure: null })),
    rememberJob: assign(({ event }) => ({ jobId: outputOf<string>(event), progress: null })),
    rememberProgress: assign(({ event }) => {
      assertEvent(event, 'calculation.progress');
      return { progress: { done: event.done, total: event.total, phase: event.phase } };
    }),
    forgetJob: assign({ jobId: null, progress: null }),
    forgetFailure: assign({ failure: null }),
    rememberJobFailure: assign(({ event }) => {
      assertEvent(event, 'calculation.jobFailed');
      return {
        failure: { ok: false as const, status: 500, value: null, reason: 'http' as const, body: null, errorCode: event.error ?? 'JOB_FAILED', request: null },
      };
    }),
    emitFinished: emit(({ context }) => ({ type: 'calculation.finished' as const, packId: context.packId, result: context.result! })),
    ...failureActions<OutlierCalculationContext, OutlierCalculationEvent, OutlierCalculationEmitted>('calculation.failed'),
  },
}).createMachine({
  id: 'outlierCalculation',
  description: "One pack's impact: its stored result, and calculating it again with progress.",
  context: ({ input }) => ({ packId: input.packId, result: null, jobId: null, progress: null, failure: null }),
  initial: 'loadingResult',
  states: {
    loadingResult: {
      description: "Reading the pack's stored result.",
      tags: ['loading'],
      invoke: {
        id: 'loadResult',
        src: 'loadResult',
        input: ({ context }) => ({ packId: context.packId }),
        onDone: [
          { guard: 'hasResult', target: 'showing', actions: 'rememberResult' },
          { target: 'idle', actions: 'rememberResult' },
        ],
        onError: failTo('failed'),
      },
    },
    idle: {
      description: 'Never calculated with its current rules: nothing to show yet.',
      tags: ['idle'],
      on: { 'calculation.start': start },
    },
    showing: {
      description: 'The impact: forms flagged, per measure the median and p90 before and after, overall and per group.',
      tags: ['showing'],
      on: { 'calculation.start': start },
    },
    starting: {
      description: 'Asking the server to queue the calculation as a background job.',
      tags: ['calculating'],
      invoke: { ...loadCall('startCalculation', 'running', 'rememberJob'), input: ({ context }) => ({ packId: context.packId }) },
    },
    running: {
      description: 'The background job runs; its progress is shown.',
      tags: ['calculating'],
      invoke: { id: 'followJob', src: 'followJob', input: ({ context }) => ({ jobId: context.jobId ?? '' }) },
      on: {
        'calculation.progress': { actions: 'rememberProgress' },
        'calculation.jobDone': { target: 'finishing', actions: 'forgetJob' },
        'calculation.jobFailed': { target: 'failed', actions: ['rememberJobFailure', 'forgetJob', 'emitFailed'] },
      },
    },
    finishing: {
      description: 'Reading the new result.',
      tags: ['calculating'],
      invoke: {
        id: 'loadNewResult',
        src: 'loadResult',
        input: ({ context }) => ({ packId: context.packId }),
        onDone: [
          { guard: 'hasResult', target: 'showing', actions: ['rememberResult', 'emitFinished'] },
          { target: 'idle', actions: 'rememberResult' },
        ],
        onError: failTo('failed'),
      },
    },
    failed: { description: 'The result could not be read or the calculation failed; the reason is shown.', ...retryOn('calculation.retry', 'loadingResult') },
  },
});

export type OutlierCalculationMachine = typeof outlierCalculationMachine;
