import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { withFilter, type FilterField, type FilterValue, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { OwnFigures } from '../../src/domain/peerDistribution';

export type CountResult = components['schemas']['CountResult'];
/**
 * A comparison's answer as the flow keeps it: the contract's result, plus — when the server gave the caller's
 * position — when the caller's own form last changed (read by the signed-in actor after the answer), so the page
 * can say whether the answer's release already counts their latest answers.
 */
export type ComparisonResult = components['schemas']['ComparisonResult'] & { ownForm?: FormStamp | null };

/** When a form last changed: a completed form changed after a release's cut counts from the next release. */
export interface FormStamp {
  surveyYear: number;
  completed: boolean;
  /** ISO date-time of the last save. */
  updatedAt: string;
}

/** Why a call failed, as the client reports it (status, errorCode, body, request). */
export type ComparisonFailure = CallFailure;

/** Whose figures the comparison marks when they are not the caller's own (an admin's comparison-comp). */
export interface ComparisonSubject {
  /** The form compared. */
  formId: string;
  /** Shown in the page heading (the form's e-mail). */
  label: string | null;
  figures: OwnFigures;
  /** Currency of the figures; they are marked only on a result of the same currency. */
  currency: string;
  /** When the form last changed (to say whether a result's release counts its latest answers). */
  stamp?: FormStamp | null;
}

/** Where a comparison starts: the filters, and what the page opened (a saved search, someone's form). */
export interface StartingPoint {
  filters: PeerGroupFilters;
  /** A saved search to re-open: the first search is free (isHistory) and not saved again. */
  historyId?: string | null;
  subject?: ComparisonSubject | null;
}

export interface ComparisonInput {
  /**
   * Prefix of the idempotency keys of this page's searches (8+ letters, digits or dashes); the n-th new
   * search sends `${searchKeyPrefix}-${n}`, and a retry sends the same key again, so a search whose
   * answer was lost is never charged twice.
   */
  searchKeyPrefix: string;
}

export interface CountRequestInput {
  filters: PeerGroupFilters;
}

export interface ComparisonRequestInput {
  filters: PeerGroupFilters;
  /** Set when re-opening a saved search (free). */
  historyId: string | null;
  idempotencyKey: string;
}

export interface ComparisonContext {
  filters: PeerGroupFilters;
  /** The latest count of the filters; null until one arrives (and again while the filters change). */
  count: CountResult | null;
  /** The latest answer of a search, kept while the person edits the filters again. */
  result: ComparisonResult | null;
  /** The saved search being re-opened; cleared as soon as the filters change (the next search is new). */
  historyId: string | null;
  subject: ComparisonSubject | null;
  /** Shows totals with deferred compensation (the with/without deferred switch). */
  includeDeferred: boolean;
  searchKeyPrefix: string;
  /** Number of new searches started; the idempotency key of the current one ends with it. */
  searchNumber: number;
  /** Why the last call failed (count, search or loading the starting point). */
  failure: ComparisonFailure | null;
}

export type ComparisonEvent =
  | { type: 'comparison.setFilter'; field: FilterField; value: FilterValue }
  | { type: 'comparison.clearFilters' }
  | { type: 'comparison.search' }
  | { type: 'comparison.retry' }
  | { type: 'comparison.setDeferred'; include: boolean };

/**
 * What the page hears (`actor.on(...)`): the app shows a failure through the error catalogue (402
 * INSUFFICIENT_CREDITS: a warning toast, then /my-account), and refreshes the credit balance after a search.
 */
export type ComparisonEmitted =
  | { type: 'comparison.creditsExhausted'; failure: ComparisonFailure }
  | { type: 'comparison.searchFailed'; failure: ComparisonFailure }
  | { type: 'comparison.searched'; creditsLeft: number | null };

const INSUFFICIENT_CREDITS = 'INSUFFICIENT_CREDITS';
const FORM_REQUIRED = 'FORM_REQUIRED';

function failureOf(error: unknown): ComparisonFailure {
  if (typeof error === 'object' && error !== null && (error as { ok?: unknown }).ok === false) return error as ComparisonFailure;
  return { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null };
}

/**
 * The comparison of pay within a filtered peer group (issue 5, DESIGN.md §4–§5).
 *
 * ```
 * preparing ──done──▶ editing ◀──────────── comparison.setFilter / clearFilters (from every state below)
 *    │  └─ saved search ─────────┐  ├ waiting ──after countDebounce──▶ counting ──done──▶ ready
 *    └─error─▶ unavailable       │  │    ▲ setFilter (restarts the pause;         └─error─▶ countFailed
 *              (retry)           │  │    │  leaving counting cancels the stale request)
 *                                ▼  └ ready / countFailed ── comparison.search ──▶ searching
 *                            searching ──ok──────────────▶ result            (with/without deferred switch)
 *                                      ──not enough data─▶ withheld.notEnoughData
 *                                      ──refused─────────▶ withheld.refused   (differencing risk, no charge)
 *                                      ──402─────────────▶ creditGate  (emits creditsExhausted: toast + /my-account)
 *                                      ──other failure───▶ failed ── comparison.retry (same filters, same key) ──▶ searching
 * ```
 *
 * - `preparing` loads the starting point (`loadStartingPoint`): no filters for a new comparison, the
 *   saved search's filters (re-opened at once, free) or an admin's subject form.
 * - The count is free and live: each filter change waits `countDebounce`, then counts; a change while
 *   counting leaves the state, which stops the invoked actor and aborts its request.
 * - A search needs a group of at least K (the count says `enough`) or an unknown count (count failed).
 * - Tags for the view: `loading`, `editing`, `counting`, `busy`, `result`, `withheld`, `creditGate`,
 *   `failed`, `unavailable`.
 *
 * Effects are injected actors (`loadStartingPoint`, `countResults`, `runComparison`); the page provides
 * the real ones (machines/comparison/actors.ts) and tests provide fakes.
 */
export const comparisonMachine = setup({
  types: {
    context: {} as ComparisonContext,
    events: {} as ComparisonEvent,
    input: {} as ComparisonInput,
    emitted: {} as ComparisonEmitted,
  },
  actors: {
    loadStartingPoint: fromPromise<StartingPoint>(async () => {
      throw new Error('comparison: provide loadStartingPoint');
    }),
    countResults: fromPromise<CountResult, CountRequestInput>(async () => {
      throw new Error('comparison: provide countResults');
    }),
    runComparison: fromPromise<ComparisonResult, ComparisonRequestInput>(async () => {
      throw new Error('comparison: provide runComparison');
    }),
  },
  delays: {
    /** The pause after the last filter change before counting. */
    countDebounce: 350,
  },
  guards: {
    opensSavedSearch: (_, params: { start: StartingPoint }) => Boolean(params.start.historyId),
    groupIsLargeEnough: ({ context }) => context.count?.enough === true,
    /** A count that failed for a reason a search would hit as well (a member without a form) blocks the search. */
    searchMayWork: ({ context }) => context.failure?.errorCode !== FORM_REQUIRED,
    answerIsOk: (_, params: { answer: ComparisonResult }) => params.answer.status === 'ok',
    answerIsRefused: (_, params: { answer: ComparisonResult }) => params.answer.status === 'refused',
    isInsufficientCredits: (_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return failure.status === 402 && failure.errorCode === INSUFFICIENT_CREDITS;
    },
  },
  actions: {
    applyStartingPoint: assign((_, params: { start: StartingPoint }) => ({
      filters: params.start.filters,
      historyId: params.start.historyId ?? null,
      subject: params.start.subject ?? null,
      failure: null,
    })),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'comparison.setFilter');
      return { filters: withFilter(context.filters, event.field, event.value), count: null, historyId: null };
    }),
    clearFilters: assign({ filters: () => ({}), count: null, historyId: null }),
    rememberCount: assign((_, params: { count: CountResult }) => ({ count: params.count, failure: null })),
    forgetCount: assign({ count: null }),
    startNewSearch: assign({ searchNumber: ({ context }) => context.searchNumber + 1, failure: null }),
    rememberAnswer: assign((_, params: { answer: ComparisonResult }) => ({ result: params.answer, failure: null })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    setDeferred: assign(({ event }) => {
      assertEvent(event, 'comparison.setDeferred');
      return { includeDeferred: event.include };
    }),
    emitSearched: emit((_, params: { answer: ComparisonResult }) => ({ type: 'comparison.searched' as const, creditsLeft: params.answer.creditsLeft })),
    emitCreditsExhausted: emit(({ context }) => ({ type: 'comparison.creditsExhausted' as const, failure: context.failure ?? failureOf(null) })),
    emitSearchFailed: emit(({ context }) => ({ type: 'comparison.searchFailed' as const, failure: context.failure ?? failureOf(null) })),
  },
}).createMachine({
  id: 'comparison',
  description: 'Compares pay within a filtered peer group: live count, then a (possibly charged) search.',
  context: ({ input }) => ({
    filters: {},
    count: null,
    result: null,
    historyId: null,
    subject: null,
    includeDeferred: false,
    searchKeyPrefix: input.searchKeyPrefix,
    searchNumber: 0,
    failure: null,
  }),
  initial: 'preparing',
  on: {
    'comparison.setDeferred': { actions: 'setDeferred' },
  },
  states: {
    preparing: {
      description: 'Loading where the comparison starts: no filters, a saved search or the form an admin compares.',
      tags: ['loading'],
      invoke: {
        id: 'loadStartingPoint',
        src: 'loadStartingPoint',
        onDone: [
          {
            guard: { type: 'opensSavedSearch', params: ({ event }) => ({ start: event.output }) },
            target: 'searching',
            actions: { type: 'applyStartingPoint', params: ({ event }) => ({ start: event.output }) },
          },
          { target: 'editing', actions: { type: 'applyStartingPoint', params: ({ event }) => ({ start: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    unavailable: {
      description: 'The starting point could not be loaded (the saved search or the form is gone, or no answer).',
      tags: ['unavailable'],
      on: {
        'comparison.retry': { target: 'preparing' },
      },
    },
    editing: {
      description: 'The person chooses filters; the size of the group is counted (free) after each pause.',
      tags: ['editing'],
      initial: 'counting',
      on: {
        'comparison.setFilter': { target: '.waiting', reenter: true, actions: 'setFilter' },
        'comparison.clearFilters': { target: '.waiting', reenter: true, actions: 'clearFilters' },
      },
      states: {
        waiting: {
          description: 'A filter just changed: waits for a pause before counting, so typing does not flood the server.',
          tags: ['counting'],
          after: {
            countDebounce: { target: 'counting' },
          },
        },
        counting: {
          description: 'Counting the people who match; a filter change cancels this request.',
          tags: ['counting'],
          invoke: {
            id: 'countResults',
            src: 'countResults',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: { target: 'ready', actions: { type: 'rememberCount', params: ({ event }) => ({ count: event.output }) } },
            onError: { target: 'countFailed', actions: ['forgetCount', { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        ready: {
          description: 'The count is shown ("N people match", or "<5"); a search is possible when the group reaches K.',
          on: {
            'comparison.search': { guard: 'groupIsLargeEnough', target: '#comparison.searching', actions: 'startNewSearch' },
          },
        },
        countFailed: {
          description: 'The count did not arrive; the person may count again or search anyway (not without a form).',
          on: {
            'comparison.retry': { target: 'counting' },
            'comparison.search': { guard: 'searchMayWork', target: '#comparison.searching', actions: 'startNewSearch' },
          },
        },
      },
    },
    searching: {
      description: 'Running the search (costs a corporate user 1 credit unless it re-opens a saved search).',
      tags: ['busy'],
      invoke: {
        id: 'runComparison',
        src: 'runComparison',
        input: ({ context }) => ({
          filters: context.filters,
          historyId: context.historyId,
          idempotencyKey: `${context.searchKeyPrefix}-${context.searchNumber}`,
        }),
        onDone: [
          {
            guard: { type: 'answerIsOk', params: ({ event }) => ({ answer: event.output }) },
            target: 'result',
            actions: [
              { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'emitSearched', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          {
            guard: { type: 'answerIsRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'withheld.refused',
            actions: [
              { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'emitSearched', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          {
            target: 'withheld.notEnoughData',
            actions: [
              { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'emitSearched', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isInsufficientCredits', params: ({ event }) => ({ error: event.error }) },
            target: 'creditGate',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    result: {
      description: 'The figures per measure, the person’s position, n and the median’s interval; CSV download.',
      tags: ['result'],
      on: {
        'comparison.setFilter': { target: 'editing.waiting', actions: 'setFilter' },
        'comparison.clearFilters': { target: 'editing.waiting', actions: 'clearFilters' },
      },
    },
    withheld: {
      description: 'The search returned no figures: the group is under K, or it would let groups be subtracted.',
      tags: ['withheld'],
      initial: 'notEnoughData',
      on: {
        'comparison.setFilter': { target: 'editing.waiting', actions: 'setFilter' },
        'comparison.clearFilters': { target: 'editing.waiting', actions: 'clearFilters' },
      },
      states: {
        notEnoughData: {
          description: 'Fewer than K people: the privacy threshold is explained; nothing was charged.',
        },
        refused: {
          description: 'Refused because of a differencing risk, naming the filter; nothing was charged.',
        },
      },
    },
    creditGate: {
      description: 'No credits left (402): the app shows the warning and takes the person to /my-account.',
      tags: ['creditGate'],
      entry: 'emitCreditsExhausted',
      on: {
        'comparison.setFilter': { target: 'editing.waiting', actions: 'setFilter' },
        'comparison.clearFilters': { target: 'editing.waiting', actions: 'clearFilters' },
      },
    },
    failed: {
      description: 'The search failed; retrying sends the same filters with the same idempotency key.',
      tags: ['failed'],
      entry: 'emitSearchFailed',
      on: {
        'comparison.retry': { target: 'searching' },
        'comparison.setFilter': { target: 'editing.waiting', actions: 'setFilter' },
        'comparison.clearFilters': { target: 'editing.waiting', actions: 'clearFilters' },
      },
    },
  },
});

export type ComparisonMachine = typeof comparisonMachine;
