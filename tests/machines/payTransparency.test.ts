// The pay transparency flows walked along their graphs against the real actors with fake calls: a company's payrolls
// (the calendar and the years, the upload with its refusals, the deletion behind the real confirm modal), one year's
// report with the Article 10 records of its flagged categories, and the downloads of the template and the report.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  payrollsMachine,
  payrollYears,
  type PayrollsEmitted,
  type PayrollsEvent,
  type PayrollsMachine,
  type PayrollsOverview,
  type PayrollSummary,
  type PayrollUploadRequest,
} from '../../machines/payTransparency/payrollsMachine';
import {
  isCalendarDate,
  isDraftComplete,
  payGapReportMachine,
  type GapAction,
  type GapActionInput,
  type PayGapCategory,
  type PayGapReport,
  type PayGapReportEmitted,
  type PayGapReportEvent,
  type PayGapReportMachine,
} from '../../machines/payTransparency/payGapReportMachine';
import {
  payTransparencyDownloadMachine,
  type DownloadedFile,
  type FileDownloadEmitted,
  type FileDownloadEvent,
  type PayTransparencyDownloadMachine,
  type PayTransparencyFile,
} from '../../machines/payTransparency/payTransparencyDownloadMachine';
import { categoryName, fileDownloadView, payGapReportView, payrollsView, problemRow } from '../../machines/payTransparency/viewModel';
import { csvFileNameOf, fallbackFileName } from '../../machines/payTransparency/actors';
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

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

// ───────────── the payrolls ─────────────

const CURRENT_YEAR = 2026;
const summary = (reportingYear: number, headcount: number): PayrollSummary => ({
  reportingYear,
  headcount,
  uploadedAt: `${reportingYear + 1}-02-01T09:00:00.000Z`,
});
const OVERVIEW: PayrollsOverview = {
  calendar: {
    headcount: 180,
    reportingYear: 2025,
    band: '150-249',
    dueReports: [{ reportingYear: 2026, dueDate: '2027-06-07', uploaded: false }],
  },
  payrolls: [summary(2025, 180), summary(2024, 170)],
};
const FIRST_VISIT: PayrollsOverview = { calendar: { headcount: null, reportingYear: null, band: null, dueReports: [] }, payrolls: [] };
const STORED = summary(2023, 12);
const REFUSAL = failure(400, 'PAYROLL_INVALID', {
  error: 'The payroll file has problems; nothing was stored',
  errorCode: 'PAYROLL_INVALID',
  problems: [
    { line: 3, field: 'basicPay', code: 'invalidNumber' },
    { line: 1, field: null, code: 'unknownColumn' },
  ],
  moreProblems: 4,
});
const TOO_LARGE = failure(413, 'PAYROLL_TOO_LARGE');
const NO_PAYROLL = failure(404, 'PAYROLL_NOT_FOUND');
const FILE = new File(['id_empleado;sexo\n'], 'nomina.csv', { type: 'text/csv' });

const serializePayrolls = (s: MachineSnapshot<PayrollsMachine>) =>
  JSON.stringify({ value: s.value, file: s.context.file !== null, years: (s.context.payrolls ?? []).map((p) => p.reportingYear) });

interface PayrollsWorld extends ActorWorld<PayrollsMachine> {
  loads: number;
  overview: Pending<PayrollsOverview> | null;
  uploads: PayrollUploadRequest[];
  upload: Pending<PayrollSummary> | null;
  deletes: number[];
  deleting: Pending<true> | null;
  emitted: PayrollsEmitted[];
  /** What the gestures chose: the year, the file, the year to delete. */
  chosenYear: number;
  chosenFile: File | null;
  askedDelete: number | null;
  /** What the server said last. */
  lastOverview: PayrollsOverview | null;
  lastFailure: CallFailure | null;
  lastStored: PayrollSummary | null;
}

function createPayrollsWorld(): PayrollsWorld {
  const world = {
    loads: 0,
    overview: null,
    uploads: [],
    upload: null,
    deletes: [],
    deleting: null,
    emitted: [],
    chosenYear: CURRENT_YEAR - 1,
    chosenFile: null,
    askedDelete: null,
    lastOverview: null,
    lastFailure: null,
    lastStored: null,
  } as Omit<PayrollsWorld, 'actor'> as PayrollsWorld;
  const machine = payrollsMachine.provide({
    actors: {
      loadOverview: fromPromise<PayrollsOverview>(() => {
        world.loads++;
        return new Promise((resolve, reject) => (world.overview = { resolve, reject }));
      }),
      uploadPayroll: fromPromise<PayrollSummary, PayrollUploadRequest>(({ input }) => {
        world.uploads.push(input);
        return new Promise((resolve, reject) => (world.upload = { resolve, reject }));
      }),
      deletePayroll: fromPromise<true, { year: number }>(({ input }) => {
        world.deletes.push(input.year);
        return new Promise((resolve, reject) => (world.deleting = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { currentYear: CURRENT_YEAR } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const payrollsGraph = machineGraph({
  machine: payrollsMachine,
  input: { currentYear: CURRENT_YEAR },
  serializeState: serializePayrolls,
  events: eventsWithFixtures<PayrollsEvent>(
    {
      'payrolls.setYear': [
        { type: 'payrolls.setYear', year: 2023 },
        { type: 'payrolls.setYear', year: 2019 }, // not offered: ignored
      ],
      'payrolls.chooseFile': [
        { type: 'payrolls.chooseFile', file: FILE },
        { type: 'payrolls.chooseFile', file: null },
      ],
      'payrolls.askDelete': [
        { type: 'payrolls.askDelete', year: 2024 },
        { type: 'payrolls.askDelete', year: 2020 }, // not uploaded: ignored
      ],
      'payrolls.answer': [
        { type: 'payrolls.answer', confirmed: true },
        { type: 'payrolls.answer', confirmed: false },
      ],
    },
    {
      outputs: { loadOverview: [OVERVIEW, FIRST_VISIT], refresh: [OVERVIEW], uploadPayroll: [STORED], deletePayroll: [true] },
      errors: { loadOverview: [OFFLINE], refresh: [OFFLINE], uploadPayroll: [REFUSAL, TOO_LARGE, OFFLINE], deletePayroll: [NO_PAYROLL] },
    },
  ),
});

/** The list the page shows: what the server said, changed by what was stored or deleted since. */
function expectedYears(world: PayrollsWorld): number[] {
  return (world.lastOverview?.payrolls ?? []).map((payroll) => payroll.reportingYear).sort((a, b) => b - a);
}

const payrollsDriver = actorDriver<PayrollsMachine, PayrollsWorld>({
  start: createPayrollsWorld,
  executors: {
    'payrolls.retry': send,
    'payrolls.setYear': (world, event) => {
      if (payrollYears(CURRENT_YEAR).includes(event.year)) world.chosenYear = event.year;
      send(world, event);
    },
    'payrolls.chooseFile': (world, event) => {
      world.chosenFile = event.file;
      send(world, event);
    },
    'payrolls.upload': send,
    'payrolls.askDelete': (world, event) => {
      world.askedDelete = event.year;
      send(world, event);
    },
    'payrolls.answer': send,
  } satisfies EventExecutors<PayrollsEvent, PayrollsWorld>,
  frameworkExecutors: {
    'xstate.done.actor.loadOverview': (world, event) => {
      world.lastOverview = event.output as PayrollsOverview;
      world.overview!.resolve(event.output as PayrollsOverview);
    },
    'xstate.error.actor.loadOverview': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.overview!.reject(event.error);
    },
    'xstate.done.actor.refresh': (world, event) => {
      world.lastOverview = event.output as PayrollsOverview;
      world.overview!.resolve(event.output as PayrollsOverview);
    },
    'xstate.error.actor.refresh': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.overview!.reject(event.error);
    },
    'xstate.done.actor.uploadPayroll': (world, event) => {
      const stored = event.output as PayrollSummary;
      world.lastStored = stored;
      // The list shows the stored year at once (a re-upload replaces it).
      if (world.lastOverview) {
        world.lastOverview = {
          ...world.lastOverview,
          payrolls: [...world.lastOverview.payrolls.filter((p) => p.reportingYear !== stored.reportingYear), stored],
        };
      }
      world.upload!.resolve(stored);
    },
    'xstate.error.actor.uploadPayroll': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.upload!.reject(event.error);
    },
    'xstate.done.actor.deletePayroll': (world) => {
      if (world.lastOverview) {
        world.lastOverview = { ...world.lastOverview, payrolls: world.lastOverview.payrolls.filter((p) => p.reportingYear !== world.askedDelete) };
      }
      world.deleting!.resolve(true);
    },
    'xstate.error.actor.deletePayroll': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.deleting!.reject(event.error);
    },
  },
  serializeState: serializePayrolls,
});

const confirmOf = (snapshot: MachineSnapshot<PayrollsMachine>) =>
  confirmModalView((snapshot.children.confirm as ActorRefFrom<ConfirmModalMachine>).getSnapshot());

/** The form shows the year and the file the gestures chose, and the list what the server keeps. */
function expectPage(world: PayrollsWorld, snapshot: MachineSnapshot<PayrollsMachine>) {
  const view = payrollsView(snapshot);
  expect(view.status).toBe('ready');
  expect(view.year).toBe(world.chosenYear);
  expect(view.years).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  expect(view.fileName).toBe(world.chosenFile?.name ?? null);
  expect(view.payrolls.map((p) => p.reportingYear)).toEqual(expectedYears(world));
}

/** Nothing on its way: the form takes changes, Upload is offered once a file is chosen. */
function expectFormOpen(world: PayrollsWorld, snapshot: MachineSnapshot<PayrollsMachine>) {
  expectPage(world, snapshot);
  expect(payrollsView(snapshot)).toMatchObject({ canChoose: true, canUpload: world.chosenFile !== null, uploading: false, confirming: false, deleting: false });
  expect(confirmOf(snapshot).open).toBe(false);
}

const payrollsAssertions = {
  loading: (world, snapshot) => {
    expect(world.loads).toBeGreaterThan(0);
    expect(payrollsView(snapshot)).toMatchObject({ status: 'loading', canUpload: false, canChoose: false });
  },
  failed: (world, snapshot) => {
    expect(world.lastFailure).toBe(OFFLINE);
    expect(payrollsView(snapshot).status).toBe('failed');
    expect(world.emitted.at(-1)).toEqual({ type: 'payrolls.failed', failure: OFFLINE });
  },
  ready: (world, snapshot) => {
    expectPage(world, snapshot);
    expect(payrollsView(snapshot).calendar).not.toBeNull();
  },
  'ready.idle': (world, snapshot) => {
    expectFormOpen(world, snapshot);
    expect(payrollsView(snapshot)).toMatchObject({ outcome: null, problems: [], pendingYear: null });
    // A refused deletion said so (the app shows it) and left the list as it was.
    if (world.lastFailure === NO_PAYROLL) expect(world.emitted.at(-1)).toEqual({ type: 'payrolls.failed', failure: NO_PAYROLL });
  },
  'ready.uploading': (world, snapshot) => {
    // Never without a file, and with the year and the file chosen.
    expect(world.uploads.at(-1)).toEqual({ year: world.chosenYear, file: world.chosenFile });
    expect(world.chosenFile).not.toBeNull();
    expect(payrollsView(snapshot)).toMatchObject({ uploading: true, canUpload: false, canChoose: false, outcome: null, problems: [] });
  },
  'ready.uploaded': (world, snapshot) => {
    expectFormOpen(world, snapshot);
    expect(payrollsView(snapshot)).toMatchObject({ outcome: 'uploaded', uploaded: world.lastStored });
    expect(world.emitted).toContainEqual({ type: 'payrolls.uploaded', payroll: world.lastStored });
  },
  'ready.refused': (world, snapshot) => {
    expectFormOpen(world, snapshot);
    const view = payrollsView(snapshot);
    expect(view.outcome).toBe('refused');
    expect(view.problems).toEqual([
      {
        line: 3,
        field: 'basicPay',
        code: 'invalidNumber',
        columnKey: 'pay_transparency.columns.basicPay',
        explanationKey: 'pay_transparency.problems.codes.invalidNumber',
      },
      { line: 1, field: null, code: 'unknownColumn', columnKey: null, explanationKey: 'pay_transparency.problems.codes.unknownColumn' },
    ]);
    expect(view.moreProblems).toBe(4);
  },
  'ready.uploadFailed': (world, snapshot) => {
    expectFormOpen(world, snapshot);
    expect(payrollsView(snapshot)).toMatchObject({
      outcome: 'uploadFailed',
      uploadFailureKey: world.lastFailure === TOO_LARGE ? 'pay_transparency.upload.too_large' : 'pay_transparency.upload.failed',
    });
    expect(world.emitted.at(-1)).toEqual({ type: 'payrolls.failed', failure: world.lastFailure });
  },
  'ready.confirming': (world, snapshot) => {
    expect(payrollsView(snapshot)).toMatchObject({ pendingYear: world.askedDelete, confirming: true, deleting: false, canUpload: false, canChoose: false });
    expect(confirmOf(snapshot)).toMatchObject({ open: true, kind: 'delete' });
  },
  'ready.deleting': (world, snapshot) => {
    expect(world.deletes.at(-1)).toBe(world.askedDelete);
    expect(payrollsView(snapshot)).toMatchObject({ pendingYear: world.askedDelete, confirming: false, deleting: true, canChoose: false });
    expect(confirmOf(snapshot)).toMatchObject({ open: false, result: true });
  },
  'ready.deleted': (world, snapshot) => {
    expectFormOpen(world, snapshot);
    expect(payrollsView(snapshot)).toMatchObject({ outcome: 'deleted', deletedYear: world.askedDelete });
    expect(world.emitted).toContainEqual({ type: 'payrolls.deleted', year: world.askedDelete });
  },
} satisfies StateAssertions<PayrollsMachine, PayrollsWorld>;

describeMachinePaths('payrolls paths', {
  graph: payrollsGraph,
  driver: payrollsDriver,
  assertions: payrollsAssertions,
  generators: ['shortest', 'transitions'],
  journeys: [
    payrollsGraph.pathFromEvents('the calendar asked again after an upload, then after a deletion', [
      { type: 'xstate.done.actor.loadOverview', output: OVERVIEW } as never,
      { type: 'payrolls.chooseFile', file: FILE },
      { type: 'payrolls.upload' },
      { type: 'xstate.done.actor.uploadPayroll', output: STORED } as never,
      { type: 'xstate.done.actor.refresh', output: OVERVIEW } as never,
      { type: 'payrolls.askDelete', year: 2024 },
      { type: 'payrolls.answer', confirmed: true },
      { type: 'xstate.done.actor.deletePayroll', output: true } as never,
      { type: 'xstate.error.actor.refresh', error: OFFLINE } as never,
    ]),
    payrollsGraph.pathFromEvents('the year changed wherever the form takes changes', [
      { type: 'xstate.done.actor.loadOverview', output: OVERVIEW } as never,
      { type: 'payrolls.setYear', year: 2023 },
      { type: 'payrolls.chooseFile', file: FILE },
      { type: 'payrolls.upload' },
      { type: 'xstate.error.actor.uploadPayroll', error: REFUSAL } as never,
      { type: 'payrolls.setYear', year: 2022 },
      { type: 'payrolls.upload' },
      { type: 'xstate.error.actor.uploadPayroll', error: TOO_LARGE } as never,
      { type: 'payrolls.setYear', year: 2023 },
      { type: 'payrolls.upload' },
      { type: 'xstate.done.actor.uploadPayroll', output: STORED } as never,
      { type: 'payrolls.setYear', year: 2022 },
      { type: 'xstate.error.actor.refresh', error: OFFLINE } as never,
      { type: 'payrolls.askDelete', year: 2024 },
      { type: 'payrolls.answer', confirmed: true },
      { type: 'xstate.done.actor.deletePayroll', output: true } as never,
      { type: 'payrolls.setYear', year: 2021 },
      { type: 'xstate.done.actor.refresh', output: OVERVIEW } as never,
    ]),
  ],
});

describe('payrolls behaviour', () => {
  async function loaded(overview = OVERVIEW) {
    const world = createPayrollsWorld();
    world.actor.start();
    world.overview!.resolve(overview);
    await tick();
    return world;
  }

  it('offers the current year and the five before it, the year before by default, and no other', async () => {
    const world = await loaded();
    expect(payrollsView(world.actor.getSnapshot())).toMatchObject({ years: [2026, 2025, 2024, 2023, 2022, 2021], year: 2025 });
    world.actor.send({ type: 'payrolls.setYear', year: 2020 });
    world.actor.send({ type: 'payrolls.setYear', year: 2027 });
    expect(payrollsView(world.actor.getSnapshot()).year).toBe(2025);
  });

  it('sends nothing without a file, and the chosen year and file with one', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payrolls.upload' });
    expect(world.uploads).toEqual([]);
    world.actor.send({ type: 'payrolls.setYear', year: 2022 });
    world.actor.send({ type: 'payrolls.chooseFile', file: FILE });
    world.actor.send({ type: 'payrolls.upload' });
    expect(world.uploads).toEqual([{ year: 2022, file: FILE }]);
  });

  it('keeps the file after a refusal, and clears the problems when it goes again', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payrolls.chooseFile', file: FILE });
    world.actor.send({ type: 'payrolls.upload' });
    world.upload!.reject(REFUSAL);
    await tick();
    expect(payrollsView(world.actor.getSnapshot())).toMatchObject({ outcome: 'refused', fileName: 'nomina.csv', moreProblems: 4 });
    world.actor.send({ type: 'payrolls.upload' });
    expect(world.uploads).toHaveLength(2);
    expect(payrollsView(world.actor.getSnapshot())).toMatchObject({ uploading: true, problems: [], moreProblems: 0 });
    world.upload!.resolve(STORED);
    await tick();
    expect(payrollsView(world.actor.getSnapshot()).payrolls.map((p) => p.reportingYear)).toEqual([2025, 2024, 2023]);
  });

  it('a refused file does not reach the failure catalogue: its problems are the answer', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payrolls.chooseFile', file: FILE });
    world.actor.send({ type: 'payrolls.upload' });
    world.upload!.reject(REFUSAL);
    await tick();
    expect(world.emitted.filter((event) => event.type === 'payrolls.failed')).toEqual([]);
  });

  it('asks about no year that is not in the list', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payrolls.askDelete', year: 2021 });
    expect(payrollsView(world.actor.getSnapshot())).toMatchObject({ confirming: false, pendingYear: null });
    expect(confirmOf(world.actor.getSnapshot()).open).toBe(false);
  });

  it('declining the confirm modal deletes nothing', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payrolls.askDelete', year: 2024 });
    world.actor.send({ type: 'payrolls.answer', confirmed: false });
    expect(world.deletes).toEqual([]);
    expect(confirmOf(world.actor.getSnapshot())).toMatchObject({ open: false, result: false });
    expect(payrollsView(world.actor.getSnapshot()).payrolls.map((p) => p.reportingYear)).toEqual([2025, 2024]);
  });
});

// ───────────── one year's report ─────────────

const gaps = (mean: number | null, median: number | null) => ({ mean, median });
const category = (name: string, fields: Partial<PayGapCategory>): PayGapCategory => ({
  category: name,
  women: 5,
  men: 5,
  other: 0,
  basic: gaps(9.1, 9.1),
  variable: gaps(null, null),
  total: gaps(9.1, 9.1),
  reportable: true,
  flagged: true,
  remedyDeadline: '2027-12-07',
  action: null,
  ...fields,
});
const SAVED_BEFORE: GapAction = {
  category: 'Ventas',
  kind: 'remedy',
  note: 'Pay review in March',
  actionDate: '2026-03-01',
  recordedAt: '2026-03-02T10:00:00.000Z',
};
const REPORT: PayGapReport = {
  reportingYear: 2025,
  uploadedAt: '2026-02-01T09:00:00.000Z',
  headcount: { total: 23, women: 12, men: 10, other: 1 },
  headcountBand: 'under-100',
  reportDate: '2026-02-01',
  categoryMinimum: 5,
  meanGap: 9.1,
  meanVariableGap: null,
  medianGap: 9.1,
  medianVariableGap: null,
  receivingVariable: { women: 0, men: 0.1 },
  quartiles: [1, 2, 3, 4].map((quartile) => ({ quartile, women: 3, men: 2, womenShare: 0.6, menShare: 0.4 })),
  categories: [
    category('Analistas', {}),
    category('Ventas', { action: SAVED_BEFORE }),
    category('director|finance', { women: 2, men: 3, reportable: false, flagged: false, remedyDeadline: null }),
  ],
};
const RECORDED: GapAction = {
  category: 'Analistas',
  kind: 'justification',
  note: 'Different seniority',
  actionDate: '2026-05-04',
  recordedAt: '2026-05-04T11:00:00.000Z',
};
const TODAY = '2026-05-04';

const serializeReport = (s: MachineSnapshot<PayGapReportMachine>) =>
  JSON.stringify({ value: s.value, category: s.context.draft?.category ?? null, complete: s.context.draft ? isDraftComplete(s.context.draft) : null });

interface ReportWorld extends ActorWorld<PayGapReportMachine> {
  loads: number[];
  load: Pending<PayGapReport> | null;
  sent: Array<{ year: number; action: GapActionInput }>;
  save: Pending<GapAction> | null;
  emitted: PayGapReportEmitted[];
  /** The form as the gestures left it. */
  opened: string | null;
  typed: { kind?: string; note?: string; actionDate?: string };
  lastReport: PayGapReport | null;
  lastSaved: GapAction | null;
  lastFailure: CallFailure | null;
}

function createReportWorld(): ReportWorld {
  const world = {
    loads: [],
    load: null,
    sent: [],
    save: null,
    emitted: [],
    opened: null,
    typed: {},
    lastReport: null,
    lastSaved: null,
    lastFailure: null,
  } as Omit<ReportWorld, 'actor'> as ReportWorld;
  const machine = payGapReportMachine.provide({
    actors: {
      loadReport: fromPromise<PayGapReport, { year: number }>(({ input }) => {
        world.loads.push(input.year);
        return new Promise((resolve, reject) => (world.load = { resolve, reject }));
      }),
      recordAction: fromPromise<GapAction, { year: number; action: GapActionInput }>(({ input }) => {
        world.sent.push(input);
        return new Promise((resolve, reject) => (world.save = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine, { input: { year: 2025, today: TODAY } });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const reportGraph = machineGraph({
  machine: payGapReportMachine,
  input: { year: 2025, today: TODAY },
  serializeState: serializeReport,
  events: eventsWithFixtures<PayGapReportEvent>(
    {
      'payGap.openAction': [
        { type: 'payGap.openAction', category: 'Analistas' },
        { type: 'payGap.openAction', category: 'Ventas' },
        { type: 'payGap.openAction', category: 'director|finance' }, // not flagged: no form
      ],
      'payGap.editAction': [
        { type: 'payGap.editAction', note: 'Different seniority' },
        { type: 'payGap.editAction', note: '  ' },
        { type: 'payGap.editAction', kind: 'remedy', actionDate: '2026-02-30' },
      ],
    },
    {
      outputs: { loadReport: [REPORT], recordAction: [RECORDED] },
      errors: { loadReport: [OFFLINE, failure(404, 'PAYROLL_NOT_FOUND')], recordAction: [OFFLINE, failure(400, 'VALIDATION_ERROR')] },
    },
  ),
});

/** The open form: the category opened, what was saved for it (or a justification dated today), and what was typed since. */
function expectDraft(world: ReportWorld, snapshot: MachineSnapshot<PayGapReportMachine>) {
  const saved = world.lastReport?.categories.find((entry) => entry.category === world.opened)?.action;
  const start = saved ? { kind: saved.kind, note: saved.note, actionDate: saved.actionDate } : { kind: 'justification', note: '', actionDate: TODAY };
  expect(payGapReportView(snapshot).draft).toEqual({ category: world.opened, ...start, ...world.typed });
}

const reportAssertions = {
  loading: (world, snapshot) => {
    expect(world.loads.at(-1)).toBe(2025);
    expect(payGapReportView(snapshot)).toMatchObject({ status: 'loading', report: null });
  },
  failed: (world, snapshot) => {
    expect(world.lastFailure).toBe(OFFLINE);
    expect(payGapReportView(snapshot).status).toBe('failed');
    expect(world.emitted.at(-1)).toEqual({ type: 'payGap.failed', failure: OFFLINE });
  },
  missing: (world, snapshot) => {
    expect(world.lastFailure?.status).toBe(404);
    expect(payGapReportView(snapshot)).toMatchObject({ status: 'missing', report: null });
    // A year without a payroll is an answer, not a failure to report.
    expect(world.emitted.filter((event) => event.type === 'payGap.failed' && event.failure.status === 404)).toEqual([]);
  },
  ready: (world, snapshot) => {
    const view = payGapReportView(snapshot);
    expect(view.status).toBe('ready');
    expect(view.report?.headcount).toEqual(REPORT.headcount);
    // The report shows every record the server keeps: the one saved before, and the one just saved.
    expect(view.report?.categories.find((entry) => entry.category === 'Ventas')?.action).toEqual(SAVED_BEFORE);
    if (world.lastSaved) expect(view.report?.categories.find((entry) => entry.category === world.lastSaved!.category)?.action).toEqual(world.lastSaved);
  },
  'ready.viewing': (world, snapshot) => {
    expect(payGapReportView(snapshot)).toMatchObject({ draft: null, canSave: false, noticeKey: null, savedCategory: null });
  },
  'ready.editing': (world, snapshot) => {
    expectDraft(world, snapshot);
    expect(payGapReportView(snapshot)).toMatchObject({ canSave: true, saving: false, noticeKey: null });
  },
  'ready.invalid': (world, snapshot) => {
    expectDraft(world, snapshot);
    expect(payGapReportView(snapshot)).toMatchObject({ canSave: false, noticeKey: 'pay_transparency.report.action.invalid', noticeTone: 'error' });
    // Incomplete: nothing was sent for it (a 400 of the server lands here too).
    if (world.lastFailure?.status !== 400)
      expect(world.sent.every((input) => input.action.note.trim() !== '' && isCalendarDate(input.action.actionDate))).toBe(true);
  },
  'ready.saving': (world, snapshot) => {
    const draft = payGapReportView(snapshot).draft!;
    expect(world.sent.at(-1)).toEqual({
      year: 2025,
      action: { category: world.opened, kind: draft.kind, note: draft.note.trim(), actionDate: draft.actionDate },
    });
    expect(isDraftComplete(draft)).toBe(true);
    expect(payGapReportView(snapshot)).toMatchObject({ saving: true, canSave: false });
  },
  'ready.saved': (world, snapshot) => {
    expect(payGapReportView(snapshot)).toMatchObject({ draft: null, savedCategory: RECORDED.category });
    expect(world.emitted.at(-1)).toEqual({ type: 'payGap.actionSaved', action: RECORDED });
  },
  'ready.saveFailed': (world, snapshot) => {
    expectDraft(world, snapshot);
    expect(world.lastFailure).toBe(OFFLINE);
    expect(payGapReportView(snapshot)).toMatchObject({ canSave: true, noticeKey: 'pay_transparency.report.action.failed' });
  },
} satisfies StateAssertions<PayGapReportMachine, ReportWorld>;

const reportDriver = actorDriver<PayGapReportMachine, ReportWorld>({
  start: createReportWorld,
  executors: {
    'payGap.retry': send,
    'payGap.openAction': (world, event) => {
      if (world.lastReport?.categories.find((entry) => entry.category === event.category)?.flagged) {
        world.opened = event.category;
        world.typed = {};
      }
      send(world, event);
    },
    'payGap.editAction': (world, event) => {
      const { type: _type, ...typed } = event;
      world.typed = { ...world.typed, ...typed };
      send(world, event);
    },
    'payGap.saveAction': send,
    'payGap.cancelAction': (world, event) => {
      world.opened = null;
      world.typed = {};
      send(world, event);
    },
  } satisfies EventExecutors<PayGapReportEvent, ReportWorld>,
  frameworkExecutors: {
    'xstate.done.actor.loadReport': (world, event) => {
      world.lastReport = event.output as PayGapReport;
      world.load!.resolve(event.output as PayGapReport);
    },
    'xstate.error.actor.loadReport': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.load!.reject(event.error);
    },
    'xstate.done.actor.recordAction': (world, event) => {
      const saved = event.output as GapAction;
      world.lastSaved = saved;
      if (world.lastReport) {
        world.lastReport = {
          ...world.lastReport,
          categories: world.lastReport.categories.map((entry) => (entry.category === saved.category ? { ...entry, action: saved } : entry)),
        };
      }
      world.opened = null;
      world.typed = {};
      world.save!.resolve(event.output as GapAction);
    },
    'xstate.error.actor.recordAction': (world, event) => {
      world.lastFailure = event.error as CallFailure;
      world.save!.reject(event.error);
    },
  },
  serializeState: serializeReport,
});

describeMachinePaths('payGapReport paths', { graph: reportGraph, driver: reportDriver, assertions: reportAssertions, generators: ['shortest', 'transitions'] });

describe('payGapReport behaviour', () => {
  async function loaded() {
    const world = createReportWorld();
    world.actor.start();
    world.load!.resolve(REPORT);
    await tick();
    return world;
  }

  it('opens no form on a category that is not flagged', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payGap.openAction', category: 'director|finance' });
    world.actor.send({ type: 'payGap.openAction', category: 'no such category' });
    expect(payGapReportView(world.actor.getSnapshot()).draft).toBeNull();
  });

  it('sends nothing while the description is blank or the date is not a date, and the trimmed text once complete', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payGap.openAction', category: 'Analistas' });
    world.actor.send({ type: 'payGap.saveAction' });
    world.actor.send({ type: 'payGap.editAction', note: 'Different seniority ', actionDate: '' });
    world.actor.send({ type: 'payGap.saveAction' });
    expect(world.sent).toEqual([]);
    world.actor.send({ type: 'payGap.editAction', actionDate: '2026-04-30' });
    world.actor.send({ type: 'payGap.saveAction' });
    expect(world.sent).toEqual([
      { year: 2025, action: { category: 'Analistas', kind: 'justification', note: 'Different seniority', actionDate: '2026-04-30' } },
    ]);
  });

  it('shows the saved record in the report once the server keeps it', async () => {
    const world = await loaded();
    world.actor.send({ type: 'payGap.openAction', category: 'Analistas' });
    world.actor.send({ type: 'payGap.editAction', note: 'Different seniority' });
    world.actor.send({ type: 'payGap.saveAction' });
    world.save!.resolve(RECORDED);
    await tick();
    const view = payGapReportView(world.actor.getSnapshot());
    expect(view.report?.categories.find((entry) => entry.category === 'Analistas')?.action).toEqual(RECORDED);
    expect(view.savedCategory).toBe('Analistas');
  });

  it('reads dates as calendar dates', () => {
    expect(['2026-02-28', '2024-02-29'].every(isCalendarDate)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '26-01-01', '', '2026-1-1'].some(isCalendarDate)).toBe(false);
  });
});

// ───────────── the downloads ─────────────

const TEMPLATE_ES: PayTransparencyFile = { kind: 'template', language: 'es' };
const REPORT_CSV: PayTransparencyFile = { kind: 'report', year: 2025, scope: 'publication', language: 'en' };
const DOWNLOADED: DownloadedFile = { blob: new Blob(['x']), fileName: 'plantilla-nomina.csv' };

const serializeDownload = (s: MachineSnapshot<PayTransparencyDownloadMachine>) => JSON.stringify({ value: s.value });

interface DownloadWorld extends ActorWorld<PayTransparencyDownloadMachine> {
  asked: PayTransparencyFile[];
  fetching: Pending<DownloadedFile> | null;
  saved: DownloadedFile[];
  saving: Pending<void> | null;
  emitted: FileDownloadEmitted[];
  clicked: PayTransparencyFile | null;
  lastFailure: unknown;
}

function createDownloadWorld(): DownloadWorld {
  const world = { asked: [], fetching: null, saved: [], saving: null, emitted: [], clicked: null, lastFailure: null } as Omit<
    DownloadWorld,
    'actor'
  > as DownloadWorld;
  const machine = payTransparencyDownloadMachine.provide({
    actors: {
      fetchFile: fromPromise<DownloadedFile, PayTransparencyFile>(({ input }) => {
        world.asked.push(input);
        return new Promise((resolve, reject) => (world.fetching = { resolve, reject }));
      }),
      saveFile: fromPromise<void, DownloadedFile>(({ input }) => {
        world.saved.push(input);
        return new Promise((resolve, reject) => (world.saving = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const downloadGraph = machineGraph({
  machine: payTransparencyDownloadMachine,
  serializeState: serializeDownload,
  events: eventsWithFixtures<FileDownloadEvent>(
    {
      'download.start': [
        { type: 'download.start', file: TEMPLATE_ES },
        { type: 'download.start', file: REPORT_CSV },
      ],
    },
    {
      outputs: { fetchFile: [DOWNLOADED], saveFile: [undefined] },
      errors: { fetchFile: [OFFLINE, failure(404, 'PAYROLL_NOT_FOUND')], saveFile: [new Error('blocked')] },
    },
  ),
});

const downloadAssertions = {
  idle: (world, snapshot) => {
    expect(world.asked).toEqual([]);
    expect(fileDownloadView(snapshot)).toEqual({ busy: false, failed: false, requested: null });
  },
  downloading: (world, snapshot) => {
    expect(world.asked.at(-1)).toEqual(world.clicked);
    expect(fileDownloadView(snapshot)).toEqual({ busy: true, failed: false, requested: world.clicked });
  },
  saving: (world, snapshot) => {
    expect(world.saved.at(-1)).toBe(DOWNLOADED);
    expect(fileDownloadView(snapshot).busy).toBe(true);
  },
  done: (world, snapshot) => {
    expect(fileDownloadView(snapshot)).toEqual({ busy: false, failed: false, requested: world.clicked });
    expect(world.emitted.at(-1)).toEqual({ type: 'download.saved', file: world.clicked });
  },
  failed: (world, snapshot) => {
    expect(fileDownloadView(snapshot)).toEqual({ busy: false, failed: true, requested: world.clicked });
    expect(world.emitted.at(-1)?.type).toBe('download.failed');
  },
} satisfies StateAssertions<PayTransparencyDownloadMachine, DownloadWorld>;

const downloadDriver = actorDriver<PayTransparencyDownloadMachine, DownloadWorld>({
  start: createDownloadWorld,
  executors: {
    'download.start': (world, event) => {
      world.clicked = event.file;
      send(world, event);
    },
  } satisfies EventExecutors<FileDownloadEvent, DownloadWorld>,
  frameworkExecutors: {
    'xstate.done.actor.fetchFile': (world, event) => world.fetching!.resolve(event.output as DownloadedFile),
    'xstate.error.actor.fetchFile': (world, event) => world.fetching!.reject(event.error),
    'xstate.done.actor.saveFile': (world) => world.saving!.resolve(),
    'xstate.error.actor.saveFile': (world, event) => world.saving!.reject(event.error),
  },
  serializeState: serializeDownload,
});

describeMachinePaths('payTransparencyDownload paths', {
  graph: downloadGraph,
  driver: downloadDriver,
  assertions: downloadAssertions,
  generators: ['shortest', 'transitions'],
});

describe('the view helpers', () => {
  it('names a category by its role, or by its level and area', () => {
    expect(categoryName('Analistas')).toEqual({ kind: 'role', name: 'Analistas' });
    expect(categoryName('director|finance')).toEqual({ kind: 'levelArea', level: 'director', area: 'finance' });
  });

  it('explains a problem code the app does not know as a general one', () => {
    expect(problemRow({ line: 2, field: 'salary', code: 'somethingNew' })).toMatchObject({
      columnKey: null,
      explanationKey: 'pay_transparency.problems.codes.other',
    });
  });

  it('names a downloaded file as the server offers it, when that is a plain CSV name', () => {
    expect(csvFileNameOf('attachment; filename="brecha-salarial-2025.csv"', REPORT_CSV)).toBe('brecha-salarial-2025.csv');
    expect(csvFileNameOf('attachment; filename="../../evil.sh"', REPORT_CSV)).toBe('pay-gap-report-2025.csv');
    expect(csvFileNameOf(null, TEMPLATE_ES)).toBe(fallbackFileName(TEMPLATE_ES));
  });
});
