// The salary bands flow walked along its graph against the real actor with fake calls: the bands loaded (or failed
// and asked again), one change at a time (saved, refused, short of credits, failed), and a payroll year's standing.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  salaryBandsMachine,
  type BandsCommand,
  type PayStanding,
  type SalaryBandList,
  type SalaryBandsEmitted,
  type SalaryBandsEvent,
  type SalaryBandsMachine,
} from '../../machines/payTransparency/salaryBandsMachine';
import { salaryBandsView } from '../../machines/payTransparency/viewModel';
import { fallbackFileName } from '../../machines/payTransparency/actors';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const failure = (status: number, errorCode: string | null): CallFailure => ({
  ok: false,
  status,
  value: null,
  reason: status === 0 ? 'network' : 'http',
  body: null,
  errorCode,
  request: null,
});
const OFFLINE = failure(0, null);
const SHORT = failure(402, 'INSUFFICIENT_CREDITS');
const TAKEN = failure(409, 'JOB_ROLE_NAME_TAKEN');
const MISSING = failure(404, 'PAYROLL_NOT_FOUND');

const LIST: SalaryBandList = {
  policy: { from: 25, to: 75, basis: 'fixed', stepPercent: 10, saved: true },
  bands: [],
  releaseYear: 2026,
  computeCost: 2,
  creditsLeft: 5,
};
const STANDING: PayStanding = {
  reportingYear: 2025,
  employees: [],
  belowBand: [],
  belowBandBySex: { woman: 0, man: 0, other: 0 },
  positionCounts: { below: 0, within: 0, above: 0, 'no-band': 0 },
  categories: [],
};
const COMPUTE: BandsCommand = { kind: 'compute' };
const ADD_ROLE: BandsCommand = {
  kind: 'saveRole',
  id: null,
  role: { name: 'Analista', positionLevel: 'senior-professional', functionalArea: 'finance', country: 'es' },
};

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<SalaryBandsMachine> {
  load: Pending<SalaryBandList> | null;
  run: Pending<SalaryBandList> | null;
  standing: Pending<PayStanding> | null;
  loads: number;
  sent: BandsCommand[];
  years: number[];
  emitted: SalaryBandsEmitted[];
  lastFailure: CallFailure | null;
}

function createWorld(): World {
  const world = { load: null, run: null, standing: null, loads: 0, sent: [], years: [], emitted: [], lastFailure: null } as Omit<World, 'actor'> as World;
  const machine = salaryBandsMachine.provide({
    actors: {
      loadBands: fromPromise<SalaryBandList>(() => {
        world.loads += 1;
        return new Promise((resolve, reject) => (world.load = { resolve, reject }));
      }),
      runCommand: fromPromise<SalaryBandList, BandsCommand>(({ input }) => {
        world.sent.push(input);
        return new Promise((resolve, reject) => (world.run = { resolve, reject }));
      }),
      loadStanding: fromPromise<PayStanding, { year: number }>(({ input }) => {
        world.years.push(input.year);
        return new Promise((resolve, reject) => (world.standing = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const serialize = (s: MachineSnapshot<SalaryBandsMachine>) => JSON.stringify(s.value);

const graph = machineGraph({
  machine: salaryBandsMachine,
  serializeState: serialize,
  events: eventsWithFixtures<SalaryBandsEvent>(
    {
      'bands.run': [
        { type: 'bands.run', command: COMPUTE },
        { type: 'bands.run', command: ADD_ROLE },
      ],
      'bands.showYear': [{ type: 'bands.showYear', year: 2025 }],
    },
    {
      outputs: { loadBands: [LIST], runCommand: [LIST], loadStanding: [STANDING] },
      errors: { loadBands: [OFFLINE], runCommand: [OFFLINE, SHORT, TAKEN], loadStanding: [OFFLINE, MISSING] },
    },
  ),
});

const assertions = {
  bands: () => {},
  'bands.loading': (world, snapshot) => {
    expect(world.loads).toBeGreaterThan(0);
    expect(salaryBandsView(snapshot)).toMatchObject({ status: 'loading', canRun: false });
  },
  'bands.failed': (world, snapshot) => {
    expect(salaryBandsView(snapshot).status).toBe('failed');
    expect(world.emitted).toContainEqual({ type: 'bands.failed', failure: OFFLINE });
  },
  'bands.ready': (_world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ status: 'ready', list: LIST });
  },
  'bands.ready.idle': (_world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ commandStatus: 'idle', command: null, canRun: true });
  },
  'bands.ready.running': (world, snapshot) => {
    const view = salaryBandsView(snapshot);
    expect(view).toMatchObject({ commandStatus: 'running', canRun: false });
    expect(world.sent.at(-1)).toEqual(view.command);
  },
  'bands.ready.done': (world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ commandStatus: 'done', canRun: true });
    expect(world.emitted).toContainEqual({ type: 'bands.changed', command: world.sent.at(-1) });
  },
  'bands.ready.refused': (_world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ commandStatus: 'refused', refusal: 'JOB_ROLE_NAME_TAKEN', canRun: true });
    // The refused change stays, so the form it came from stays open.
    expect(salaryBandsView(snapshot).command).not.toBeNull();
  },
  'bands.ready.short': (world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ commandStatus: 'short', canRun: true });
    expect(snapshot.context.failure).toBe(SHORT);
    expect(world.sent.at(-1)).toEqual(snapshot.context.command);
  },
  'bands.ready.runFailed': (world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ commandStatus: 'runFailed', canRun: true });
    expect(snapshot.context.failure).toBe(OFFLINE);
    expect(world.emitted).toContainEqual({ type: 'bands.failed', failure: OFFLINE });
  },
  standing: () => {},
  'standing.none': (_world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ standingStatus: 'none', year: null, standing: null });
  },
  'standing.loading': (world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ standingStatus: 'loading', year: 2025, standing: null });
    expect(world.years.at(-1)).toBe(2025);
  },
  'standing.shown': (_world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ standingStatus: 'shown', standing: STANDING });
  },
  'standing.missing': (world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ standingStatus: 'missing', standing: null });
    expect(world.emitted.filter((event) => event.type === 'bands.failed' && event.failure.status === 404)).toEqual([]);
  },
  'standing.failed': (world, snapshot) => {
    expect(salaryBandsView(snapshot)).toMatchObject({ standingStatus: 'failed', standing: null });
    expect(snapshot.context.standingFailure).toBe(OFFLINE);
    expect(world.emitted).toContainEqual({ type: 'bands.failed', failure: OFFLINE });
  },
} satisfies StateAssertions<SalaryBandsMachine, World>;

const driver = actorDriver<SalaryBandsMachine, World>({
  start: createWorld,
  executors: {
    'bands.retry': send,
    'bands.run': send,
    'bands.dismiss': send,
    'bands.showYear': send,
  } satisfies EventExecutors<SalaryBandsEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadBands': (world, event) => world.load!.resolve(event.output as SalaryBandList),
    'xstate.error.actor.loadBands': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.load!.reject(event.error);
    },
    'xstate.done.actor.runCommand': (world, event) => world.run!.resolve(event.output as SalaryBandList),
    'xstate.error.actor.runCommand': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.run!.reject(event.error);
    },
    'xstate.done.actor.loadStanding': (world, event) => world.standing!.resolve(event.output as PayStanding),
    'xstate.error.actor.loadStanding': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.standing!.reject(event.error);
    },
  },
  serializeState: serialize,
});

describeMachinePaths('salaryBands paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('the bands CSV file name', () => {
  it('is named in the language when the answer names none', () => {
    expect(fallbackFileName({ kind: 'bands', language: 'es' })).toBe('bandas-salariales.csv');
    expect(fallbackFileName({ kind: 'bands', language: 'en' })).toBe('salary-bands.csv');
  });
});
