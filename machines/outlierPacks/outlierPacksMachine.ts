import { assertEvent, assign, emit, sendTo, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { confirmModalMachine } from '../confirmModal/confirmModalMachine';
import type { OutlierPack, OutlierPackInput } from './calls';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { confirmChild, confirmSetup } from '../shared/confirm';
import { loadCall, outputOf, retryOn } from '../shared/load';

/** What an admin can do to a pack from the list, each behind the confirm modal of the same kind. */
export type PackAction = 'activate' | 'deactivate' | 'delete';

export interface OutlierPacksContext {
  packs: OutlierPack[] | null;
  /** The pack and action being confirmed or applied. */
  pending: { id: string; action: PackAction } | null;
  failure: CallFailure | null;
}

export type OutlierPacksEvent =
  { type: 'packs.reload' } | { type: 'packs.retry' } | { type: 'packs.ask'; id: string; action: PackAction } | { type: 'packs.answer'; confirmed: boolean };

export type OutlierPacksEmitted = { type: 'packs.changed'; id: string; action: PackAction } | { type: 'packs.failed'; failure: CallFailure };

/** The pack as a save request with its active flag set (activation and deactivation resend the rules as they are). */
export function packInput(pack: OutlierPack, active: boolean): OutlierPackInput {
  return {
    name: pack.name,
    measure: pack.measure,
    method: pack.method,
    k: pack.k,
    ...(pack.lowerPercentile !== undefined ? { lowerPercentile: pack.lowerPercentile } : {}),
    ...(pack.upperPercentile !== undefined ? { upperPercentile: pack.upperPercentile } : {}),
    groupBy: pack.groupBy,
    active,
  };
}

/** Whether the action applies to the pack as listed: activate a calculated inactive pack, deactivate the active one, delete an inactive one. */
export function actionAllowed(pack: OutlierPack | undefined, action: PackAction): boolean {
  if (!pack) return false;
  if (action === 'activate') return !pack.active && pack.lastResult !== null;
  if (action === 'deactivate') return pack.active;
  return !pack.active;
}

const confirmPack = confirmSetup<OutlierPacksContext, OutlierPacksEvent>('activate');

/** The end of a change to a pack: the list is loaded again, or the failure shown beside it. */
const CHANGED = {
  onDone: { target: 'loading', actions: ['emitChanged', 'forgetPending'] },
  onError: { target: 'ready', actions: ['rememberFailure', 'emitFailed', 'forgetPending'] },
} as const;

/**
 * The outlier packs of the admin simulator (/admin/outliers): the list with each pack's status, and the three
 * changes that move the statistics at the next release — activate, deactivate, delete — each confirmed first.
 *
 * ```
 * loading ──done──▶ ready ── ask(id, action) ──▶ confirming ── answer(true) ──▶ switching (activate/deactivate)
 *   ▲  └─error─▶ failed ─retry─┘   ▲   reload             │                      deleting (delete)
 *   └──────────────────────────────┴──── answer(false) ◀───┘          done ──▶ loading   error ──▶ ready (failure)
 * ```
 *
 * - The confirm modal is a child actor (`confirm`): `confirming` opens it with the action as its kind.
 * - An action the pack does not allow (activating a pack without a result, deleting the active pack) is not
 *   offered: the ask is ignored. The server refuses the same with 409 and its reason.
 * - Tags: `loading`, `ready`, `confirming`, `working`, `failed`.
 */
export const outlierPacksMachine = setup({
  types: {
    context: {} as OutlierPacksContext,
    events: {} as OutlierPacksEvent,
    emitted: {} as OutlierPacksEmitted,
  },
  actors: {
    confirmModal: confirmModalMachine,
    listPacks: injected<OutlierPack[]>('outlierPacks: provide listPacks'),
    savePack: injected<OutlierPack, { id: string | null; pack: OutlierPackInput }>('outlierPacks: provide savePack'),
    deletePack: injected<true, { id: string }>('outlierPacks: provide deletePack'),
  },
  guards: {
    allowed: ({ context, event }) => {
      assertEvent(event, 'packs.ask');
      return actionAllowed(
        context.packs?.find((p) => p.id === event.id),
        event.action,
      );
    },
    confirmedDelete: ({ context, event }) => {
      assertEvent(event, 'packs.answer');
      return event.confirmed && context.pending?.action === 'delete';
    },
    ...confirmPack.guards,
  },
  actions: {
    rememberPacks: assign(({ event }) => ({ packs: outputOf<OutlierPack[]>(event), failure: null })),
    rememberPending: assign(({ event }) => {
      assertEvent(event, 'packs.ask');
      return { pending: { id: event.id, action: event.action }, failure: null };
    }),
    forgetPending: assign({ pending: null }),
    ...confirmPack.actions,
    // The kind is the action asked for.
    openConfirm: sendTo('confirm', ({ event }) => {
      assertEvent(event, 'packs.ask');
      return { type: 'confirm.open' as const, kind: event.action };
    }),
    emitChanged: emit(({ context }) => ({ type: 'packs.changed' as const, id: context.pending?.id ?? '', action: context.pending?.action ?? 'delete' })),
    ...failureActions<OutlierPacksContext, OutlierPacksEvent, OutlierPacksEmitted>('packs.failed'),
  },
}).createMachine({
  id: 'outlierPacks',
  description: 'The outlier packs with their status; activate, deactivate or delete one after confirming.',
  context: { packs: null, pending: null, failure: null },
  invoke: confirmChild('activate'),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the packs (newest first) with their last results.',
      tags: ['loading'],
      invoke: loadCall('listPacks', 'ready', 'rememberPacks'),
    },
    failed: { description: 'The packs could not be loaded.', ...retryOn('packs.retry') },
    ready: {
      description: 'The packs, each with its status and the actions it allows.',
      tags: ['ready'],
      on: {
        'packs.reload': { target: 'loading' },
        'packs.ask': { guard: 'allowed', target: 'confirming', actions: ['rememberPending', 'openConfirm'] },
      },
    },
    confirming: {
      description: 'The confirm modal asks whether to activate, deactivate or delete the pack.',
      tags: ['confirming'],
      on: {
        'packs.answer': [
          { guard: 'confirmedDelete', target: 'deleting', actions: 'resolveConfirm' },
          { guard: 'confirmed', target: 'switching', actions: 'resolveConfirm' },
          { target: 'ready', actions: ['rejectConfirm', 'forgetPending'] },
        ],
      },
    },
    switching: {
      description: 'Saving the pack as active or inactive; the list is then loaded again.',
      tags: ['working'],
      invoke: {
        id: 'savePack',
        src: 'savePack',
        input: ({ context }) => {
          const pack = context.packs!.find((p) => p.id === context.pending!.id)!;
          return { id: pack.id, pack: packInput(pack, context.pending!.action === 'activate') };
        },
        ...CHANGED,
      },
    },
    deleting: {
      description: 'Deleting the pack with its result; the list is then loaded again.',
      tags: ['working'],
      invoke: {
        id: 'deletePack',
        src: 'deletePack',
        input: ({ context }) => ({ id: context.pending?.id ?? '' }),
        ...CHANGED,
      },
    },
  },
});

export type OutlierPacksMachine = typeof outlierPacksMachine;
