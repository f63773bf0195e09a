import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { outputOf, retryOn } from '../shared/load';

export type SalaryBandList = components['schemas']['SalaryBandList'];
export type SalaryBand = components['schemas']['SalaryBand'];
export type JobRoleInput = components['schemas']['JobRoleInput'];
export type BandPolicyInput = components['schemas']['BandPolicyInput'];
export type PayStanding = components['schemas']['PayStanding'];

/** One change of the job architecture or its bands; the actor answers the bands as they are after it. */
export type BandsCommand =
  | { kind: 'saveRole'; id: string | null; role: JobRoleInput }
  | { kind: 'deleteRole'; id: string }
  | { kind: 'savePolicy'; policy: BandPolicyInput }
  | { kind: 'compute' }
  | { kind: 'editBand'; id: string; low: number; high: number };

export interface SalaryBandsContext {
  list: SalaryBandList | null;
  /** The change being sent, or refused last (the view keeps its form open with it). */
  command: BandsCommand | null;
  /** The reporting year whose standing is shown. */
  year: number | null;
  standing: PayStanding | null;
  /** The last failed call of the bands (a refused change names its error code). */
  failure: CallFailure | null;
  /** The last failed read of a standing (kept apart, so it never hides why a change was refused). */
  standingFailure: CallFailure | null;
}

export type SalaryBandsEvent =
  { type: 'bands.retry' } | { type: 'bands.run'; command: BandsCommand } | { type: 'bands.dismiss' } | { type: 'bands.showYear'; year: number };

export type SalaryBandsEmitted = { type: 'bands.changed'; command: BandsCommand } | { type: 'bands.failed'; failure: CallFailure };

const RUN = { target: '#salaryBands.bands.ready.running', actions: 'keepCommand' } as const;
const SHOW_YEAR = { target: '#salaryBands.standing.loading', actions: 'keepYear' } as const;

/**
 * The salary bands page (/pay-transparency/bands; docs/pay-transparency.md): the company's roles and band policy, its
 * bands computed from the market (charged: the cost is shown before), edited by hand, and where the people of a
 * payroll year stand against them. Two regions:
 *
 * ```
 * bands:    loading ──ok──▶ ready.idle ──run(command)──▶ running ──ok──▶ done (emits bands.changed)
 *             └─error─▶ failed ─retry─▶ loading            ├─400/404/409─▶ refused (form kept)
 *                                                           ├─402─▶ short (not enough credits)
 *                                                           └─other─▶ runFailed
 *           done, refused, short, runFailed ──run──▶ running; ──dismiss──▶ idle
 * standing: none ──showYear(year)──▶ loading ──ok──▶ shown; 404 ─▶ missing; error ─▶ failed ─retry─▶ loading
 * ```
 *
 * Tags: `loading`, `failed`, `ready`, `running`, `done`, `refused`, `short`, `runFailed`, `standingLoading`,
 * `standingShown`, `standingMissing`, `standingFailed`.
 */
export const salaryBandsMachine = setup({
  types: {
    context: {} as SalaryBandsContext,
    events: {} as SalaryBandsEvent,
    emitted: {} as SalaryBandsEmitted,
  },
  actors: {
    loadBands: injected<SalaryBandList>('salaryBands: provide loadBands'),
    runCommand: injected<SalaryBandList, BandsCommand>('salaryBands: provide runCommand'),
    loadStanding: injected<PayStanding, { year: number }>('salaryBands: provide loadStanding'),
  },
  guards: {
    isShort: ({ event }) => failureOf(errorOf(event)).status === 402,
    isRefused: ({ event }) => [400, 404, 409].includes(failureOf(errorOf(event)).status ?? 0),
    isMissing: ({ event }) => failureOf(errorOf(event)).status === 404,
  },
  actions: {
    keepList: assign(({ event }) => ({ list: outputOf<SalaryBandList>(event), failure: null })),
    keepCommand: assign(({ event }) => {
      assertEvent(event, 'bands.run');
      return { command: event.command, failure: null };
    }),
    forgetCommand: assign({ command: null, failure: null }),
    keepYear: assign(({ event }) => {
      assertEvent(event, 'bands.showYear');
      return { year: event.year, standing: null };
    }),
    keepStanding: assign(({ event }) => ({ standing: outputOf<PayStanding>(event), standingFailure: null })),
    rememberStandingFailure: assign(({ event }) => ({ standingFailure: failureOf(errorOf(event)) })),
    emitStandingFailed: emit(({ context }) => ({ type: 'bands.failed' as const, failure: context.standingFailure ?? failureOf(null) })),
    emitChanged: emit(({ context }) => ({ type: 'bands.changed' as const, command: context.command! })),
    ...failureActions<SalaryBandsContext, SalaryBandsEvent, SalaryBandsEmitted>('bands.failed'),
  },
}).createMachine({
  id: 'salaryBands',
  description: "The company's job architecture, its salary bands from the market and where its people stand.",
  context: { list: null, command: null, year: null, standing: null, failure: null, standingFailure: null },
  type: 'parallel',
  states: {
    bands: {
      description: 'The roles, the policy and the bands.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Reading the roles, the policy and the bands (free).',
          tags: ['loading'],
          invoke: {
            id: 'loadBands',
            src: 'loadBands',
            onDone: { target: 'ready', actions: 'keepList' },
            onError: { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
          },
        },
        failed: { description: 'The bands could not be read: the same call can be tried again.', ...retryOn('bands.retry') },
        ready: {
          description: 'The roles and bands are shown; one change at a time.',
          tags: ['ready'],
          initial: 'idle',
          states: {
            idle: { description: 'Nothing being changed.', on: { 'bands.run': RUN } },
            running: {
              description: 'Sending the change (computing is charged: its cost was shown first).',
              tags: ['running'],
              invoke: {
                id: 'runCommand',
                src: 'runCommand',
                input: ({ context }) => context.command!,
                onDone: { target: 'done', actions: ['keepList', 'emitChanged'] },
                onError: [
                  { guard: 'isShort', target: 'short', actions: 'rememberFailure' },
                  { guard: 'isRefused', target: 'refused', actions: 'rememberFailure' },
                  { target: 'runFailed', actions: ['rememberFailure', 'emitFailed'] },
                ],
              },
            },
            done: {
              description: 'The change is saved; the bands shown are the server’s.',
              tags: ['done'],
              on: { 'bands.run': RUN, 'bands.dismiss': { target: 'idle', actions: 'forgetCommand' } },
            },
            refused: {
              description: 'The server refused the change (bad input, a name taken, gone): said plainly, the form kept.',
              tags: ['refused'],
              on: { 'bands.run': RUN, 'bands.dismiss': { target: 'idle', actions: 'forgetCommand' } },
            },
            short: {
              description: 'Not enough credits to compute: nothing was charged or changed.',
              tags: ['short'],
              on: { 'bands.run': RUN, 'bands.dismiss': { target: 'idle', actions: 'forgetCommand' } },
            },
            runFailed: {
              description: 'No answer or a server error: the change can be sent again.',
              tags: ['runFailed'],
              on: { 'bands.run': RUN, 'bands.dismiss': { target: 'idle', actions: 'forgetCommand' } },
            },
          },
        },
      },
    },
    standing: {
      description: 'Where the people of a payroll year stand.',
      initial: 'none',
      states: {
        none: { description: 'No year chosen.', on: { 'bands.showYear': SHOW_YEAR } },
        loading: {
          description: "Reading the year's standing.",
          tags: ['standingLoading'],
          invoke: {
            id: 'loadStanding',
            src: 'loadStanding',
            input: ({ context }) => ({ year: context.year! }),
            onDone: { target: 'shown', actions: 'keepStanding' },
            onError: [
              { guard: 'isMissing', target: 'missing', actions: 'rememberStandingFailure' },
              { target: 'failed', actions: ['rememberStandingFailure', 'emitStandingFailed'] },
            ],
          },
        },
        shown: { description: 'The standing of the year.', tags: ['standingShown'], on: { 'bands.showYear': SHOW_YEAR } },
        missing: { description: 'The year has no payroll.', tags: ['standingMissing'], on: { 'bands.showYear': SHOW_YEAR } },
        failed: {
          description: 'The standing could not be read.',
          tags: ['standingFailed'],
          on: { 'bands.showYear': SHOW_YEAR, 'bands.retry': { target: 'loading' } },
        },
      },
    },
  },
});

export type SalaryBandsMachine = typeof salaryBandsMachine;
