import { assertEvent, assign, emit, setup } from 'xstate';

/**
 * What the modal asks to confirm (the confirm modal takes a type, delete or copy; leave asks
 * before an in-app link abandons an unfinished questionnaire; activate and deactivate ask before an admin change that
 * moves the statistics, e.g. the active outlier pack; cut asks before an admin cuts a statistics release; erase asks
 * before a person deletes their own account, naming everything that goes with it).
 */
export type ConfirmKind = 'delete' | 'copy' | 'leave' | 'activate' | 'deactivate' | 'cut' | 'erase';

export const CONFIRM_KINDS = ['delete', 'copy', 'leave', 'activate', 'deactivate', 'cut', 'erase'] as const satisfies readonly ConfirmKind[];

export interface ConfirmModalContext {
  /**
   * The kind being asked about. Named `kind`, not `type`, because an event's `type` is
   * its name. It stays after the modal closes so a closing animation keeps its texts.
   */
  kind: ConfirmKind;
}

export interface ConfirmModalInput {
  /** The kind shown until the first `confirm.open` says otherwise. */
  kind: ConfirmKind;
}

/** What a view (or a parent flow) sends. */
export type ConfirmModalEvent = { type: 'confirm.open'; kind: ConfirmKind } | { type: 'confirm.resolve' } | { type: 'confirm.reject' };

/**
 * What the modal tells its listeners (`actor.on('confirm.resolved', …)`): resolved or
 * rejected. Each carries the value the modal is dismissed with.
 */
export type ConfirmModalEmitted =
  { type: 'confirm.resolved'; kind: ConfirmKind; result: true } | { type: 'confirm.rejected'; kind: ConfirmKind; result: false };

/**
 * The confirm modal.
 *
 * ```
 *   closed ──────────── confirm.open(kind) ───────────▶ open
 *     ├ idle       never answered                        │
 *     ├ resolved ◀───────── confirm.resolve ─────────────┤  emits confirm.resolved: dismissed with true
 *     └ rejected ◀───────── confirm.reject ──────────────┘  emits confirm.rejected: dismissed with false
 * ```
 *
 * - `closed` never answered (`idle`) or answered: `resolved` / `rejected` say with what the modal was
 *   dismissed, so the result is the state, not a copy of it in context.
 * - `open` (tag `open`) shows the title, subtitle and the reject/resolve buttons of its kind; the texts
 *   are the translation keys `modals.{kind}_modal.title`, `.subtitle`, `.no_{kind}` and `.{kind}`
 *   (see `viewModel.ts`).
 * - Resolving emits `confirm.resolved` (result true); rejecting emits `confirm.rejected` (result false).
 *   A view maps Escape, the close icon and a click on the backdrop to `confirm.reject`.
 * - `confirm.open` while the modal is open is ignored: one question at a time.
 *
 * Pure: no React, no I/O; one inline config with every implementation named, so the Stately visualizer
 * opens it as it is.
 */
export const confirmModalMachine = setup({
  types: {
    context: {} as ConfirmModalContext,
    events: {} as ConfirmModalEvent,
    input: {} as ConfirmModalInput,
    emitted: {} as ConfirmModalEmitted,
  },
  actions: {
    rememberKind: assign({
      kind: ({ event }) => {
        assertEvent(event, 'confirm.open');
        return event.kind;
      },
    }),
    emitResolved: emit(({ context }) => ({ type: 'confirm.resolved' as const, kind: context.kind, result: true as const })),
    emitRejected: emit(({ context }) => ({ type: 'confirm.rejected' as const, kind: context.kind, result: false as const })),
  },
}).createMachine({
  id: 'confirmModal',
  description: 'Asks the person to confirm a delete or a copy; dismissed with true (resolve) or false (reject).',
  context: ({ input }) => ({ kind: input.kind }),
  initial: 'closed',
  states: {
    closed: {
      description: 'Not shown. The substate says with what the modal was last dismissed.',
      tags: ['closed'],
      initial: 'idle',
      on: {
        'confirm.open': { target: 'open', actions: 'rememberKind' },
      },
      states: {
        idle: {
          description: 'Never answered since the modal was created.',
        },
        resolved: {
          description: 'Dismissed with true: the person confirmed.',
        },
        rejected: {
          description: 'Dismissed with false: the person declined or closed the modal.',
        },
      },
    },
    open: {
      description: 'Shown: title, subtitle and the reject and resolve buttons of the kind.',
      tags: ['open'],
      on: {
        'confirm.resolve': { target: 'closed.resolved', actions: 'emitResolved' },
        'confirm.reject': { target: 'closed.rejected', actions: 'emitRejected' },
      },
    },
  },
});

export type ConfirmModalMachine = typeof confirmModalMachine;
