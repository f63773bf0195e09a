import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { confirmModalMachine } from '../confirmModal/confirmModalMachine';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { answerConfirm, confirmChild, confirmSetup } from '../shared/confirm';
import { failTo, loadCall, outputOf, retryOn } from '../shared/load';
import { isAnotherPage as anotherPage } from '../shared/paging';

export type ReleasePage = components['schemas']['ReleasePage'];
export type Release = components['schemas']['Release'];
export type CutReleaseResult = components['schemas']['CutReleaseResult'];

export interface ReleasesInput {
  /** Releases per page (the contract's default is 10). */
  limit?: number;
}

export interface ReleasesPageRequest {
  page: number;
  limit: number;
}

export interface AdminReleasesContext {
  page: number;
  limit: number;
  /** The page shown; kept while the next one loads. */
  data: ReleasePage | null;
  /** What the last "cut now" answered (cut, or refused with too few changes); null before any. */
  outcome: CutReleaseResult | null;
  /** The last call that failed: the list (in `failed`) or the cut (shown beside the list). */
  failure: CallFailure | null;
}

export type AdminReleasesEvent =
  | { type: 'releases.goToPage'; page: number }
  | { type: 'releases.retry' }
  | { type: 'releases.reload' }
  /** "Cut a release now": asks through the confirm modal first. */
  | { type: 'releases.askCut' }
  /** The answer of the confirm modal. */
  | { type: 'releases.answer'; confirmed: boolean };

export type AdminReleasesEmitted =
  | { type: 'releases.cut'; result: CutReleaseResult }
  | { type: 'releases.refused'; result: CutReleaseResult }
  | { type: 'releases.failed'; failure: CallFailure };

export const DEFAULT_RELEASES_LIMIT = 10;

const confirmCut = confirmSetup<AdminReleasesContext, AdminReleasesEvent>('cut');

/**
 * The statistics releases of /admin/releases: the list (newest first, with the next scheduled cut and K) and
 * "cut a release now" behind the confirm modal of kind cut.
 *
 * ```
 * loading ──done──▶ ready ── askCut ──▶ confirming ── answer(true) ──▶ cutting ──cut──────────▶ loading (page 1)
 *   │  ▲              │ goToPage / reload       └── answer(false) ──▶ ready    ├─too-few-changes─▶ ready (refusal shown)
 *   │  └──────────────┘                                                        └─error──────────▶ ready (failure shown)
 *   └─error─▶ failed ── retry ──▶ loading
 * ```
 * - The confirm modal is a child actor (`confirm`, machines/confirmModal).
 * - A refused cut (fewer than K counted forms changed) is no failure: the outcome carries the changed count and
 *   K, and the view says why in the person's language.
 * - Tags: `loading`, `ready`, `confirming`, `cutting`, `failed`.
 */
export const adminReleasesMachine = setup({
  types: {
    context: {} as AdminReleasesContext,
    events: {} as AdminReleasesEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- every field is optional, yet the assertion types the input
    input: {} as ReleasesInput,
    emitted: {} as AdminReleasesEmitted,
  },
  actors: {
    confirmModal: confirmModalMachine,
    /** GET admin/releases. Injected. */
    loadReleases: injected<ReleasePage, ReleasesPageRequest>('adminReleases: provide loadReleases'),
    /** POST admin/releases. Injected. */
    cutRelease: injected<CutReleaseResult>('adminReleases: provide cutRelease'),
  },
  guards: {
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'releases.goToPage');
      return anotherPage(context, event.page);
    },
    ...confirmCut.guards,
    wasCut: (_, params: { result: CutReleaseResult }) => params.result.status === 'cut',
  },
  actions: {
    setPage: assign(({ event }) => {
      assertEvent(event, 'releases.goToPage');
      return { page: event.page };
    }),
    firstPage: assign({ page: 1 }),
    rememberPage: assign(({ event }) => ({ data: outputOf<ReleasePage>(event), failure: null })),
    rememberOutcome: assign((_, params: { result: CutReleaseResult }) => ({ outcome: params.result, failure: null })),
    forgetOutcome: assign({ outcome: null, failure: null }),
    ...confirmCut.actions,
    emitCut: emit((_, params: { result: CutReleaseResult }) => ({ type: 'releases.cut' as const, result: params.result })),
    emitRefused: emit((_, params: { result: CutReleaseResult }) => ({ type: 'releases.refused' as const, result: params.result })),
    ...failureActions<AdminReleasesContext, AdminReleasesEvent, AdminReleasesEmitted>('releases.failed'),
  },
}).createMachine({
  id: 'adminReleases',
  description: 'The statistics releases: the list with the next scheduled cut, and cutting one now after confirming.',
  context: ({ input }) => ({ page: 1, limit: input.limit ?? DEFAULT_RELEASES_LIMIT, data: null, outcome: null, failure: null }),
  invoke: confirmChild('cut'),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading one page of releases (newest first) with the next scheduled cut.',
      tags: ['loading'],
      invoke: { ...loadCall('loadReleases', 'ready', 'rememberPage'), input: ({ context }) => ({ page: context.page, limit: context.limit }) },
    },
    failed: { description: 'The releases could not be loaded.', ...retryOn('releases.retry') },
    ready: {
      description: 'One page of releases, the next scheduled cut, the outcome of the last cut, and the cut button.',
      tags: ['ready'],
      on: {
        'releases.goToPage': { guard: 'isAnotherPage', target: 'loading', actions: 'setPage' },
        'releases.reload': { target: 'loading' },
        'releases.askCut': { target: 'confirming', actions: ['forgetOutcome', 'openConfirm'] },
      },
    },
    confirming: {
      description: 'The confirm modal (kind cut) asks whether to cut a release now.',
      tags: ['confirming'],
      on: {
        'releases.answer': answerConfirm('cutting', 'ready'),
      },
    },
    cutting: {
      description: 'Asking the server to cut a release; it cuts only if at least K counted forms changed.',
      tags: ['cutting'],
      invoke: {
        id: 'cutRelease',
        src: 'cutRelease',
        onDone: [
          {
            guard: { type: 'wasCut', params: ({ event }) => ({ result: event.output }) },
            target: 'loading',
            actions: [
              { type: 'rememberOutcome', params: ({ event }) => ({ result: event.output }) },
              'firstPage',
              { type: 'emitCut', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'rememberOutcome', params: ({ event }) => ({ result: event.output }) },
              { type: 'emitRefused', params: ({ event }) => ({ result: event.output }) },
            ],
          },
        ],
        onError: failTo('ready'),
      },
    },
  },
});

export type AdminReleasesMachine = typeof adminReleasesMachine;
