// The configuration editor machine (min values, inflation data, exchange rates share it) walked along its graph
// against the real actor with the real check of the minimum-values editor and a fake save; and the three editors'
// checks and conversions.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  provideConfigEditor,
  type ConfigEditorEmitted,
  type ConfigEditorEvent,
  type ConfigEditorMachine,
  type EditorProblem,
} from '../../machines/configEditor/configEditorMachine';
import { configEditorView } from '../../machines/configEditor/viewModel';
import {
  exchangeRatesBody,
  exchangeRatesProblems,
  inflationBody,
  inflationProblems,
  minValuesBody,
  minValuesProblems,
  parseDecimal,
  parseWhole,
  type MinValuesForm,
} from '../../machines/configEditor/editors';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const STORED: MinValuesForm = { minFixed: '80000', compTotal: '80000', deferredMax: '100000000' };
const GOOD: MinValuesForm = { minFixed: '90000', compTotal: '95000', deferredMax: '5000000' };
const BAD: MinValuesForm = { minFixed: '70000', compTotal: 'lots', deferredMax: '5000000' };
const PROBLEM: EditorProblem = { field: 'minFixed', messageKey: 'admin.configs.errors.out_of_range', values: { min: 80_000, max: 6_000_000 } };
const REFUSAL: CallFailure = {
  ok: false,
  status: 400,
  value: null,
  reason: 'http',
  body: { error: 'Invalid body', errorCode: 'VALIDATION_ERROR' },
  errorCode: 'VALIDATION_ERROR',
  request: null,
};

const logic = provideConfigEditor<MinValuesForm>(
  minValuesProblems,
  fromPromise(async ({ input }) => input.values),
);

const serializeState = (s: MachineSnapshot<ConfigEditorMachine>) =>
  JSON.stringify({ value: s.value, values: s.context.values, problems: s.context.problems.length, stored: s.context.stored });

const graph = machineGraph({
  machine: logic,
  input: { values: STORED },
  serializeState,
  events: eventsWithFixtures<ConfigEditorEvent>(
    {
      'editor.edit': [
        { type: 'editor.edit', values: GOOD },
        { type: 'editor.edit', values: BAD },
      ],
    },
    { outputs: { validate: [[], [PROBLEM]], save: [GOOD] }, errors: { save: [REFUSAL] } },
  ),
});

interface World extends ActorWorld<ConfigEditorMachine> {
  checking: { resolve(problems: EditorProblem[]): void } | null;
  /** The problems the last check found. */
  found: EditorProblem[];
  saving: { resolve(values: MinValuesForm): void; reject(error: unknown): void } | null;
  saves: MinValuesForm[];
  emitted: ConfigEditorEmitted[];
  /** What the admin typed last, and what the server stored last. */
  typed: MinValuesForm;
  stored: MinValuesForm;
}

function createWorld(): World {
  const world = { checking: null, found: [], saving: null, saves: [], emitted: [], typed: STORED, stored: STORED } as Omit<World, 'actor'> as World;
  // The check is a fake here, answered by the path (the real checks are tested below).
  const machine = provideConfigEditor<MinValuesForm>(
    minValuesProblems,
    fromPromise<MinValuesForm, { values: MinValuesForm }>(({ input }) => {
      world.saves.push(input.values);
      return new Promise((resolve, reject) => (world.saving = { resolve, reject }));
    }),
  ).provide({
    actors: { validate: fromPromise<EditorProblem[], { values: unknown }>(() => new Promise((resolve) => (world.checking = { resolve }))) },
  });
  world.actor = createActor(machine, { input: { values: STORED } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<ConfigEditorMachine, World>({
  start: createWorld,
  executors: {
    'editor.edit': (world, event) => {
      world.typed = event.values as MinValuesForm;
      send(world, event);
    },
    'editor.submit': send,
    'editor.confirm': send,
    'editor.cancel': send,
  } satisfies EventExecutors<ConfigEditorEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.validate': (world, event) => {
      world.found = event.output as EditorProblem[];
      world.checking!.resolve(world.found);
    },
    'xstate.done.actor.save': (world, event) => {
      world.stored = event.output as MinValuesForm;
      world.saving!.resolve(world.stored);
    },
    'xstate.error.actor.save': (world, event) => world.saving!.reject(event.error),
  },
  serializeState,
});

const view = (snapshot: MachineSnapshot<ConfigEditorMachine>) => configEditorView<MinValuesForm>(snapshot);

const assertions = {
  editing: (world, snapshot) => {
    const v = view(snapshot);
    expect(v).toMatchObject({ status: 'editing', values: world.typed, stored: world.stored, busy: false, canSubmit: true });
    // Problems are those the last check found (none once edited again).
    if (v.problems.length > 0) expect(v.problems).toEqual(world.found);
  },
  validating: (world, snapshot) => expect(view(snapshot)).toMatchObject({ status: 'validating', busy: true, values: world.typed, problems: [] }),
  confirming: (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ status: 'confirming', values: world.typed, problems: [] });
    expect(world.found).toEqual([]);
  },
  saving: (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ status: 'saving', busy: true });
    expect(world.saves.at(-1)).toEqual(world.typed);
  },
  saved: (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ status: 'saved', values: world.stored, stored: world.stored, changed: false });
    expect(world.emitted.at(-1)).toEqual({ type: 'editor.saved', values: world.stored });
  },
  failed: (world, snapshot) => {
    // A failed save keeps what was typed.
    expect(view(snapshot)).toMatchObject({ status: 'failed', values: world.typed, failure: REFUSAL, canSubmit: true });
    expect(world.emitted.at(-1)).toEqual({ type: 'editor.failed', failure: REFUSAL });
  },
} satisfies StateAssertions<ConfigEditorMachine, World>;

describeMachinePaths('configEditor paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('configEditor behaviour', () => {
  const tick = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it("bad values go back to editing with the real check's problems and are never sent", async () => {
    const saves: unknown[] = [];
    const actor = createActor(
      provideConfigEditor<MinValuesForm>(
        minValuesProblems,
        fromPromise(async ({ input }) => (saves.push(input.values), input.values)),
      ),
      { input: { values: STORED } },
    ).start();
    actor.send({ type: 'editor.edit', values: BAD });
    actor.send({ type: 'editor.submit' });
    await tick();
    const v = view(actor.getSnapshot());
    expect(v.status).toBe('editing');
    expect(v.problems).toEqual([
      { field: 'minFixed', messageKey: 'admin.configs.errors.out_of_range', values: { min: 80_000, max: 6_000_000 } },
      { field: 'compTotal', messageKey: 'admin.configs.errors.not_whole' },
    ]);
    expect(saves).toEqual([]);
  });

  it('good values are sent once confirmed and become the stored ones', async () => {
    const actor = createActor(
      provideConfigEditor<MinValuesForm>(
        minValuesProblems,
        fromPromise(async ({ input }) => input.values),
      ),
      { input: { values: STORED } },
    ).start();
    actor.send({ type: 'editor.edit', values: GOOD });
    actor.send({ type: 'editor.submit' });
    await tick();
    expect(view(actor.getSnapshot()).status).toBe('confirming');
    actor.send({ type: 'editor.confirm' });
    await tick();
    expect(view(actor.getSnapshot())).toMatchObject({ status: 'saved', stored: GOOD, changed: false });
  });
});

describe('the editors', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('read amounts and decimals as typed', () => {
    expect(parseWhole('90.000')).toBe(90_000);
    expect(parseWhole('1 250 000')).toBe(1_250_000);
    expect(parseWhole('90k')).toBeNull();
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal('−1.2')).toBe(-1.2);
    expect(parseDecimal('abc')).toBeNull();
    expect(minValuesBody({ minFixed: '90.000', compTotal: '95000', deferredMax: '0' })).toEqual({ minFixed: 90_000, compTotal: 95_000, deferredMax: 0 });
  });

  it('check inflation rows as the server does', () => {
    const rows = [
      { year: '2025', country: '', rate: '2,4', estimate: false },
      { year: '2025', country: '', rate: '2.5', estimate: false },
      { year: '2019', country: 'es', rate: '400', estimate: true },
      { year: '2026', country: 'atlantis', rate: 'x', estimate: false },
    ];
    expect(inflationProblems(rows, now).map((p) => [p.index, p.field, p.messageKey])).toEqual([
      [1, 'year', 'admin.configs.errors.INFLATION_DUPLICATE_ENTRY'],
      [2, 'year', 'admin.configs.errors.not_survey_year'],
      [2, 'rate', 'admin.configs.errors.out_of_range'],
      [3, 'country', 'admin.configs.errors.unknown_country'],
      [3, 'rate', 'admin.configs.errors.not_number'],
    ]);
    expect(inflationBody([{ year: '2025', country: 'es', rate: '2,4', estimate: true }])).toEqual({
      inflationData: [{ year: 2025, rate: 2.4, country: 'es', estimate: true }],
    });
  });

  it('check exchange rates: ISO currency, positive rate, a past date, once per currency', () => {
    const rows = [
      { currency: 'usd', rateToEur: '0,92', date: '2026-11-02' },
      { currency: 'USD', rateToEur: '0.9', date: '2026-11-02' },
      { currency: 'ZZZ', rateToEur: '0', date: '2026-13-01' },
      { currency: 'GBP', rateToEur: '1.16', date: '2027-01-01' },
    ];
    expect(exchangeRatesProblems(rows, now).map((p) => [p.index, p.field, p.messageKey])).toEqual([
      [1, 'currency', 'admin.configs.errors.EXCHANGE_RATE_DUPLICATE'],
      [2, 'currency', 'admin.configs.errors.EXCHANGE_RATE_UNKNOWN_CURRENCY'],
      [2, 'rateToEur', 'admin.configs.errors.EXCHANGE_RATE_NOT_POSITIVE'],
      [2, 'date', 'admin.configs.errors.EXCHANGE_RATE_INVALID_DATE'],
      [3, 'date', 'admin.configs.errors.EXCHANGE_RATE_FUTURE_DATE'],
    ]);
    expect(exchangeRatesBody([rows[0]])).toEqual({ exchangeRates: [{ currency: 'USD', rateToEur: 0.92, date: '2026-11-02' }] });
  });
});
