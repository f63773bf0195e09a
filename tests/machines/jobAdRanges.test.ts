// The job-ad range flows walked along their graphs against the real actors with fake calls: the form (its checks,
// presets and kept draft), the answer (a range, not enough data, 402, other failures, one idempotency key per request
// and the same key on a retry), and the company's saved ranges (pages, one opened, the deletion behind the real
// confirm modal, a range the form just saved at the top).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  checkJobAdDraft,
  jobAdRangeMachine,
  problemsAfter,
  type JobAdProblems,
  requestOf,
  restoreDraft,
  savedRangeOf,
  EMPTY_DRAFT,
  type JobAdDraft,
  type JobAdRange,
  type JobAdRangeEmitted,
  type JobAdRangeEvent,
  type JobAdRangeMachine,
  type JobAdRangeRequest,
  type JobAdRangeResult,
} from '../../machines/payTransparency/jobAdRangeMachine';
import {
  jobAdHistoryMachine,
  type JobAdHistoryEmitted,
  type JobAdHistoryEvent,
  type JobAdHistoryMachine,
  type JobAdPageRequest,
  type JobAdRangePage,
} from '../../machines/payTransparency/jobAdHistoryMachine';
import { readJobAdDraft, writeJobAdDraft } from '../../machines/payTransparency/jobAdActors';
import { failureKeyOf, jobAdHistoryView, jobAdRangeView } from '../../machines/payTransparency/jobAdViewModel';
import { confirmModalView } from '../../machines/confirmModal/viewModel';
import type { ConfirmModalMachine } from '../../machines/confirmModal/confirmModalMachine';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const failure = (status: number, errorCode: string | null, body: unknown = null): CallFailure => ({
  ok: false,
  status,
  value: null,
  reason: status === 0 ? 'network' : 'http',
  body,
  errorCode,
  request: null,
});
const OFFLINE = failure(0, null);
const NO_CREDITS = failure(402, 'INSUFFICIENT_CREDITS');
const REFUSED = failure(400, 'VALIDATION_ERROR', { error: ['body.role.sector: is not one of the listed options'], errorCode: 'VALIDATION_ERROR' });
const NOT_FOUND = failure(404, 'JOB_AD_RANGE_NOT_FOUND');

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A storage of one browser, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

// ───────────── the form and its answer ─────────────

const PREFIX = 'job-ad-test-prefix';
/** The draft kept from an earlier visit: a director in finance, banking, Spain. */
const KEPT: JobAdDraft = {
  ...EMPTY_DRAFT,
  positionLevel: 'director',
  functionalArea: 'finance',
  sector: 'banking',
  country: 'es',
  title: 'Director financiero',
};

const figures = {
  count: 30,
  countLabel: '30',
  p10: 90_000,
  p25: 97_000,
  p50: 104_000,
  p75: 112_000,
  p90: 120_000,
  medianCi: [100_000, 108_000] as [number, number],
};
const RANGE: JobAdRangeResult = {
  id: 'r0000000000000000000new',
  status: 'ok',
  title: 'Director financiero',
  role: { positionLevel: 'director', functionalArea: 'finance', sector: 'banking', country: 'es', city: 'barcelona' },
  group: { positionLevel: 'director', functionalArea: 'finance', sector: 'banking', country: 'es' },
  widened: ['city'],
  basis: 'fixed',
  policy: { from: 25, to: 75 },
  currency: 'EUR',
  range: { low: 97_000, high: 112_000 },
  sentences: { es: 'Salario bruto anual: de 97.000 € a 112.000 €.', en: 'Annual gross pay: €97,000 to €112,000.' },
  figures,
  year: 2026,
  createdAt: '2026-05-04T10:00:00.000Z',
  creditsLeft: 0,
};
const NOTHING: JobAdRangeResult = {
  ...RANGE,
  id: null,
  status: 'not-enough-data',
  group: { positionLevel: 'director', functionalArea: 'finance', country: 'es' },
  widened: ['city', 'sector'],
  range: null,
  sentences: null,
  figures: null,
  createdAt: null,
  creditsLeft: 1,
};

/** What changes what the form does: where it is, whether the draft may go, and whether a credit is left. */
const creditsKind = (credits: number | null) => (credits === null ? 'unlimited' : credits > 0 ? 'some' : 'none');
const serializeForm = (s: MachineSnapshot<JobAdRangeMachine>) =>
  JSON.stringify({ value: s.value, valid: Object.keys(checkJobAdDraft(s.context.draft)).length === 0, credits: creditsKind(s.context.credits) });

interface FormWorld extends ActorWorld<JobAdRangeMachine> {
  storage: ReturnType<typeof memoryStorage>;
  requests: JobAdRangeRequest[];
  pending: Pending<JobAdRangeResult> | null;
  emitted: JobAdRangeEmitted[];
  /** The form as the gestures left it, the balance as the server and the app said, the requests the page started. */
  draft: JobAdDraft;
  credits: number | null;
  started: number;
  changed: boolean;
  /** The problems shown: those of the last ask of an invalid draft, less the fields changed since. */
  problems: JobAdProblems;
  lastResult: JobAdRangeResult | null;
  lastFailure: CallFailure | null;
}

function createFormWorld(): FormWorld {
  const world = {
    storage: memoryStorage(),
    requests: [],
    pending: null,
    emitted: [],
    draft: KEPT,
    credits: 1,
    started: 0,
    changed: false,
    problems: {},
    lastResult: null,
    lastFailure: null,
  } as Omit<FormWorld, 'actor'> as FormWorld;
  const machine = jobAdRangeMachine.provide({
    actors: {
      createRange: fromPromise<JobAdRangeResult, JobAdRangeRequest>(({ input }) => {
        world.requests.push(input);
        return new Promise((resolve, reject) => (world.pending = { resolve, reject }));
      }),
    },
    actions: { storeDraft: ({ context }) => writeJobAdDraft(world.storage, context.draft) },
  });
  world.actor = createActor(machine, { input: { keyPrefix: PREFIX, credits: 1, draft: KEPT } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const formGraph = machineGraph({
  machine: jobAdRangeMachine,
  input: { keyPrefix: PREFIX, credits: 1, draft: KEPT },
  serializeState: serializeForm,
  events: eventsWithFixtures<JobAdRangeEvent>(
    {
      'jobAd.set': [
        { type: 'jobAd.set', field: 'positionLevel', value: '' },
        { type: 'jobAd.set', field: 'positionLevel', value: 'head' },
      ],
      'jobAd.preset': [
        { type: 'jobAd.preset', from: 40, to: 60 },
        { type: 'jobAd.preset', from: 30, to: 70 }, // not a preset: ignored
      ],
      'jobAd.setCredits': [
        { type: 'jobAd.setCredits', credits: 3 },
        { type: 'jobAd.setCredits', credits: null },
      ],
    },
    {
      outputs: { createRange: [RANGE, NOTHING] },
      errors: { createRange: [NO_CREDITS, OFFLINE, REFUSED] },
    },
  ),
});

const validDraft = (draft: JobAdDraft) => Object.keys(checkJobAdDraft(draft)).length === 0;
const PRESETS = ['25-75', '40-60'];

const formDriver = actorDriver<JobAdRangeMachine, FormWorld>({
  start: createFormWorld,
  executors: {
    'jobAd.set': (world, event) => {
      if (!world.actor.getSnapshot().hasTag('busy')) {
        world.draft = { ...world.draft, [event.field]: event.value };
        world.problems = problemsAfter(world.problems, event);
        world.changed = true;
      }
      send(world, event);
    },
    'jobAd.preset': (world, event) => {
      if (!world.actor.getSnapshot().hasTag('busy') && PRESETS.includes(`${event.from}-${event.to}`)) {
        world.draft = { ...world.draft, from: String(event.from), to: String(event.to) };
        world.problems = problemsAfter(world.problems, event);
        world.changed = true;
      }
      send(world, event);
    },
    'jobAd.ask': (world, event) => {
      // A new request (a new key) only from a valid draft with a credit, and never while one is on its way.
      if (!world.actor.getSnapshot().hasTag('busy')) {
        world.problems = checkJobAdDraft(world.draft);
        if (validDraft(world.draft) && (world.credits === null || world.credits > 0)) world.started++;
      }
      send(world, event);
    },
    'jobAd.retry': send,
    'jobAd.setCredits': (world, event) => {
      world.credits = event.credits;
      send(world, event);
    },
  } satisfies EventExecutors<JobAdRangeEvent, FormWorld>,
  frameworkExecutors: {
    'xstate.done.actor.createRange': (world, event) => {
      const result = event.output as JobAdRangeResult;
      world.lastResult = result;
      if (world.credits !== null && result.status === 'ok') world.credits = result.creditsLeft ?? world.credits;
      world.pending!.resolve(result);
    },
    'xstate.error.actor.createRange': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      if (event.error === NO_CREDITS) world.credits = 0;
      world.pending!.reject(event.error);
    },
  },
  serializeState: serializeForm,
});

/** The form shows the draft the gestures left, kept in the browser once changed, and the cost of the balance. */
function expectForm(world: FormWorld, snapshot: MachineSnapshot<JobAdRangeMachine>) {
  const view = jobAdRangeView(snapshot);
  expect(view.draft).toEqual(world.draft);
  expect(readJobAdDraft(world.storage)).toEqual(world.changed ? world.draft : null);
  expect(view.cost).toEqual(world.credits === null ? { kind: 'unlimited' } : { kind: 'credits', credits: world.credits });
  expect(view.outOfCredits).toBe(world.credits !== null && world.credits < 1);
  expect(view.preset).toBe(PRESETS.find((p) => p === `${world.draft.from}-${world.draft.to}`) ?? null);
}

/** Nothing on its way: the form takes changes, and a request sent is the n-th key or a retry of it. */
function expectIdle(world: FormWorld, snapshot: MachineSnapshot<JobAdRangeMachine>) {
  expectForm(world, snapshot);
  expect(jobAdRangeView(snapshot)).toMatchObject({ canEdit: true, asking: false });
  expect(world.requests.length).toBeGreaterThanOrEqual(world.started);
}

const formAssertions = {
  editing: (world, snapshot) => {
    expectIdle(world, snapshot);
    expect(jobAdRangeView(snapshot)).toMatchObject({ status: 'editing', result: null, failureKey: null });
  },
  'editing.idle': (world, snapshot) => {
    expect(world.problems).toEqual({});
    expect(jobAdRangeView(snapshot).problemKeys).toEqual({});
  },
  'editing.invalid': (world, snapshot) => {
    // The server's checks, field by field, translated; the request was not sent.
    expect(validDraft(world.draft)).toBe(false);
    expect(world.problems).toEqual({ positionLevel: 'required' });
    expect(jobAdRangeView(snapshot).problemKeys).toEqual({ positionLevel: 'pay_transparency.job_ads.errors.required' });
    expect(world.requests.every((request) => request.role.positionLevel !== '')).toBe(true);
  },
  asking: (world, snapshot) => {
    const view = jobAdRangeView(snapshot);
    expect(view).toMatchObject({ status: 'asking', asking: true, canEdit: false });
    // The draft as typed, under the key of the n-th request (a retry sends the same one again).
    expect(world.requests.at(-1)).toEqual(requestOf(world.draft, `${PREFIX}-${world.started}`));
    expectForm(world, snapshot);
  },
  answered: (world, snapshot) => {
    expectIdle(world, snapshot);
    expect(jobAdRangeView(snapshot).result).toBe(world.lastResult);
  },
  'answered.range': (world, snapshot) => {
    expect(jobAdRangeView(snapshot).status).toBe('range');
    expect(world.emitted).toContainEqual({ type: 'jobAd.saved', range: savedRangeOf(RANGE), creditsLeft: RANGE.creditsLeft });
  },
  'answered.notEnoughData': (world, snapshot) => {
    expect(jobAdRangeView(snapshot).status).toBe('notEnoughData');
    // Free and not saved: nothing for the history.
    expect(world.emitted.filter((event) => event.type === 'jobAd.saved').length).toBeLessThan(world.started);
  },
  creditGate: (world, snapshot) => {
    expectIdle(world, snapshot);
    // Credits bought since (the balance read again) let the person ask again.
    expect(jobAdRangeView(snapshot)).toMatchObject({ status: 'creditGate', result: null });
    if (world.lastFailure === NO_CREDITS) expect(world.emitted).toContainEqual({ type: 'jobAd.creditsExhausted', failure: NO_CREDITS });
  },
  failed: (world, snapshot) => {
    expectIdle(world, snapshot);
    expect(jobAdRangeView(snapshot)).toMatchObject({ status: 'failed', failureKey: failureKeyOf(world.lastFailure), canRetry: true, result: null });
    expect(world.emitted.at(-1)).toEqual({ type: 'jobAd.failed', failure: world.lastFailure });
  },
} satisfies StateAssertions<JobAdRangeMachine, FormWorld>;

describeMachinePaths('job-ad range paths', {
  graph: formGraph,
  driver: formDriver,
  assertions: formAssertions,
  generators: ['shortest', 'transitions'],
  journeys: [
    formGraph.pathFromEvents('a lost answer retried under the same key, then a new request under the next', [
      { type: 'jobAd.ask' },
      { type: 'xstate.error.actor.createRange', error: OFFLINE } as never,
      { type: 'jobAd.retry' },
      { type: 'xstate.done.actor.createRange', output: NOTHING } as never,
      { type: 'jobAd.preset', from: 40, to: 60 },
      { type: 'jobAd.ask' },
      { type: 'xstate.done.actor.createRange', output: RANGE } as never,
      { type: 'jobAd.ask' },
    ]),
  ],
});

describe('job-ad range behaviour', () => {
  it('sends one request for a double click, under one key', async () => {
    const world = createFormWorld();
    world.actor.start();
    world.actor.send({ type: 'jobAd.ask' });
    world.actor.send({ type: 'jobAd.ask' });
    expect(world.requests).toHaveLength(1);
    expect(world.requests[0].idempotencyKey).toBe(`${PREFIX}-1`);
    world.pending!.reject(OFFLINE);
    await tick();
    world.actor.send({ type: 'jobAd.retry' });
    expect(world.requests.map((request) => request.idempotencyKey)).toEqual([`${PREFIX}-1`, `${PREFIX}-1`]);
  });

  it('checks what the server checks, and sends the optional fields only when chosen', () => {
    expect(checkJobAdDraft(EMPTY_DRAFT)).toEqual({ positionLevel: 'required', functionalArea: 'required', sector: 'required', country: 'required' });
    expect(checkJobAdDraft({ ...KEPT, city: 'lisboa' })).toEqual({ city: 'city_country' });
    expect(checkJobAdDraft({ ...KEPT, sector: 'piracy' })).toEqual({ sector: 'not_listed' });
    expect(checkJobAdDraft({ ...KEPT, title: 'x'.repeat(121) })).toEqual({ title: 'title_long' });
    expect(checkJobAdDraft({ ...KEPT, from: '9', to: '91' })).toEqual({ from: 'percentile', to: 'percentile' });
    expect(checkJobAdDraft({ ...KEPT, from: '60', to: '40' })).toEqual({ to: 'order' });
    expect(checkJobAdDraft({ ...KEPT, from: '25.5' })).toEqual({ from: 'percentile' });
    expect(requestOf({ ...KEPT, title: '  ' }, 'key-00000001')).toEqual({
      role: { positionLevel: 'director', functionalArea: 'finance', sector: 'banking', country: 'es' },
      policy: { from: 25, to: 75 },
      basis: 'fixed',
      idempotencyKey: 'key-00000001',
    });
  });

  it('drops the city of another country when the country changes, and keeps the form after a failure', async () => {
    const world = createFormWorld();
    world.actor.start();
    world.actor.send({ type: 'jobAd.set', field: 'city', value: 'madrid' });
    world.actor.send({ type: 'jobAd.set', field: 'country', value: 'pt' });
    expect(jobAdRangeView(world.actor.getSnapshot()).draft).toMatchObject({ country: 'pt', city: '' });
    world.actor.send({ type: 'jobAd.ask' });
    world.pending!.reject(REFUSED);
    await tick();
    expect(jobAdRangeView(world.actor.getSnapshot())).toMatchObject({ status: 'failed', failureKey: 'pay_transparency.job_ads.errors.refused' });
    expect(jobAdRangeView(world.actor.getSnapshot()).draft).toMatchObject({ ...KEPT, country: 'pt', city: '' });
  });

  it('reads back a kept draft field by field, and nothing of a broken one', () => {
    const storage = memoryStorage();
    expect(readJobAdDraft(storage)).toBeNull();
    storage.setItem('jobAdRangeDraft', '{broken');
    expect(readJobAdDraft(storage)).toBeNull();
    expect(restoreDraft({ positionLevel: 'ceo', from: 10, basis: 'all' })).toEqual({ ...EMPTY_DRAFT, positionLevel: 'ceo' });
  });
});

// ───────────── the company's saved ranges ─────────────

const saved = (n: number, createdAt: string): JobAdRange => ({ ...savedRangeOf(RANGE)!, id: `r000000000000000000000${n}`, createdAt });
const FIRST = saved(1, '2026-05-03T10:00:00.000Z');
const SECOND = saved(2, '2026-05-02T10:00:00.000Z');
const NEW = savedRangeOf(RANGE)!;
const PAGE_1: JobAdRangePage = { items: [FIRST], page: 1, limit: 10, total: 2 };
const PAGE_2: JobAdRangePage = { items: [SECOND], page: 2, limit: 10, total: 2 };
const NONE: JobAdRangePage = { items: [], page: 1, limit: 10, total: 0 };

const serializeHistory = (s: MachineSnapshot<JobAdHistoryMachine>) =>
  JSON.stringify({ value: s.value, ids: s.context.items.map((item) => item.id), total: s.context.total, opened: s.context.openedId });

interface HistoryWorld extends ActorWorld<JobAdHistoryMachine> {
  pages: JobAdPageRequest[];
  page: Pending<JobAdRangePage> | null;
  deletes: string[];
  deleting: Pending<true> | null;
  emitted: JobAdHistoryEmitted[];
  /** The list as the server and the gestures left it. */
  items: JobAdRange[];
  total: number;
  loaded: boolean;
  opened: string | null;
  askedDelete: string | null;
  lastFailure: CallFailure | null;
}

function createHistoryWorld(): HistoryWorld {
  const world = {
    pages: [],
    page: null,
    deletes: [],
    deleting: null,
    emitted: [],
    items: [],
    total: 0,
    loaded: false,
    opened: null,
    askedDelete: null,
    lastFailure: null,
  } as Omit<HistoryWorld, 'actor'> as HistoryWorld;
  const machine = jobAdHistoryMachine.provide({
    actors: {
      loadPage: fromPromise<JobAdRangePage, JobAdPageRequest>(({ input }) => {
        world.pages.push(input);
        return new Promise((resolve, reject) => (world.page = { resolve, reject }));
      }),
      deleteRange: fromPromise<true, { id: string }>(({ input }) => {
        world.deletes.push(input.id);
        return new Promise((resolve, reject) => (world.deleting = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const historyGraph = machineGraph({
  machine: jobAdHistoryMachine,
  serializeState: serializeHistory,
  events: eventsWithFixtures<JobAdHistoryEvent>(
    {
      'jobAdHistory.open': [
        { type: 'jobAdHistory.open', id: FIRST.id },
        { type: 'jobAdHistory.open', id: 'r00000000000000000none' }, // not listed: ignored
      ],
      'jobAdHistory.askDelete': [
        { type: 'jobAdHistory.askDelete', id: FIRST.id },
        { type: 'jobAdHistory.askDelete', id: 'r00000000000000000none' }, // not listed: ignored
      ],
      'jobAdHistory.answer': [
        { type: 'jobAdHistory.answer', confirmed: true },
        { type: 'jobAdHistory.answer', confirmed: false },
      ],
      'jobAdHistory.add': [{ type: 'jobAdHistory.add', range: NEW }],
    },
    {
      outputs: { loadPage: [PAGE_1, NONE], loadMore: [PAGE_2], deleteRange: [true] },
      errors: { loadPage: [OFFLINE], loadMore: [OFFLINE], deleteRange: [NOT_FOUND] },
    },
  ),
});

const historyDriver = actorDriver<JobAdHistoryMachine, HistoryWorld>({
  start: createHistoryWorld,
  executors: {
    'jobAdHistory.retry': send,
    'jobAdHistory.loadMore': send,
    'jobAdHistory.open': (world, event) => {
      if (world.actor.getSnapshot().hasTag('ready') && world.items.some((item) => item.id === event.id)) world.opened = event.id;
      send(world, event);
    },
    'jobAdHistory.close': (world, event) => {
      if (world.actor.getSnapshot().hasTag('ready')) world.opened = null;
      send(world, event);
    },
    'jobAdHistory.askDelete': (world, event) => {
      world.askedDelete = event.id;
      send(world, event);
    },
    'jobAdHistory.answer': send,
    'jobAdHistory.add': (world, event) => {
      // The first page, when it comes, is the server's list (it already has the range).
      if (world.loaded && !world.items.some((item) => item.id === event.range.id)) {
        world.items = [event.range, ...world.items];
        world.total += 1;
      }
      send(world, event);
    },
  } satisfies EventExecutors<JobAdHistoryEvent, HistoryWorld>,
  frameworkExecutors: {
    'xstate.done.actor.loadPage': (world, event) => {
      const page = event.output as JobAdRangePage;
      world.items = page.items;
      world.total = page.total;
      world.loaded = true;
      world.page!.resolve(page);
    },
    'xstate.error.actor.loadPage': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.page!.reject(event.error);
    },
    'xstate.done.actor.loadMore': (world, event) => {
      const page = event.output as JobAdRangePage;
      world.items = [...world.items, ...page.items.filter((item) => !world.items.some((shown) => shown.id === item.id))];
      world.total = page.total;
      world.page!.resolve(page);
    },
    'xstate.error.actor.loadMore': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.page!.reject(event.error);
    },
    'xstate.done.actor.deleteRange': (world) => {
      world.items = world.items.filter((item) => item.id !== world.askedDelete);
      world.total -= 1;
      if (world.opened === world.askedDelete) world.opened = null;
      world.deleting!.resolve(true);
    },
    'xstate.error.actor.deleteRange': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.deleting!.reject(event.error);
    },
  },
  serializeState: serializeHistory,
});

const confirmOf = (snapshot: MachineSnapshot<JobAdHistoryMachine>) =>
  confirmModalView((snapshot.children.confirm as ActorRefFrom<ConfirmModalMachine>).getSnapshot());

/** The list the page shows: the server's pages, changed by what was saved or deleted since; the one opened. */
function expectList(world: HistoryWorld, snapshot: MachineSnapshot<JobAdHistoryMachine>) {
  const view = jobAdHistoryView(snapshot);
  expect(view.status).toBe('ready');
  expect(view.items.map((item) => item.id)).toEqual(world.items.map((item) => item.id));
  expect(view.total).toBe(world.total);
  expect(view.opened?.id ?? null).toBe(world.opened);
}

function expectListOpen(world: HistoryWorld, snapshot: MachineSnapshot<JobAdHistoryMachine>) {
  expectList(world, snapshot);
  expect(jobAdHistoryView(snapshot)).toMatchObject({ canAct: true, confirming: false, deleting: false, canLoadMore: world.items.length < world.total });
  expect(confirmOf(snapshot).open).toBe(false);
}

const historyAssertions = {
  loading: (world, snapshot) => {
    expect(world.pages[0]).toEqual({ page: 1, limit: 10 });
    expect(jobAdHistoryView(snapshot)).toMatchObject({ status: 'loading', canAct: false, canLoadMore: false });
  },
  failed: (world, snapshot) => {
    expect(jobAdHistoryView(snapshot).status).toBe('failed');
    expect(world.emitted.at(-1)).toEqual({ type: 'jobAdHistory.failed', failure: OFFLINE });
  },
  ready: expectList,
  'ready.idle': (world, snapshot) => {
    expectListOpen(world, snapshot);
    expect(jobAdHistoryView(snapshot)).toMatchObject({ moreFailed: false, deletedId: null, pendingId: null });
    if (world.lastFailure === NOT_FOUND) expect(world.emitted.at(-1)).toEqual({ type: 'jobAdHistory.failed', failure: NOT_FOUND });
  },
  'ready.loadingMore': (world, snapshot) => {
    // The page of the first range not shown (what is shown is the start of the company's list).
    expect(world.pages.at(-1)).toEqual({ page: Math.floor(world.items.length / 10) + 1, limit: 10 });
    expect(jobAdHistoryView(snapshot)).toMatchObject({ loadingMore: true, canLoadMore: false, canAct: false });
  },
  'ready.moreFailed': (world, snapshot) => {
    expectListOpen(world, snapshot);
    expect(jobAdHistoryView(snapshot).moreFailed).toBe(true);
    expect(world.emitted.at(-1)).toEqual({ type: 'jobAdHistory.failed', failure: OFFLINE });
  },
  'ready.confirming': (world, snapshot) => {
    expect(jobAdHistoryView(snapshot)).toMatchObject({ pendingId: world.askedDelete, confirming: true, canAct: false });
    expect(confirmOf(snapshot)).toMatchObject({ open: true, kind: 'delete' });
  },
  'ready.deleting': (world, snapshot) => {
    expect(world.deletes.at(-1)).toBe(world.askedDelete);
    expect(jobAdHistoryView(snapshot)).toMatchObject({ pendingId: world.askedDelete, deleting: true, canAct: false });
    expect(confirmOf(snapshot)).toMatchObject({ open: false, result: true });
  },
  'ready.deleted': (world, snapshot) => {
    expectListOpen(world, snapshot);
    expect(jobAdHistoryView(snapshot).deletedId).toBe(world.askedDelete);
    expect(world.emitted).toContainEqual({ type: 'jobAdHistory.deleted', id: world.askedDelete });
  },
} satisfies StateAssertions<JobAdHistoryMachine, HistoryWorld>;

describeMachinePaths('job-ad history paths', {
  graph: historyGraph,
  driver: historyDriver,
  assertions: historyAssertions,
  generators: ['shortest', 'transitions'],
  journeys: [
    historyGraph.pathFromEvents('a range saved, the next page, the first one opened and deleted', [
      { type: 'xstate.done.actor.loadPage', output: PAGE_1 } as never,
      { type: 'jobAdHistory.add', range: NEW },
      { type: 'jobAdHistory.loadMore' },
      { type: 'xstate.done.actor.loadMore', output: PAGE_2 } as never,
      { type: 'jobAdHistory.open', id: FIRST.id },
      { type: 'jobAdHistory.askDelete', id: FIRST.id },
      { type: 'jobAdHistory.answer', confirmed: true },
      { type: 'xstate.done.actor.deleteRange', output: true } as never,
    ]),
  ],
});

describe('job-ad history behaviour', () => {
  it('declining the confirm modal deletes nothing', async () => {
    const world = createHistoryWorld();
    world.actor.start();
    world.page!.resolve(PAGE_1);
    await tick();
    world.actor.send({ type: 'jobAdHistory.askDelete', id: FIRST.id });
    world.actor.send({ type: 'jobAdHistory.answer', confirmed: false });
    expect(world.deletes).toEqual([]);
    expect(jobAdHistoryView(world.actor.getSnapshot()).items).toEqual([FIRST]);
  });

  it('a range saved since the first page is not shown twice when the next page shifts', async () => {
    const world = createHistoryWorld();
    world.actor.start();
    world.page!.resolve(PAGE_1);
    await tick();
    world.actor.send({ type: 'jobAdHistory.add', range: NEW });
    world.actor.send({ type: 'jobAdHistory.loadMore' });
    expect(world.pages.at(-1)).toEqual({ page: 1, limit: 10 });
    world.page!.resolve({ items: [NEW, FIRST, SECOND], page: 1, limit: 10, total: 3 });
    await tick();
    expect(jobAdHistoryView(world.actor.getSnapshot()).items.map((item) => item.id)).toEqual([NEW.id, FIRST.id, SECOND.id]);
  });
});
