import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { outputOf, retryOn } from '../shared/load';

export type PayGapReport = components['schemas']['PayGapReport'];
export type PayGapCategory = components['schemas']['PayGapCategory'];
export type GapAction = components['schemas']['GapAction'];
export type GapActionInput = components['schemas']['GapActionInput'];
export type GapActionKind = GapActionInput['kind'];

export interface PayGapReportInput {
  /** The reporting year of the payroll. */
  year: number;
  /** The current date (YYYY-MM-DD): a new record's date until the person changes it. */
  today: string;
}

/** The form of a flagged category's justification or remedy, as typed. */
export interface GapActionDraft {
  category: string;
  kind: GapActionKind;
  note: string;
  /** YYYY-MM-DD, as the date field gives it ('' when empty). */
  actionDate: string;
}

/** The note's length the contract allows. */
export const GAP_ACTION_NOTE_MAX = 2000;

/** A YYYY-MM-DD that is a calendar date. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** What the server would take: a description (at most 2,000 characters once trimmed) and a calendar date. */
export function isDraftComplete(draft: GapActionDraft): boolean {
  const note = draft.note.trim();
  return note.length > 0 && note.length <= GAP_ACTION_NOTE_MAX && isCalendarDate(draft.actionDate);
}

export interface PayGapReportContext {
  year: number;
  today: string;
  report: PayGapReport | null;
  /** The record being written (one category at a time), null when no form is open. */
  draft: GapActionDraft | null;
  /** The category whose record was saved last. */
  savedCategory: string | null;
  failure: CallFailure | null;
}

export type PayGapReportEvent =
  | { type: 'payGap.retry' }
  | { type: 'payGap.openAction'; category: string }
  | { type: 'payGap.editAction'; kind?: GapActionKind; note?: string; actionDate?: string }
  | { type: 'payGap.saveAction' }
  | { type: 'payGap.cancelAction' };

export type PayGapReportEmitted = { type: 'payGap.actionSaved'; action: GapAction } | { type: 'payGap.failed'; failure: CallFailure };

/** The category of the report with that name. */
export function categoryOf(report: PayGapReport | null, category: string): PayGapCategory | undefined {
  return report?.categories.find((entry) => entry.category === category);
}

/** Opening a flagged category's form (another one's replaces the form open). */
const OPEN = { guard: 'isFlaggedCategory', target: '#payGapReport.ready.editing', actions: 'openDraft' } as const;

/** Writing in the open form: kind, description, date. */
const EDIT = { target: '#payGapReport.ready.editing', actions: 'editDraft' } as const;

/** Saving the open form, unless it is incomplete (said at once, nothing sent). */
const SAVE = [{ guard: 'draftIncomplete', target: '#payGapReport.ready.invalid' }, { target: '#payGapReport.ready.saving' }] as const;

/** Saving again after a failure: the form was complete when it was sent, and nothing has changed it since. */
const SAVE_AGAIN = { target: '#payGapReport.ready.saving' } as const;

const CANCEL = { target: '#payGapReport.ready.viewing', actions: 'closeDraft' } as const;

/**
 * The gender pay gap report of one reporting year on /pay-transparency (docs/pay-transparency.md): the indicators,
 * the quartiles and the categories, and the Article 10 record of a flagged category (its objective justification
 * or its remedy, with a date).
 *
 * ```
 * loading ──ok──▶ ready.viewing ──openAction(flagged category)──▶ editing ⇄ editAction
 *   ├─404─▶ missing                                                  │  └─saveAction, incomplete─▶ invalid
 *   └─error─▶ failed ─retry─▶ loading                                └─saveAction─▶ saving ──ok──▶ saved (emits payGap.actionSaved)
 *                                                                                     ├─400─▶ invalid
 *                                                                                     └─other─▶ saveFailed ─saveAction─▶ saving
 * editing, invalid, saveFailed ──cancelAction──▶ viewing
 * ```
 *
 * - One form at a time: opening another flagged category's form starts from that category's saved record (or a
 *   justification dated today).
 * - A saved record replaces the category's in the report shown, so the page shows what the server keeps.
 * - Tags: `loading`, `failed`, `missing`, `ready`, `editing` (a form open), `invalid`, `saving`, `saved`, `saveFailed`.
 */
export const payGapReportMachine = setup({
  types: {
    context: {} as PayGapReportContext,
    events: {} as PayGapReportEvent,
    input: {} as PayGapReportInput,
    emitted: {} as PayGapReportEmitted,
  },
  actors: {
    loadReport: injected<PayGapReport, { year: number }>('payGapReport: provide loadReport'),
    recordAction: injected<GapAction, { year: number; action: GapActionInput }>('payGapReport: provide recordAction'),
  },
  guards: {
    isMissing: ({ event }) => failureOf(errorOf(event)).status === 404,
    isFlaggedCategory: ({ context, event }) => {
      assertEvent(event, 'payGap.openAction');
      return categoryOf(context.report, event.category)?.flagged === true;
    },
    draftIncomplete: ({ context }) => context.draft === null || !isDraftComplete(context.draft),
    isBadInput: ({ event }) => failureOf(errorOf(event)).status === 400,
  },
  actions: {
    keepReport: assign(({ event }) => ({ report: outputOf<PayGapReport>(event), failure: null })),
    openDraft: assign(({ context, event }) => {
      assertEvent(event, 'payGap.openAction');
      const saved = categoryOf(context.report, event.category)?.action;
      const draft: GapActionDraft = saved
        ? { category: event.category, kind: saved.kind, note: saved.note, actionDate: saved.actionDate }
        : { category: event.category, kind: 'justification', note: '', actionDate: context.today };
      return { draft, savedCategory: null, failure: null };
    }),
    editDraft: assign(({ context, event }) => {
      assertEvent(event, 'payGap.editAction');
      if (!context.draft) return {};
      const { kind = context.draft.kind, note = context.draft.note, actionDate = context.draft.actionDate } = event;
      return { draft: { ...context.draft, kind, note, actionDate } };
    }),
    closeDraft: assign({ draft: null }),
    keepAction: assign(({ context, event }) => {
      const action = outputOf<GapAction>(event);
      const report = context.report && {
        ...context.report,
        categories: context.report.categories.map((entry) => (entry.category === action.category ? { ...entry, action } : entry)),
      };
      return { report, draft: null, savedCategory: action.category, failure: null };
    }),
    emitSaved: emit((_, params: { action: GapAction }) => ({ type: 'payGap.actionSaved' as const, action: params.action })),
    ...failureActions<PayGapReportContext, PayGapReportEvent, PayGapReportEmitted>('payGap.failed'),
  },
}).createMachine({
  id: 'payGapReport',
  description: "One reporting year's gender pay gap report, and the Article 10 records of its flagged categories.",
  context: ({ input }) => ({ year: input.year, today: input.today, report: null, draft: null, savedCategory: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the year's report.",
      tags: ['loading'],
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ year: context.year }),
        onDone: { target: 'ready', actions: 'keepReport' },
        onError: [
          { guard: 'isMissing', target: 'missing', actions: 'rememberFailure' },
          { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    failed: { description: 'The report could not be read: the same call can be tried again.', ...retryOn('payGap.retry') },
    missing: {
      description: 'The year has no payroll (any more): nothing to show.',
      tags: ['missing'],
    },
    ready: {
      description: 'The report: headcounts, indicators, quartiles and categories, with the downloads.',
      tags: ['ready'],
      initial: 'viewing',
      states: {
        viewing: {
          description: 'No form open: a flagged category can be given its justification or remedy.',
          on: { 'payGap.openAction': OPEN },
        },
        editing: {
          description: "A flagged category's form is open: kind, description and date.",
          tags: ['editing'],
          on: { 'payGap.openAction': OPEN, 'payGap.editAction': EDIT, 'payGap.saveAction': SAVE, 'payGap.cancelAction': CANCEL },
        },
        invalid: {
          description: 'The form lacks a description or a valid date (checked here, or refused by the server): said plainly, nothing saved.',
          tags: ['editing', 'invalid'],
          on: { 'payGap.openAction': OPEN, 'payGap.editAction': EDIT, 'payGap.cancelAction': CANCEL },
        },
        saving: {
          description: "Saving the category's record (it replaces the one saved before).",
          tags: ['editing', 'saving'],
          invoke: {
            id: 'recordAction',
            src: 'recordAction',
            input: ({ context }) => ({
              year: context.year,
              action: { category: context.draft!.category, kind: context.draft!.kind, note: context.draft!.note.trim(), actionDate: context.draft!.actionDate },
            }),
            onDone: { target: 'saved', actions: ['keepAction', { type: 'emitSaved', params: ({ event }) => ({ action: event.output }) }] },
            onError: [
              { guard: 'isBadInput', target: 'invalid', actions: 'rememberFailure' },
              { target: 'saveFailed', actions: ['rememberFailure', 'emitFailed'] },
            ],
          },
        },
        saved: {
          description: 'Saved: the category shows the record the server keeps.',
          tags: ['saved'],
          on: { 'payGap.openAction': OPEN },
        },
        saveFailed: {
          description: 'The save got no answer or a server error: the form stays, saving again is offered.',
          tags: ['editing', 'saveFailed'],
          on: { 'payGap.openAction': OPEN, 'payGap.editAction': EDIT, 'payGap.saveAction': SAVE_AGAIN, 'payGap.cancelAction': CANCEL },
        },
      },
    },
  },
});

export type PayGapReportMachine = typeof payGapReportMachine;
