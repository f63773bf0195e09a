// The comparison as the page renders it: a pure function of the machine's snapshot. Texts are
// translation keys and numbers; the view formats money and percentages in the reader's language.
// Views subscribe with the narrow selectors at the end (one per panel), never to the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import { activeFilters, type FilterField, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import { DEFAULT_PRIVACY_THRESHOLD } from '../../src/domain/constants';
import {
  estimatePosition,
  headlineMeasure,
  measuresShown,
  statisticDetail,
  MEASURES,
  type StatisticDetail,
  type MeasureName,
  type Measures,
  type Position,
  type Positions,
  type Statistic,
} from '../../src/domain/peerDistribution';
import type { ComparisonMachine, ComparisonResult, ComparisonSubject, CountResult, FormStamp } from './comparisonMachine';

export type ComparisonSnapshot = SnapshotFrom<ComparisonMachine>;

export type ComparisonPhase = 'preparing' | 'unavailable' | 'editing' | 'searching' | 'result' | 'withheld' | 'creditGate' | 'failed';

export function comparisonPhase(snapshot: ComparisonSnapshot): ComparisonPhase {
  if (snapshot.hasTag('loading')) return 'preparing';
  if (snapshot.hasTag('unavailable')) return 'unavailable';
  if (snapshot.hasTag('busy')) return 'searching';
  if (snapshot.hasTag('result')) return 'result';
  if (snapshot.hasTag('withheld')) return 'withheld';
  if (snapshot.hasTag('creditGate')) return 'creditGate';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'editing';
}

/** The live "N people match" line. */
export interface CountView {
  status: 'pending' | 'known' | 'failed';
  /** The published count (perturbed and rounded to 5, so "about N"), null under K (then `label` is "<5"). */
  count: number | null;
  label: string | null;
  enough: boolean | null;
}

export interface FilterPanelView {
  filters: PeerGroupFilters;
  /** Filters cannot change while the starting point loads or a search runs. */
  locked: boolean;
  canClear: boolean;
  canSearch: boolean;
  /** A search is running. */
  searching: boolean;
  count: CountView;
  /** The count failed and may be asked again. */
  canRecount: boolean;
  /** The caller pays per search and has no credit left: the button is disabled and the panel says how to get some. */
  outOfCredits: boolean;
}

export interface MeasureView {
  measure: MeasureName;
  labelKey: `comparison.measures.${MeasureName}`;
  statistic: Statistic;
  /** How much the group publishes of this measure: all, the box without p10/p90, the mean only. */
  detail: StatisticDetail;
  /** Where the person (or the admin's subject) falls; null without a form, or when the median is withheld. */
  position: (Position & { estimated: boolean }) | null;
  /** There is a person to place, but the group is too small for a median (so for a position). */
  positionWithheld: boolean;
}

/** The statistics release a result comes from. */
export interface ReleaseView {
  sequence: number;
  /** ISO date-time of the cut. */
  cutAt: string;
}

export interface ResultView {
  year: number;
  currency: string;
  /** The published count (perturbed, rounded to 5: shown as "about N"); null under K. */
  count: number | null;
  countLabel: string;
  /** The release the figures come from; null before the first cut. */
  release: ReleaseView | null;
  /** How much the headline measure shows (the group's size decides it for every measure alike). */
  detail: StatisticDetail;
  /**
   * The marked person's form (the caller's own, or an admin's subject) was completed or changed after the
   * release was cut: its latest answers count from the next release.
   */
  countsFromNextRelease: boolean;
  /** The filters the server applied (the year it defaulted to included). */
  filters: PeerGroupFilters;
  /** Credits after this search; null when credits do not apply. */
  creditsLeft: number | null;
  /** The filters changed since this result: it no longer answers them. */
  stale: boolean;
  includeDeferred: boolean;
  headline: MeasureView;
  measures: MeasureView[];
  /** Every measure's figures and positions as shown, for the CSV. */
  statistics: Measures;
  positions: Positions | null;
  /** The figures marked belong to someone else (an admin comparing a user's form)… */
  markedSubject: boolean;
  /** …named by this label (their e-mail), when known. */
  subjectLabel: string | null;
  /** This result re-opened a saved search (free). */
  reopened: boolean;
  /**
   * Whether the result has a position block: the caller compares their own pay (or an admin a subject's), or the
   * server placed them. A corporate user compares a market: without a form of their own, no block and no call
   * to fill in a questionnaire.
   */
  showsPosition: boolean;
  /** The person's own peer group was compared: the filters left out to reach the privacy threshold (else empty). */
  droppedFilters: FilterField[];
  /** This result is the person's own peer group, compared on arrival. */
  ownGroup: boolean;
}

export interface WithheldView {
  status: 'not-enough-data' | 'refused';
  /** comparison.reasons.{code} */
  reasonKey: string;
  /** With refused: the filter whose condition makes the search unsafe. */
  reasonFilter: string | null;
  countLabel: string;
}

export interface FailureView {
  /** Where the failure happened. */
  during: 'preparing' | 'count' | 'search';
  /** A member without a completed form (403 FORM_REQUIRED): the way out is the questionnaire. */
  formRequired: boolean;
  /** No answer from the server (network) rather than an error answer. */
  offline: boolean;
  notFound: boolean;
  status: number;
  errorCode: string | null;
  canRetry: boolean;
}

/** The live count line of a filter panel: the count known (or null while pending), or its request failed. */
export function countViewOf(count: CountResult | null, failed: boolean): CountView {
  if (failed) return { status: 'failed', count: null, label: null, enough: null };
  if (!count) return { status: 'pending', count: null, label: null, enough: null };
  return { status: 'known', count: count.count, label: count.countLabel, enough: count.enough };
}

function countView(snapshot: ComparisonSnapshot): CountView {
  return countViewOf(snapshot.context.count, snapshot.matches({ editing: 'countFailed' }));
}

export function filterPanelView(snapshot: ComparisonSnapshot): FilterPanelView {
  const locked = snapshot.hasTag('loading') || snapshot.hasTag('busy') || snapshot.hasTag('unavailable');
  return {
    filters: snapshot.context.filters,
    locked,
    canClear: !locked && activeFilters(snapshot.context.filters).length > 0,
    canSearch: snapshot.can({ type: 'comparison.search' }),
    searching: snapshot.hasTag('busy'),
    count: countView(snapshot),
    canRecount: snapshot.matches({ editing: 'countFailed' }),
    outOfCredits: snapshot.context.credits !== null && snapshot.context.credits <= 0,
  };
}

function subjectPositions(result: ComparisonResult, subject: ComparisonSubject): Positions | null {
  if (!result.measures || subject.currency !== result.currency) return null;
  const measures = result.measures;
  return Object.fromEntries(MEASURES.map((m) => [m, estimatePosition(m, measures[m], subject.figures[m])])) as Positions;
}

/** A completed form of the result's year saved after the release's cut is not in the figures yet. */
function changedAfterRelease(stamp: FormStamp | null | undefined, result: ComparisonResult): boolean {
  if (!stamp || !stamp.completed || !result.release || stamp.surveyYear !== result.year) return false;
  return Date.parse(stamp.updatedAt) > Date.parse(result.release.cutAt);
}

/**
 * The result as the page shows it. `_privacyThreshold` (K, from the app's configuration) is no longer needed here
 * (money is protected by noise infusion, person by person, whatever the group's size); kept so callers need not change.
 */
export function resultView(snapshot: ComparisonSnapshot, _privacyThreshold: number = DEFAULT_PRIVACY_THRESHOLD): ResultView | null {
  const { result, subject, includeDeferred } = snapshot.context;
  if (!result || result.status !== 'ok' || !result.measures) return null;
  const measures = result.measures;
  const estimated = subject !== null;
  const positions: Positions | null = subject ? subjectPositions(result, subject) : result.position;
  const measureView = (measure: MeasureName): MeasureView => {
    const position = positions?.[measure] ?? null;
    const statistic = measures[measure];
    return {
      measure,
      labelKey: `comparison.measures.${measure}`,
      statistic,
      detail: statisticDetail(statistic),
      position: position ? { ...position, estimated } : null,
      positionWithheld: positions !== null && statistic.p50 === null,
    };
  };
  const headline = measureView(headlineMeasure(includeDeferred));
  return {
    year: result.year,
    currency: result.currency,
    count: result.count,
    countLabel: result.countLabel,
    release: result.release ? { sequence: result.release.sequence, cutAt: result.release.cutAt } : null,
    detail: headline.detail,
    countsFromNextRelease: changedAfterRelease(subject ? subject.stamp : result.ownForm, result),
    filters: result.filters,
    creditsLeft: result.creditsLeft,
    stale: !snapshot.hasTag('result'),
    includeDeferred,
    headline,
    measures: measuresShown(includeDeferred).map(measureView),
    statistics: measures,
    positions,
    markedSubject: subject !== null,
    subjectLabel: subject?.label ?? null,
    reopened: Boolean(result.historyId) && snapshot.context.historyId === result.historyId,
    // A corporate user who filled in a form of their own still sees where they stand.
    showsPosition: subject !== null || snapshot.context.comparesOwnPay || positions !== null,
    droppedFilters: [...snapshot.context.dropped],
    ownGroup: snapshot.context.widen !== null,
  };
}

export function withheldView(snapshot: ComparisonSnapshot): WithheldView | null {
  const { result } = snapshot.context;
  if (!snapshot.hasTag('withheld') || !result || result.status === 'ok') return null;
  const fallback = result.status === 'refused' ? 'DIFFERENCING_RISK' : 'NOT_ENOUGH_DATA';
  return {
    status: result.status,
    reasonKey: `comparison.reasons.${result.reasonCode ?? fallback}`,
    reasonFilter: result.status === 'refused' ? (result.reasonFilter ?? null) : null,
    countLabel: result.countLabel,
  };
}

export function failureView(snapshot: ComparisonSnapshot): FailureView | null {
  const { failure } = snapshot.context;
  const during = snapshot.hasTag('unavailable')
    ? 'preparing'
    : snapshot.matches({ editing: 'countFailed' })
      ? 'count'
      : snapshot.hasTag('failed') || snapshot.hasTag('creditGate')
        ? 'search'
        : null;
  if (!during || !failure) return null;
  return {
    during,
    formRequired: failure.errorCode === 'FORM_REQUIRED',
    offline: failure.status === 0,
    notFound: failure.status === 404,
    status: failure.status,
    errorCode: failure.errorCode,
    canRetry: snapshot.can({ type: 'comparison.retry' }),
  };
}

/** Everything at once (tests, and the CSV download which needs the whole result). */
export interface ComparisonView {
  phase: ComparisonPhase;
  panel: FilterPanelView;
  result: ResultView | null;
  withheld: WithheldView | null;
  failure: FailureView | null;
  includeDeferred: boolean;
}

export function comparisonView(snapshot: ComparisonSnapshot): ComparisonView {
  return {
    phase: comparisonPhase(snapshot),
    panel: filterPanelView(snapshot),
    result: resultView(snapshot),
    withheld: withheldView(snapshot),
    failure: failureView(snapshot),
    includeDeferred: snapshot.context.includeDeferred,
  };
}

/**
 * Equality for `useSelector` over a derived view: two projections are the same when they serialise the
 * same (they are small, plain data). The projector builds new objects each time, so reference equality
 * would re-render on every snapshot.
 */
export function sameView<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
