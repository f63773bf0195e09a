import { and, assertEvent, assign, emit, not, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { withFilter, type FilterField, type FilterValue, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { OwnFigures } from '../../src/domain/peerDistribution';
import { failureOf } from '../../src/api/callFailure';
import { failureActions } from '../shared/failure';
import { paidSearchDelays, paidSearchGuards, searchFailure, waitingToCount } from '../shared/paidSearch';
import { injected } from '../shared/injected';

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
  /**
   * The person's own peer group, compared at once: while the group is under the privacy threshold, these
   * filters are dropped one by one, in this order, and the page says which were.
   */
  widen?: FilterField[] | null;
}

/** The order in which the own peer group is widened: the sector first, then the country, the position level last. */
export const OWN_GROUP_WIDENING: FilterField[] = ['sector', 'country', 'positionLevel'];

export interface ComparisonInput {
  /**
   * Prefix of the idempotency keys of this page's searches (8+ letters, digits or dashes); the n-th new
   * search sends `${searchKeyPrefix}-${n}`, and a retry sends the same key again, so a search whose
   * answer was lost is never charged twice.
   */
  searchKeyPrefix: string;
  /** Credits a new search may spend; null (default) when searches are not limited by a balance. */
  credits?: number | null;
  /**
   * The caller compares their own pay (members, admins): the result has a place for their position. A corporate
   * user compares a market, not themselves: no position block, and no call to fill in a questionnaire.
   */
  comparesOwnPay?: boolean;
  /**
   * The filters a fresh comparison opens on, when nothing needs loading (the demo's none, /comparison's search waiting
   * for credits, or none): it is editing them from its first state, without asking `loadStartingPoint`, so the page's
   * first render already shows the panel ready rather than a loading one that is drawn again at once.
   */
  opensOn?: PeerGroupFilters;
  /**
   * Run the search as soon as the first count allows it: the search that ran out of credits, resumed after buying
   * them ("Volver a mi búsqueda"), so the person is not asked to press search a second time.
   */
  searchOnOpen?: boolean;
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
  /** Credits left for new searches; null when not limited. */
  credits: number | null;
  comparesOwnPay: boolean;
  /** The own peer group being compared: the filters it may still drop (null for any other comparison). */
  widen: FilterField[] | null;
  /** The filters dropped to reach the privacy threshold, in the order they were dropped. */
  dropped: FilterField[];
  /** The starting filters came with the input (`opensOn`): there is nothing to load. */
  startKnown: boolean;
  /** The first count that allows it runs the search at once (a resumed search); cleared by that count or any change. */
  searchOnOpen: boolean;
}

export type ComparisonEvent =
  | { type: 'comparison.setFilter'; field: FilterField; value: FilterValue }
  | { type: 'comparison.clearFilters' }
  | { type: 'comparison.search' }
  | { type: 'comparison.retry' }
  | { type: 'comparison.setDeferred'; include: boolean }
  /** The person's balance changed elsewhere (credits bought, the account re-read). */
  | { type: 'comparison.setCredits'; credits: number | null };

/**
 * What the page hears (`actor.on(...)`): the app shows a failure through the error catalogue (402
 * INSUFFICIENT_CREDITS: a warning toast, then /my-account), and refreshes the credit balance after a search.
 */
export type ComparisonEmitted =
  | { type: 'comparison.creditsExhausted'; failure: ComparisonFailure }
  | { type: 'comparison.searchFailed'; failure: ComparisonFailure }
  | { type: 'comparison.searched'; creditsLeft: number | null };

const FORM_REQUIRED = 'FORM_REQUIRED';

/** The next filter the own group may drop: the first of the widening order it still has. */
function nextToDrop(context: Pick<ComparisonContext, 'widen' | 'filters'>): FilterField | null {
  return context.widen?.find((field) => context.filters[field] !== undefined) ?? null;
}

/**
 * The comparison of pay within a filtered peer group (docs/statistics-and-privacy.md, docs/permissions-and-credits.md).
 *
 * ```
 * preparing ──done──▶ editing ◀──────────── comparison.setFilter / clearFilters (from every state below)
 *    │  ├─ own group ─▶ widening ──enough──▶ searching   (too few: drop sector, country, position level;
 *    │  │                 └ nothing left to drop ─▶ editing.ready    re-count)
 *    │  └─ saved search ─────────┐  ├ waiting ──after countDebounce──▶ counting ──done──▶ ready
 *    └─error─▶ unavailable       │  │    ▲ setFilter (restarts the pause;         └─error─▶ countFailed
 *              (retry)           │  │    │  leaving counting cancels the stale request)
 *                                ▼  ├ ready / countFailed ── comparison.search ──▶ searching
 *                                   └ counting ──enough, searchOnOpen (a resumed search)──▶ searching
 *                            searching ──ok──────────────▶ answered.result            (with/without deferred switch)
 *                                      ──not enough data─▶ answered.withheld.notEnoughData
 *                                      ──refused─────────▶ answered.withheld.refused   (differencing risk, no charge)
 *                                      ──402─────────────▶ answered.creditGate  (emits creditsExhausted: toast + /my-account)
 *                                      ──other failure───▶ answered.failed ── comparison.retry (same filters, same key) ──▶ searching
 *                            answered ── comparison.setFilter / clearFilters (one transition of the parent) ──▶ editing.waiting
 * ```
 *
 * - `preparing` loads the starting point (`loadStartingPoint`): no filters for a new comparison, the
 *   saved search's filters (re-opened at once, free) or an admin's subject form.
 * - The count is free and live: each filter change waits `countDebounce`, then counts; a change while
 *   counting leaves the state, which stops the invoked actor and aborts its request.
 * - A search needs a group of at least K (the count says `enough`) or an unknown count (count failed), and a
 *   credit when the caller pays per search (`credits` from the input, then the balance each answer reports,
 *   or `comparison.setCredits`): at 0 the search button is disabled and the page says how to get credits.
 * - `searchOnOpen` (input): the search that waited for credits runs by itself once its first count allows it
 *   (enough people and a credit); any other outcome of that count, or a filter change, leaves it to the person.
 * - `widening` compares the person's own peer group at once (StartingPoint.widen, e.g. "Ver mi comparativa"):
 *   under the threshold it drops the filters in the given order, and the view names the dropped ones.
 * - Tags for the view: `loading`, `editing`, `counting`, `busy`, `result`, `withheld`, `creditGate`,
 *   `failed`, `unavailable`.
 *
 * - The debounce, the credit guards and the failure routing of the charged search are the paid-search fragment
 *   (machines/shared/paidSearch.ts) the evolution and the personalised comparison use as well.
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
    loadStartingPoint: injected<StartingPoint>('comparison: provide loadStartingPoint'),
    countResults: injected<CountResult, CountRequestInput>('comparison: provide countResults'),
    runComparison: injected<ComparisonResult, ComparisonRequestInput>('comparison: provide runComparison'),
  },
  delays: paidSearchDelays,
  guards: {
    ...paidSearchGuards,
    opensSavedSearch: (_, params: { start: StartingPoint }) => Boolean(params.start.historyId),
    startIsKnown: ({ context }) => context.startKnown,
    groupIsLargeEnough: ({ context }) => context.count?.enough === true,
    /** A resumed search runs by itself when this count (the event's) allows it. */
    searchesOnOpen: ({ context, event }) => context.searchOnOpen && (event as unknown as { output?: CountResult }).output?.enough === true,
    /** A count that failed for a reason a search would hit as well (a member without a form) blocks the search. */
    searchMayWork: ({ context }) => context.failure?.errorCode !== FORM_REQUIRED,
    opensOwnGroup: (_, params: { start: StartingPoint }) => Array.isArray(params.start.widen),
    /** The own group's count (the event of the widening count) reaches the threshold. */
    ownGroupIsLargeEnough: ({ event }) => (event as unknown as { output?: CountResult }).output?.enough === true,
    canWiden: ({ context }) => nextToDrop(context) !== null,
    answerIsOk: (_, params: { answer: ComparisonResult }) => params.answer.status === 'ok',
    answerIsRefused: (_, params: { answer: ComparisonResult }) => params.answer.status === 'refused',
  },
  actions: {
    applyStartingPoint: assign((_, params: { start: StartingPoint }) => ({
      filters: params.start.filters,
      historyId: params.start.historyId ?? null,
      subject: params.start.subject ?? null,
      widen: params.start.widen ?? null,
      dropped: [],
      failure: null,
    })),
    /** The own group is under the threshold: leave out the next filter of the widening order. */
    dropNextFilter: assign(({ context }) => {
      const field = nextToDrop(context)!;
      return { filters: withFilter(context.filters, field, null), dropped: [...context.dropped, field], count: null };
    }),
    /** The person chooses the filters now: the own group's widening is over. */
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'comparison.setFilter');
      return { filters: withFilter(context.filters, event.field, event.value), count: null, historyId: null, widen: null, dropped: [], searchOnOpen: false };
    }),
    clearFilters: assign({ filters: () => ({}), count: null, historyId: null, widen: null, dropped: [], searchOnOpen: false }),
    forgetSearchOnOpen: assign({ searchOnOpen: false }),
    setCredits: assign(({ event }) => {
      assertEvent(event, 'comparison.setCredits');
      return { credits: event.credits };
    }),
    rememberCount: assign((_, params: { count: CountResult }) => ({ count: params.count, failure: null })),
    forgetCount: assign({ count: null }),
    startNewSearch: assign({ searchNumber: ({ context }) => context.searchNumber + 1, failure: null }),
    rememberAnswer: assign(({ context }, params: { answer: ComparisonResult }) => ({
      result: params.answer,
      failure: null,
      // The balance after the search, as the server counted it.
      credits: context.credits !== null && params.answer.creditsLeft !== null ? params.answer.creditsLeft : context.credits,
    })),
    setDeferred: assign(({ event }) => {
      assertEvent(event, 'comparison.setDeferred');
      return { includeDeferred: event.include };
    }),
    emitSearched: emit((_, params: { answer: ComparisonResult }) => ({ type: 'comparison.searched' as const, creditsLeft: params.answer.creditsLeft })),
    emitCreditsExhausted: emit(({ context }) => ({ type: 'comparison.creditsExhausted' as const, failure: context.failure ?? failureOf(null) })),
    ...failureActions<ComparisonContext, ComparisonEvent, ComparisonEmitted>('comparison.searchFailed'),
  },
}).createMachine({
  id: 'comparison',
  description: 'Compares pay within a filtered peer group: live count, then a (possibly charged) search.',
  context: ({ input }) => ({
    filters: input.opensOn ?? {},
    count: null,
    result: null,
    historyId: null,
    subject: null,
    includeDeferred: false,
    searchKeyPrefix: input.searchKeyPrefix,
    searchNumber: 0,
    failure: null,
    credits: input.credits ?? null,
    comparesOwnPay: input.comparesOwnPay ?? true,
    widen: null,
    dropped: [],
    startKnown: input.opensOn !== undefined,
    searchOnOpen: input.searchOnOpen ?? false,
  }),
  initial: 'preparing',
  on: {
    'comparison.setDeferred': { actions: 'setDeferred' },
    'comparison.setCredits': { actions: 'setCredits' },
  },
  states: {
    preparing: {
      description:
        'Loading where the comparison starts: no filters, a saved search or the form an admin compares. Filters given with the input (a fresh start) need no loading.',
      tags: ['loading'],
      always: { guard: 'startIsKnown', target: 'editing' },
      invoke: {
        id: 'loadStartingPoint',
        src: 'loadStartingPoint',
        onDone: [
          {
            guard: { type: 'opensSavedSearch', params: ({ event }) => ({ start: event.output }) },
            target: 'searching',
            actions: { type: 'applyStartingPoint', params: ({ event }) => ({ start: event.output }) },
          },
          {
            guard: { type: 'opensOwnGroup', params: ({ event }) => ({ start: event.output }) },
            target: 'widening',
            actions: { type: 'applyStartingPoint', params: ({ event }) => ({ start: event.output }) },
          },
          { target: 'editing', actions: { type: 'applyStartingPoint', params: ({ event }) => ({ start: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: 'rememberFailure' },
      },
    },
    widening: {
      description:
        'The person’s own peer group, compared at once: counted, and while under the threshold a filter is dropped (sector, country, position level) and it is counted again.',
      tags: ['busy'],
      invoke: {
        id: 'countOwnGroup',
        src: 'countResults',
        input: ({ context }) => ({ filters: context.filters }),
        onDone: [
          {
            guard: and(['ownGroupIsLargeEnough', 'hasCredits']),
            target: 'searching',
            actions: [{ type: 'rememberCount', params: ({ event }) => ({ count: event.output }) }, 'startNewSearch'],
          },
          {
            guard: and([not('ownGroupIsLargeEnough'), 'canWiden']),
            target: 'widening',
            reenter: true,
            actions: 'dropNextFilter',
          },
          // Nothing left to drop (or nothing to pay with): the person sees the count and chooses.
          { target: '#comparison.editing.ready', actions: { type: 'rememberCount', params: ({ event }) => ({ count: event.output }) } },
        ],
        onError: {
          target: '#comparison.editing.countFailed',
          actions: ['forgetCount', 'rememberFailure'],
        },
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
        waiting: waitingToCount,
        counting: {
          description: 'Counting the people who match; a filter change cancels this request.',
          tags: ['counting'],
          invoke: {
            id: 'countResults',
            src: 'countResults',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: [
              {
                guard: and(['searchesOnOpen', 'hasCredits']),
                target: '#comparison.searching',
                actions: [{ type: 'rememberCount', params: ({ event }) => ({ count: event.output }) }, 'forgetSearchOnOpen', 'startNewSearch'],
              },
              { target: 'ready', actions: [{ type: 'rememberCount', params: ({ event }) => ({ count: event.output }) }, 'forgetSearchOnOpen'] },
            ],
            onError: {
              target: 'countFailed',
              actions: ['forgetCount', 'forgetSearchOnOpen', 'rememberFailure'],
            },
          },
        },
        ready: {
          description: 'The count is shown ("N people match", or "<5"); a search is possible when the group reaches K.',
          on: {
            'comparison.search': { guard: and(['groupIsLargeEnough', 'hasCredits']), target: '#comparison.searching', actions: 'startNewSearch' },
          },
        },
        countFailed: {
          description: 'The count did not arrive; the person may count again or search anyway (not without a form).',
          on: {
            'comparison.retry': { target: 'counting' },
            'comparison.search': { guard: and(['searchMayWork', 'hasCredits']), target: '#comparison.searching', actions: 'startNewSearch' },
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
            target: 'answered.result',
            actions: [
              { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'emitSearched', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          {
            guard: { type: 'answerIsRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'answered.withheld.refused',
            actions: [
              { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'emitSearched', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          {
            target: 'answered.withheld.notEnoughData',
            actions: [
              { type: 'rememberAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'emitSearched', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
        ],
        // A member without a form has no form step here: the failed search says so (failureView's formRequired).
        onError: searchFailure('answered.', { formStep: false }),
      },
    },
    answered: {
      description: 'The search has answered (figures, withheld, no credits or failed); changing the filters edits them again.',
      // Every way in names its child; `result` only satisfies the chart's need of an initial state.
      initial: 'result',
      on: {
        'comparison.setFilter': { target: 'editing.waiting', actions: 'setFilter' },
        'comparison.clearFilters': { target: 'editing.waiting', actions: 'clearFilters' },
      },
      states: {
        result: {
          description: 'The figures per measure, the person’s position, n and the median’s interval; CSV download.',
          tags: ['result'],
        },
        withheld: {
          description: 'The search returned no figures: the group is under K, or it would let groups be subtracted.',
          tags: ['withheld'],
          initial: 'notEnoughData',
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
        },
        failed: {
          description: 'The search failed; retrying sends the same filters with the same idempotency key.',
          tags: ['failed'],
          on: {
            'comparison.retry': { target: '#comparison.searching' },
          },
        },
      },
    },
  },
});

export type ComparisonMachine = typeof comparisonMachine;
