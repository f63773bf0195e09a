// The personalised comparison as the page renders it: a pure function of the snapshot. Texts are translation
// keys and numbers; the view formats money and percentages in the reader's language.
import type { SnapshotFrom } from 'xstate';
import { gaugeReading, type GaugeReading } from '../../src/domain/gauge';
import { MEASURES, statisticDetail, type MeasureName, type StatisticDetail, type Statistic } from '../../src/domain/peerDistribution';
import type { PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { IndividualComparisonResult, PersonalComparisonMachine } from './personalComparisonMachine';

export type PersonalComparisonSnapshot = SnapshotFrom<PersonalComparisonMachine>;

export type PersonalComparisonPhase = 'waiting' | 'running' | 'result' | 'notEnoughData' | 'creditGate' | 'formRequired' | 'failed';

export function personalComparisonPhase(snapshot: PersonalComparisonSnapshot): PersonalComparisonPhase {
  if (snapshot.hasTag('busy')) return 'running';
  if (snapshot.hasTag('result')) return 'result';
  if (snapshot.hasTag('notEnoughData')) return 'notEnoughData';
  if (snapshot.hasTag('creditGate')) return 'creditGate';
  if (snapshot.hasTag('formRequired')) return 'formRequired';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'waiting';
}

export type TotalName = 'totalWithoutDeferral' | 'totalWithDeferral';

/** One gauge: the measured difference from the peer median, and what the person thought it was. */
export interface GaugeView {
  measure: TotalName;
  labelKey: `comparison.measures.${TotalName}`;
  /** null when the group has no median for this total. */
  reading: GaugeReading | null;
  /** The person's own estimate from step 5 (percent), null when they gave none. */
  perceived: number | null;
  ownValue: number;
  median: number | null;
  percentileRank: number | null;
}

/** One peer group the server tried, in order. */
export interface StepView {
  filters: PeerGroupFilters;
  dropped: string | null;
  status: 'used' | 'not-enough-data' | 'too-few-for-position' | 'refused';
  /** comparison.reasons.{code}, null for the group used. */
  reasonKey: string | null;
  reasonFilter: string | null;
  countLabel: string;
}

export interface BoxPlotView {
  measure: MeasureName;
  labelKey: `comparison.measures.${MeasureName}`;
  statistic: Statistic;
  detail: StatisticDetail;
  ownValue: number | null;
}

export interface PersonalResultView {
  year: number;
  currency: string;
  count: number | null;
  countLabel: string;
  release: { sequence: number; cutAt: string } | null;
  /** The group used. */
  filters: PeerGroupFilters;
  /** The conditions dropped to reach it, in order. */
  dropped: string[];
  steps: StepView[];
  gauges: GaugeView[];
  boxPlots: BoxPlotView[];
  creditsLeft: number | null;
  /** This answer re-opened a saved comparison (free). */
  reopened: boolean;
}

const TOTALS: readonly TotalName[] = ['totalWithoutDeferral', 'totalWithDeferral'];

function stepsOf(result: IndividualComparisonResult): StepView[] {
  return (result.steps ?? []).map((step) => ({
    filters: step.filters,
    dropped: step.dropped,
    status: step.status,
    reasonKey: step.status === 'used' ? null : `comparison.reasons.${step.reasonCode ?? 'NOT_ENOUGH_DATA'}`,
    reasonFilter: step.reasonFilter ?? null,
    countLabel: step.countLabel,
  }));
}

function gaugeOf(result: IndividualComparisonResult, measure: TotalName): GaugeView {
  const withDeferral = measure === 'totalWithDeferral';
  return {
    measure,
    labelKey: `comparison.measures.${measure}`,
    reading: gaugeReading(withDeferral ? result.diffWithDeferral : result.diffWithoutDeferral),
    perceived: (withDeferral ? result.perceivedDiffWithDeferral : result.perceivedDiffWithoutDeferral) ?? null,
    ownValue: result.own[measure],
    median: result.peer?.[measure].p50 ?? null,
    percentileRank: result.position?.[measure]?.percentileRank ?? null,
  };
}

function boxPlotsOf(result: IndividualComparisonResult): BoxPlotView[] {
  const measures = result.measures;
  if (!measures) return [];
  return MEASURES.map((measure) => ({
    measure,
    labelKey: `comparison.measures.${measure}` as const,
    statistic: measures[measure],
    detail: statisticDetail(measures[measure]),
    ownValue: result.own[measure],
  }));
}

export function personalResultView(snapshot: PersonalComparisonSnapshot): PersonalResultView | null {
  const { result, historyId } = snapshot.context;
  if (!result) return null;
  return {
    year: result.year,
    currency: result.currency,
    count: result.n,
    countLabel: result.countLabel,
    release: result.release ? { sequence: result.release.sequence, cutAt: result.release.cutAt } : null,
    filters: result.filters,
    dropped: [...result.widenedSteps],
    steps: stepsOf(result),
    gauges: result.status === 'ok' ? TOTALS.map((measure) => gaugeOf(result, measure)) : [],
    boxPlots: result.status === 'ok' ? boxPlotsOf(result) : [],
    creditsLeft: result.creditsLeft ?? null,
    reopened: historyId !== null && result.historyId === historyId,
  };
}

export interface PersonalFailureView {
  status: number;
  errorCode: string | null;
  offline: boolean;
  canRetry: boolean;
}

export function personalFailureView(snapshot: PersonalComparisonSnapshot): PersonalFailureView | null {
  const { failure } = snapshot.context;
  if (!failure || !(snapshot.hasTag('failed') || snapshot.hasTag('creditGate') || snapshot.hasTag('formRequired'))) return null;
  return { status: failure.status, errorCode: failure.errorCode, offline: failure.status === 0, canRetry: snapshot.can({ type: 'personal.retry' }) };
}

export interface PersonalComparisonView {
  phase: PersonalComparisonPhase;
  canRun: boolean;
  result: PersonalResultView | null;
  failure: PersonalFailureView | null;
}

export function personalComparisonView(snapshot: PersonalComparisonSnapshot): PersonalComparisonView {
  return {
    phase: personalComparisonPhase(snapshot),
    canRun: snapshot.can({ type: 'personal.run' }),
    result: personalResultView(snapshot),
    failure: personalFailureView(snapshot),
  };
}
