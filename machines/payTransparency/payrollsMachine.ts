import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { confirmModalMachine } from '../confirmModal/confirmModalMachine';
import { confirmChild, confirmSetup } from '../shared/confirm';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { failTo, outputOf, retryOn } from '../shared/load';

export type PayrollSummary = components['schemas']['PayrollSummary'];
export type ComplianceCalendar = components['schemas']['ComplianceCalendar'];
export type PayrollProblem = components['schemas']['PayrollProblem'];

/** The company's calendar and its uploaded years, read together. */
export interface PayrollsOverview {
  calendar: ComplianceCalendar;
  payrolls: PayrollSummary[];
}

export interface PayrollUploadRequest {
  year: number;
  file: File;
}

export interface PayrollsInput {
  /** The current calendar year: the picker offers it and the five before it. */
  currentYear: number;
}

/** How many years before the current one the picker offers. */
export const PAYROLL_YEARS_BACK = 5;

/** The reporting years the picker offers, newest first: the current year and the five before it. */
export function payrollYears(currentYear: number): number[] {
  return Array.from({ length: PAYROLL_YEARS_BACK + 1 }, (_, back) => currentYear - back);
}

export interface PayrollsContext {
  calendar: ComplianceCalendar | null;
  /** The uploaded years, newest first (null until loaded). */
  payrolls: PayrollSummary[] | null;
  /** The years the picker offers. */
  years: number[];
  /** The reporting year chosen for the upload. */
  year: number;
  /** The file chosen; kept after a refusal, so the person can fix it and upload again. */
  file: File | null;
  /** The payroll the last upload stored. */
  uploaded: PayrollSummary | null;
  /** Why the last file was refused (PAYROLL_INVALID): the first problems, and how many more there are. */
  problems: PayrollProblem[];
  moreProblems: number;
  /** The year the person asked to delete, then the one deleted. */
  pendingYear: number | null;
  deletedYear: number | null;
  failure: CallFailure | null;
}

export type PayrollsEvent =
  | { type: 'payrolls.retry' }
  | { type: 'payrolls.setYear'; year: number }
  | { type: 'payrolls.chooseFile'; file: File | null }
  | { type: 'payrolls.upload' }
  | { type: 'payrolls.askDelete'; year: number }
  | { type: 'payrolls.answer'; confirmed: boolean };

export type PayrollsEmitted =
  { type: 'payrolls.uploaded'; payroll: PayrollSummary } | { type: 'payrolls.deleted'; year: number } | { type: 'payrolls.failed'; failure: CallFailure };

/** The body of a refused file: its problems and how many more there are (the contract's Error). */
function refusalOf(failure: CallFailure): { problems: PayrollProblem[]; moreProblems: number } {
  const body = failure.body as { problems?: unknown; moreProblems?: unknown } | null;
  return {
    problems: Array.isArray(body?.problems) ? (body.problems as PayrollProblem[]) : [],
    moreProblems: typeof body?.moreProblems === 'number' ? body.moreProblems : 0,
  };
}

/** The list with `payroll` in it (a re-upload replaces its year), newest year first. */
function withPayroll(list: readonly PayrollSummary[] | null, payroll: PayrollSummary): PayrollSummary[] {
  return [...(list ?? []).filter((entry) => entry.reportingYear !== payroll.reportingYear), payroll].sort((a, b) => b.reportingYear - a.reportingYear);
}

const confirmDelete = confirmSetup<PayrollsContext, PayrollsEvent>('delete');

/** Choosing the year and the file: wherever the form is not busy. */
const CHOOSING = {
  'payrolls.setYear': { guard: 'isOfferedYear', actions: 'setYear' },
  'payrolls.chooseFile': { actions: 'setFile' },
} as const;

/** What the form and the list offer wherever nothing is on its way: upload the chosen file, delete a year. */
const FORM = {
  ...CHOOSING,
  'payrolls.upload': { guard: 'hasFile', target: '#payrolls.ready.uploading' },
  'payrolls.askDelete': { guard: 'isUploadedYear', target: '#payrolls.ready.confirming', actions: ['rememberPending', 'openConfirm'] },
} as const;

/** The calendar and the list asked again after a change (the band and the years' status come from the server). */
const REFRESH = {
  id: 'refresh',
  src: 'loadOverview',
  onDone: { actions: 'keepOverview' },
  onError: { actions: ['rememberFailure', 'emitFailed'] },
} as const;

/**
 * A company's payrolls on /pay-transparency (docs/pay-transparency.md): the reporting calendar and the uploaded
 * years, the upload of a year's payroll file, and the deletion of a year behind the confirm modal.
 *
 * ```
 * loading ──ok──▶ ready.idle ──upload (a file chosen)──▶ uploading ──stored──▶ uploaded   (emits payrolls.uploaded)
 *   └─error─▶ failed ─retry─▶ loading                       ├──400 PAYROLL_INVALID──▶ refused (every problem)
 *                                                           └──other failure──────▶ uploadFailed
 * idle, uploaded, refused, uploadFailed, deleted ──askDelete(year)──▶ confirming ──yes──▶ deleting ──▶ deleted
 *                                                                        └──no──▶ idle            └─error─▶ idle
 * ```
 *
 * - The year (the current one and the five before it) and the file are chosen wherever nothing is on its way; the
 *   file stays chosen after a refusal, so the person fixes it and uploads again.
 * - `uploaded` and `deleted` show the list changed at once and ask the calendar again (`refresh`), since its band and
 *   the years' status come from the server.
 * - The confirm modal is a child actor (`confirm`, machines/confirmModal, kind delete).
 * - Tags: `loading`, `failed`, `ready`, `uploading`, `uploaded`, `refused`, `uploadFailed`, `confirming`, `deleting`,
 *   `deleted`, `busy` (something on its way).
 */
export const payrollsMachine = setup({
  types: {
    context: {} as PayrollsContext,
    events: {} as PayrollsEvent,
    input: {} as PayrollsInput,
    emitted: {} as PayrollsEmitted,
  },
  actors: {
    confirmModal: confirmModalMachine,
    loadOverview: injected<PayrollsOverview>('payrolls: provide loadOverview'),
    uploadPayroll: injected<PayrollSummary, PayrollUploadRequest>('payrolls: provide uploadPayroll'),
    deletePayroll: injected<true, { year: number }>('payrolls: provide deletePayroll'),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    isOfferedYear: ({ context, event }) => {
      assertEvent(event, 'payrolls.setYear');
      return context.years.includes(event.year);
    },
    isUploadedYear: ({ context, event }) => {
      assertEvent(event, 'payrolls.askDelete');
      return (context.payrolls ?? []).some((payroll) => payroll.reportingYear === event.year);
    },
    isRefused: ({ event }) => {
      const failure = failureOf(errorOf(event));
      return failure.status === 400 && failure.errorCode === 'PAYROLL_INVALID';
    },
    ...confirmDelete.guards,
  },
  actions: {
    keepOverview: assign(({ event }) => {
      const overview = outputOf<PayrollsOverview>(event);
      return { calendar: overview.calendar, payrolls: overview.payrolls, failure: null };
    }),
    setYear: assign(({ event }) => {
      assertEvent(event, 'payrolls.setYear');
      return { year: event.year };
    }),
    setFile: assign(({ event }) => {
      assertEvent(event, 'payrolls.chooseFile');
      return { file: event.file };
    }),
    startUpload: assign({ uploaded: null, problems: [], moreProblems: 0, deletedYear: null, failure: null }),
    keepUploaded: assign(({ context, event }) => {
      const payroll = outputOf<PayrollSummary>(event);
      return { uploaded: payroll, payrolls: withPayroll(context.payrolls, payroll) };
    }),
    emitUploaded: emit(({ context }) => ({ type: 'payrolls.uploaded' as const, payroll: context.uploaded! })),
    keepProblems: assign(({ event }) => {
      const failure = failureOf(errorOf(event));
      return { failure, ...refusalOf(failure) };
    }),
    rememberPending: assign(({ event }) => {
      assertEvent(event, 'payrolls.askDelete');
      return { pendingYear: event.year };
    }),
    forgetPending: assign({ pendingYear: null }),
    dropDeleted: assign(({ context }) => ({
      deletedYear: context.pendingYear,
      pendingYear: null,
      uploaded: null,
      payrolls: (context.payrolls ?? []).filter((payroll) => payroll.reportingYear !== context.pendingYear),
      failure: null,
    })),
    emitDeleted: emit(({ context }) => ({ type: 'payrolls.deleted' as const, year: context.deletedYear! })),
    ...confirmDelete.actions,
    ...failureActions<PayrollsContext, PayrollsEvent, PayrollsEmitted>('payrolls.failed'),
  },
}).createMachine({
  id: 'payrolls',
  description: "A company's payrolls: the reporting calendar, the uploaded years, uploading a year's file and deleting a year.",
  context: ({ input }) => ({
    calendar: null,
    payrolls: null,
    years: payrollYears(input.currentYear),
    // The report due next covers the year before.
    year: input.currentYear - 1,
    file: null,
    uploaded: null,
    problems: [],
    moreProblems: 0,
    pendingYear: null,
    deletedYear: null,
    failure: null,
  }),
  invoke: confirmChild('delete'),
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the company's reporting calendar and its uploaded years.",
      tags: ['loading', 'busy'],
      invoke: { id: 'loadOverview', src: 'loadOverview', onDone: { target: 'ready', actions: 'keepOverview' }, onError: failTo('failed') },
    },
    failed: { description: 'The calendar and the years could not be read: the same call can be tried again.', ...retryOn('payrolls.retry') },
    ready: {
      description: 'The calendar, the uploaded years and the upload form.',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing on its way: a year and a file to choose, a file to upload, a year to delete.',
          on: FORM,
        },
        uploading: {
          description: 'Sending the file as the payroll of the chosen year; the server checks all of it first.',
          tags: ['uploading', 'busy'],
          entry: 'startUpload',
          invoke: {
            id: 'uploadPayroll',
            src: 'uploadPayroll',
            input: ({ context }) => ({ year: context.year, file: context.file! }),
            onDone: { target: 'uploaded', actions: ['keepUploaded', 'emitUploaded'] },
            onError: [
              { guard: 'isRefused', target: 'refused', actions: 'keepProblems' },
              { target: 'uploadFailed', actions: ['rememberFailure', 'emitFailed'] },
            ],
          },
        },
        uploaded: {
          description: 'Stored: the year is in the list (a re-upload replaced it) and the calendar is asked again.',
          tags: ['uploaded'],
          invoke: REFRESH,
          on: FORM,
        },
        refused: {
          description: 'The file was refused and nothing stored: every problem with its line and column; the file stays chosen.',
          tags: ['refused'],
          on: FORM,
        },
        uploadFailed: {
          description: 'The upload got no answer, or another refusal (too large, not a file): uploading again is offered.',
          tags: ['uploadFailed'],
          on: FORM,
        },
        confirming: {
          description: 'The confirm modal (kind delete) asks whether to delete the year with its report and actions.',
          tags: ['confirming', 'busy'],
          on: {
            'payrolls.answer': [
              { guard: 'confirmed', target: 'deleting', actions: 'resolveConfirm' },
              { target: 'idle', actions: ['rejectConfirm', 'forgetPending'] },
            ],
          },
        },
        deleting: {
          description: "Deleting the year's payroll, its report and its recorded actions.",
          tags: ['deleting', 'busy'],
          invoke: {
            id: 'deletePayroll',
            src: 'deletePayroll',
            input: ({ context }) => ({ year: context.pendingYear! }),
            onDone: { target: 'deleted', actions: ['dropDeleted', 'emitDeleted'] },
            onError: { target: 'idle', actions: ['rememberFailure', 'emitFailed', 'forgetPending'] },
          },
        },
        deleted: {
          description: 'The year is gone from the list; the calendar is asked again.',
          tags: ['deleted'],
          invoke: REFRESH,
          on: FORM,
        },
      },
    },
  },
});

export type PayrollsMachine = typeof payrollsMachine;
