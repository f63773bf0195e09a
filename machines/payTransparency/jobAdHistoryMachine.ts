import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { confirmModalMachine } from '../confirmModal/confirmModalMachine';
import { confirmChild, confirmSetup } from '../shared/confirm';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { failTo, outputOf, retryOn } from '../shared/load';
import type { JobAdRange } from './jobAdRangeMachine';

export type JobAdRangePage = components['schemas']['JobAdRangePage'];

/** Saved ranges a page of the history asks for. */
export const JOB_AD_HISTORY_LIMIT = 10;

export interface JobAdPageRequest {
  page: number;
  limit: number;
}

export interface JobAdHistoryContext {
  /** The saved ranges shown, newest first. */
  items: JobAdRange[];
  /** How many the company has saved. */
  total: number;
  limit: number;
  /** The range whose details are open. */
  openedId: string | null;
  /** The range the person asked to delete, then the one deleted. */
  pendingId: string | null;
  deletedId: string | null;
  failure: CallFailure | null;
}

export type JobAdHistoryEvent =
  | { type: 'jobAdHistory.retry' }
  | { type: 'jobAdHistory.loadMore' }
  | { type: 'jobAdHistory.open'; id: string }
  | { type: 'jobAdHistory.close' }
  | { type: 'jobAdHistory.askDelete'; id: string }
  | { type: 'jobAdHistory.answer'; confirmed: boolean }
  /** A range just saved by the form: at the top of the list. */
  | { type: 'jobAdHistory.add'; range: JobAdRange };

export type JobAdHistoryEmitted = { type: 'jobAdHistory.deleted'; id: string } | { type: 'jobAdHistory.failed'; failure: CallFailure };

/** `page`'s items after those shown, without any already shown (a range saved or deleted since shifts the pages). */
function appended(items: readonly JobAdRange[], page: JobAdRangePage): JobAdRange[] {
  const shown = new Set(items.map((item) => item.id));
  return [...items, ...page.items.filter((item) => !shown.has(item.id))];
}

/**
 * The page that holds the first range not shown. What is shown is always the start of the company's list (a range
 * saved since is at the top, a deleted one is gone from both), so the next range is at the position of the count
 * shown; its page may repeat some of those shown, which `appended` leaves out.
 */
export function nextPageOf(context: Pick<JobAdHistoryContext, 'items' | 'limit'>): JobAdPageRequest {
  return { page: Math.floor(context.items.length / context.limit) + 1, limit: context.limit };
}

const confirmDelete = confirmSetup<JobAdHistoryContext, JobAdHistoryEvent>('delete');

/** What the list offers wherever nothing is on its way. */
const LIST = {
  'jobAdHistory.loadMore': { guard: 'hasMore', target: '#jobAdHistory.ready.loadingMore' },
  'jobAdHistory.askDelete': { guard: 'isListed', target: '#jobAdHistory.ready.confirming', actions: ['rememberPending', 'openConfirm'] },
} as const;

/**
 * The company's saved job-ad ranges on /pay-transparency/job-ads (GET /pay-transparency/job-ad-ranges, paged, newest
 * first): more pages on demand, one range's details opened, and a range deleted behind the confirm modal.
 *
 * ```
 * loading ──ok──▶ ready.idle ──loadMore (more saved)──▶ loadingMore ──ok──▶ idle (the page appended)
 *   └─error─▶ failed ─retry─▶ loading                        └─error─▶ moreFailed ──loadMore──▶ loadingMore
 * idle, moreFailed, deleted ──askDelete(id)──▶ confirming ──yes──▶ deleting ──ok──▶ deleted
 *                                                 └──no──▶ idle       └─error─▶ idle (emits jobAdHistory.failed)
 * ```
 *
 * - `jobAdHistory.open` / `close` show one range's details wherever the list is shown; `jobAdHistory.add` puts a
 *   range the form just saved at the top (from every state: the list is the company's, whatever is on its way).
 * - The confirm modal is a child actor (`confirm`, machines/confirmModal, kind delete).
 * - Tags: `loading`, `failed`, `ready`, `loadingMore`, `moreFailed`, `confirming`, `deleting`, `deleted`, `busy`.
 */
export const jobAdHistoryMachine = setup({
  types: {
    context: {} as JobAdHistoryContext,
    events: {} as JobAdHistoryEvent,
    emitted: {} as JobAdHistoryEmitted,
  },
  actors: {
    confirmModal: confirmModalMachine,
    loadPage: injected<JobAdRangePage, JobAdPageRequest>('jobAdHistory: provide loadPage'),
    deleteRange: injected<true, { id: string }>('jobAdHistory: provide deleteRange'),
  },
  guards: {
    hasMore: ({ context }) => context.items.length < context.total,
    isListed: ({ context, event }) => {
      assertEvent(event, ['jobAdHistory.askDelete', 'jobAdHistory.open']);
      return context.items.some((item) => item.id === event.id);
    },
    ...confirmDelete.guards,
  },
  actions: {
    keepFirstPage: assign(({ event }) => {
      const page = outputOf<JobAdRangePage>(event);
      return { items: page.items, total: page.total, failure: null };
    }),
    keepNextPage: assign(({ context, event }) => {
      const page = outputOf<JobAdRangePage>(event);
      return { items: appended(context.items, page), total: page.total, failure: null };
    }),
    addRange: assign(({ context, event }) => {
      assertEvent(event, 'jobAdHistory.add');
      if (context.items.some((item) => item.id === event.range.id)) return {};
      return { items: [event.range, ...context.items], total: context.total + 1 };
    }),
    openRange: assign(({ event }) => {
      assertEvent(event, 'jobAdHistory.open');
      return { openedId: event.id };
    }),
    closeRange: assign({ openedId: null }),
    rememberPending: assign(({ event }) => {
      assertEvent(event, 'jobAdHistory.askDelete');
      return { pendingId: event.id, deletedId: null };
    }),
    forgetPending: assign({ pendingId: null }),
    dropDeleted: assign(({ context }) => ({
      items: context.items.filter((item) => item.id !== context.pendingId),
      total: Math.max(0, context.total - 1),
      openedId: context.openedId === context.pendingId ? null : context.openedId,
      deletedId: context.pendingId,
      pendingId: null,
      failure: null,
    })),
    emitDeleted: emit(({ context }) => ({ type: 'jobAdHistory.deleted' as const, id: context.deletedId! })),
    ...confirmDelete.actions,
    ...failureActions<JobAdHistoryContext, JobAdHistoryEvent, JobAdHistoryEmitted>('jobAdHistory.failed'),
  },
}).createMachine({
  id: 'jobAdHistory',
  description: "The company's saved job-ad ranges: newest first, more on demand, one opened, one deleted.",
  context: {
    items: [],
    total: 0,
    limit: JOB_AD_HISTORY_LIMIT,
    openedId: null,
    pendingId: null,
    deletedId: null,
    failure: null,
  },
  invoke: confirmChild('delete'),
  on: {
    'jobAdHistory.add': { actions: 'addRange' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the first page of the company's saved ranges.",
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: 1, limit: context.limit }),
        onDone: { target: 'ready', actions: 'keepFirstPage' },
        onError: failTo('failed'),
      },
    },
    failed: { description: 'The saved ranges could not be read: the same call can be tried again.', ...retryOn('jobAdHistory.retry') },
    ready: {
      description: 'The saved ranges shown (none yet is the empty list); one may be opened.',
      tags: ['ready'],
      initial: 'idle',
      on: {
        'jobAdHistory.open': { guard: 'isListed', actions: 'openRange' },
        'jobAdHistory.close': { actions: 'closeRange' },
      },
      states: {
        idle: { description: 'Nothing on its way: more to load, a range to delete.', on: LIST },
        loadingMore: {
          description: 'Reading the next page, to append it.',
          tags: ['loadingMore', 'busy'],
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => nextPageOf(context),
            onDone: { target: 'idle', actions: 'keepNextPage' },
            onError: { target: 'moreFailed', actions: ['rememberFailure', 'emitFailed'] },
          },
        },
        moreFailed: { description: 'The next page could not be read: asking again is offered.', tags: ['moreFailed'], on: LIST },
        confirming: {
          description: 'The confirm modal (kind delete) asks whether to delete the range.',
          tags: ['confirming', 'busy'],
          on: {
            'jobAdHistory.answer': [
              { guard: 'confirmed', target: 'deleting', actions: 'resolveConfirm' },
              { target: 'idle', actions: ['rejectConfirm', 'forgetPending'] },
            ],
          },
        },
        deleting: {
          description: 'Deleting the range for the whole company.',
          tags: ['deleting', 'busy'],
          invoke: {
            id: 'deleteRange',
            src: 'deleteRange',
            input: ({ context }) => ({ id: context.pendingId! }),
            onDone: { target: 'deleted', actions: ['dropDeleted', 'emitDeleted'] },
            onError: { target: 'idle', actions: ['rememberFailure', 'emitFailed', 'forgetPending'] },
          },
        },
        deleted: { description: 'The range is gone from the list.', tags: ['deleted'], on: LIST },
      },
    },
  },
});

export type JobAdHistoryMachine = typeof jobAdHistoryMachine;
