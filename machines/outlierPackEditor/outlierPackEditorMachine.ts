import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { OUTLIER_GROUP_FIELDS, validateRules, type OutlierGroupField, type OutlierMethod } from '../../src/domain/outliers';
import type { Measure } from '../../src/domain/statistics';
import type { OutlierPack, OutlierPackInput } from '../outlierPacks/calls';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

/** The pack as the form holds it: numbers as typed (text), parsed on save. */
export interface PackDraft {
  name: string;
  measure: Measure;
  method: OutlierMethod;
  k: string;
  lowerPercentile: string;
  upperPercentile: string;
  groupBy: OutlierGroupField[];
}

export type DraftField = 'name' | 'measure' | 'method' | 'k' | 'lowerPercentile' | 'upperPercentile';

export const NAME_MAX_LENGTH = 100;

export const EMPTY_DRAFT: PackDraft = {
  name: '',
  measure: 'totalWithDeferral',
  method: 'iqr',
  k: '1.5',
  lowerPercentile: '1',
  upperPercentile: '99',
  groupBy: ['positionLevel'],
};

export function draftOf(pack: OutlierPack | null): PackDraft {
  if (!pack) return EMPTY_DRAFT;
  return {
    name: pack.name,
    measure: pack.measure,
    method: pack.method,
    k: String(pack.k),
    lowerPercentile: pack.lowerPercentile !== undefined ? String(pack.lowerPercentile) : EMPTY_DRAFT.lowerPercentile,
    upperPercentile: pack.upperPercentile !== undefined ? String(pack.upperPercentile) : EMPTY_DRAFT.upperPercentile,
    groupBy: OUTLIER_GROUP_FIELDS.filter((field) => (pack.groupBy as string[]).includes(field)),
  };
}

const numberOf = (text: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
};

/** The problems of a draft, per field, as translation keys of admin_outliers.errors (empty when it can be saved). */
export function draftProblems(draft: PackDraft): Partial<Record<DraftField, string>> {
  const problems: Partial<Record<DraftField, string>> = {};
  const name = draft.name.trim();
  if (name === '') problems.name = 'name_required';
  else if (name.length > NAME_MAX_LENGTH) problems.name = 'name_too_long';
  const k = numberOf(draft.k);
  const lower = numberOf(draft.lowerPercentile);
  const upper = numberOf(draft.upperPercentile);
  const rules = validateRules({ method: draft.method, k: k ?? NaN, lowerPercentile: lower, upperPercentile: upper });
  if (rules.includes('k_range')) problems.k = 'k_range';
  if (rules.includes('percentiles_required') || rules.includes('percentiles_range')) {
    if (lower === null || !(lower >= 0 && lower < 50)) problems.lowerPercentile = 'lower_range';
    if (upper === null || !(upper > 50 && upper <= 100)) problems.upperPercentile = 'upper_range';
  }
  if (rules.includes('percentiles_trim_nothing')) problems.upperPercentile = 'percentiles_trim_nothing';
  return problems;
}

/** The save request of a valid draft; `active` keeps the pack's status (the list activates and deactivates). */
export function packInputOf(draft: PackDraft, active: boolean): OutlierPackInput {
  const percentile = draft.method === 'percentile';
  return {
    name: draft.name.trim(),
    measure: draft.measure,
    method: draft.method,
    // The contract asks k of every pack (percentile trim ignores it).
    k: percentile ? (numberOf(draft.k) ?? 1) : numberOf(draft.k)!,
    ...(percentile ? { lowerPercentile: numberOf(draft.lowerPercentile)!, upperPercentile: numberOf(draft.upperPercentile)! } : {}),
    groupBy: draft.groupBy,
    active,
  };
}

export interface OutlierPackEditorInput {
  /** The pack to change; null creates one. */
  pack: OutlierPack | null;
}

export interface OutlierPackEditorContext {
  id: string | null;
  active: boolean;
  draft: PackDraft;
  /** Problems show once a save was tried (not while the admin is still typing the first time). */
  showProblems: boolean;
  failure: CallFailure | null;
}

export type OutlierPackEditorEvent =
  | { type: 'editor.set'; field: DraftField; value: string }
  | { type: 'editor.toggleGroup'; field: OutlierGroupField }
  | { type: 'editor.submit' }
  | { type: 'editor.cancel' };

export type OutlierPackEditorEmitted = { type: 'editor.saved'; pack: OutlierPack } | { type: 'editor.failed'; failure: CallFailure };

/**
 * Creating or changing an outlier pack: name, measure, method (IQR × k, z-score with k, percentile trim with a
 * lower and an upper percentile) and grouping fields.
 *
 * ```
 * editing ── submit [valid] ──▶ saving ──done──▶ saved (final, emits editor.saved)
 *   │  └── submit [invalid] ─▶ editing (problems shown)   └─error─▶ editing (failure; the draft is kept)
 *   └── cancel ──▶ cancelled (final)
 * ```
 *
 * - Problems are computed from the draft (`draftProblems`) with the same rules as the server (domain/outliers.ts).
 * - Changing the rules of a calculated pack drops its result (the server says so); the active pack's rules are
 *   refused by the server with 409 OUTLIER_PACK_ACTIVE, shown as the failure.
 * - Tags: `editing`, `saving`.
 */
export const outlierPackEditorMachine = setup({
  types: {
    context: {} as OutlierPackEditorContext,
    events: {} as OutlierPackEditorEvent,
    input: {} as OutlierPackEditorInput,
    emitted: {} as OutlierPackEditorEmitted,
  },
  actors: {
    savePack: injected<OutlierPack, { id: string | null; pack: OutlierPackInput }>('outlierPackEditor: provide savePack'),
  },
  guards: {
    valid: ({ context }) => Object.keys(draftProblems(context.draft)).length === 0,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'editor.set');
      const value = event.value;
      const draft = { ...context.draft };
      if (event.field === 'measure') draft.measure = value as Measure;
      else if (event.field === 'method') draft.method = value as OutlierMethod;
      else draft[event.field] = value;
      return { draft };
    }),
    toggleGroup: assign(({ context, event }) => {
      assertEvent(event, 'editor.toggleGroup');
      const chosen = new Set(context.draft.groupBy);
      if (chosen.has(event.field)) chosen.delete(event.field);
      else chosen.add(event.field);
      return { draft: { ...context.draft, groupBy: OUTLIER_GROUP_FIELDS.filter((field) => chosen.has(field)) } };
    }),
    showProblems: assign({ showProblems: true }),
    rememberSaved: assign((_, params: { pack: OutlierPack }) => ({ id: params.pack.id })),
    forgetFailure: assign({ failure: null }),
    emitSaved: emit((_, params: { pack: OutlierPack }) => ({ type: 'editor.saved' as const, pack: params.pack })),
    ...failureActions<OutlierPackEditorContext, OutlierPackEditorEvent, OutlierPackEditorEmitted>('editor.failed'),
  },
}).createMachine({
  id: 'outlierPackEditor',
  description: 'Creates or changes an outlier pack, validating the rules before saving.',
  context: ({ input }) => ({ id: input.pack?.id ?? null, active: input.pack?.active ?? false, draft: draftOf(input.pack), showProblems: false, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: every field editable; problems shown once a save was tried.',
      tags: ['editing'],
      on: {
        'editor.set': { actions: 'setField' },
        'editor.toggleGroup': { actions: 'toggleGroup' },
        'editor.submit': [{ guard: 'valid', target: 'saving', actions: 'forgetFailure' }, { actions: 'showProblems' }],
        'editor.cancel': { target: 'cancelled' },
      },
    },
    saving: {
      description: 'Saving the pack; the form stays as typed.',
      tags: ['saving'],
      invoke: {
        id: 'savePack',
        src: 'savePack',
        input: ({ context }) => ({ id: context.id, pack: packInputOf(context.draft, context.active) }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'rememberSaved', params: ({ event }) => ({ pack: event.output }) },
            { type: 'emitSaved', params: ({ event }) => ({ pack: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: ['rememberFailure', 'emitFailed', 'showProblems'] },
      },
    },
    saved: {
      description: 'Saved: the page closes the form and shows the pack in the list.',
      type: 'final',
    },
    cancelled: {
      description: 'Closed without saving.',
      type: 'final',
    },
  },
});

export type OutlierPackEditorMachine = typeof outlierPackEditorMachine;
