// The pay transparency page as its views render it: pure functions of the three charts' snapshots, carrying
// translation keys (pay_transparency.*), never texts.
import type { SnapshotFrom } from 'xstate';
import { PAYROLL_COLUMNS, PAYROLL_ERROR_CODES } from '../../src/domain/payrollCsv';
import type { ComplianceCalendar, PayrollProblem, PayrollsMachine, PayrollSummary } from './payrollsMachine';
import type { GapActionDraft, PayGapReport, PayGapReportMachine } from './payGapReportMachine';
import type { PayTransparencyDownloadMachine, PayTransparencyFile } from './payTransparencyDownloadMachine';
import type { BandsCommand, PayStanding, SalaryBandList, SalaryBandsMachine } from './salaryBandsMachine';

/** What the last upload or deletion came to, for the notice under the form. */
export type PayrollsOutcome = 'uploaded' | 'refused' | 'uploadFailed' | 'deleted' | null;

export interface ProblemRow {
  /** The file's line (the header is 1); null for the whole file. */
  line: number | null;
  /** The column's name (pay_transparency.columns.*), null when the problem is not one column's. */
  columnKey: string | null;
  /** The explanation of the code (pay_transparency.problems.codes.*). */
  explanationKey: string;
  code: string;
  field: string | null;
}

const COLUMNS: readonly string[] = PAYROLL_COLUMNS;
const CODES: readonly string[] = PAYROLL_ERROR_CODES;

/** A problem of a refused file as the table shows it: a code the app does not know reads as a general one. */
export function problemRow(problem: PayrollProblem): ProblemRow {
  return {
    line: problem.line,
    columnKey: problem.field && COLUMNS.includes(problem.field) ? `pay_transparency.columns.${problem.field}` : null,
    explanationKey: `pay_transparency.problems.codes.${CODES.includes(problem.code) ? problem.code : 'other'}`,
    code: problem.code,
    field: problem.field,
  };
}

export interface PayrollsView {
  status: 'loading' | 'failed' | 'ready';
  calendar: ComplianceCalendar | null;
  payrolls: PayrollSummary[];
  years: number[];
  year: number;
  fileName: string | null;
  /** The form's inputs take changes (nothing on its way). */
  canChoose: boolean;
  canUpload: boolean;
  uploading: boolean;
  /** The confirm modal asks whether to delete `pendingYear`. */
  confirming: boolean;
  /** The deletion of `pendingYear` is on its way. */
  deleting: boolean;
  pendingYear: number | null;
  outcome: PayrollsOutcome;
  uploaded: PayrollSummary | null;
  deletedYear: number | null;
  problems: ProblemRow[];
  moreProblems: number;
  /** Why an upload failed (pay_transparency.upload.*), when it did. */
  uploadFailureKey: string | null;
}

const OUTCOMES: readonly Exclude<PayrollsOutcome, null>[] = ['uploaded', 'refused', 'uploadFailed', 'deleted'];

export function payrollsView(snapshot: SnapshotFrom<PayrollsMachine>): PayrollsView {
  const { context } = snapshot;
  const status = snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('failed') ? 'failed' : 'ready';
  const outcome = OUTCOMES.find((tag) => snapshot.hasTag(tag)) ?? null;
  const tooLarge = context.failure?.status === 413;
  return {
    status,
    calendar: context.calendar,
    payrolls: context.payrolls ?? [],
    years: context.years,
    year: context.year,
    fileName: context.file?.name ?? null,
    canChoose: status === 'ready' && !snapshot.hasTag('busy'),
    canUpload: snapshot.can({ type: 'payrolls.upload' }),
    uploading: snapshot.hasTag('uploading'),
    confirming: snapshot.hasTag('confirming'),
    deleting: snapshot.hasTag('deleting'),
    pendingYear: context.pendingYear,
    outcome,
    uploaded: outcome === 'uploaded' ? context.uploaded : null,
    deletedYear: outcome === 'deleted' ? context.deletedYear : null,
    problems: outcome === 'refused' ? context.problems.map(problemRow) : [],
    moreProblems: outcome === 'refused' ? context.moreProblems : 0,
    uploadFailureKey: outcome === 'uploadFailed' ? (tooLarge ? 'pay_transparency.upload.too_large' : 'pay_transparency.upload.failed') : null,
  };
}

/** A category as named in the file: a role's name, or a position level and a functional area (`level|area`). */
export type CategoryName = { kind: 'role'; name: string } | { kind: 'levelArea'; level: string; area: string };

export function categoryName(category: string): CategoryName {
  const parts = category.split('|');
  return parts.length === 2 ? { kind: 'levelArea', level: parts[0], area: parts[1] } : { kind: 'role', name: category };
}

export interface PayGapReportView {
  status: 'loading' | 'failed' | 'missing' | 'ready';
  report: PayGapReport | null;
  /** The open form, when one is. */
  draft: GapActionDraft | null;
  saving: boolean;
  canSave: boolean;
  /** The category whose record was just saved. */
  savedCategory: string | null;
  /** The notice of the open form (pay_transparency.report.action.*), and its tone. */
  noticeKey: string | null;
  noticeTone: 'error' | null;
}

export function payGapReportView(snapshot: SnapshotFrom<PayGapReportMachine>): PayGapReportView {
  const { context } = snapshot;
  const status = snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('missing') ? 'missing' : 'ready';
  const noticeKey = snapshot.hasTag('invalid')
    ? 'pay_transparency.report.action.invalid'
    : snapshot.hasTag('saveFailed')
      ? 'pay_transparency.report.action.failed'
      : null;
  return {
    status,
    report: context.report,
    draft: snapshot.hasTag('editing') ? context.draft : null,
    saving: snapshot.hasTag('saving'),
    canSave: snapshot.can({ type: 'payGap.saveAction' }),
    savedCategory: snapshot.hasTag('saved') ? context.savedCategory : null,
    noticeKey,
    noticeTone: noticeKey ? 'error' : null,
  };
}

export interface FileDownloadView {
  busy: boolean;
  failed: boolean;
  /** The file asked for last (the button that shows the spinner or the failure). */
  requested: PayTransparencyFile | null;
}

export function fileDownloadView(snapshot: SnapshotFrom<PayTransparencyDownloadMachine>): FileDownloadView {
  return { busy: snapshot.hasTag('busy'), failed: snapshot.hasTag('failed'), requested: snapshot.context.requested };
}

/** Whether two files are the same request (the button of a file shows its own state). */
export function sameFile(a: PayTransparencyFile | null, b: PayTransparencyFile): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export type SalaryBandsStatus = 'loading' | 'failed' | 'ready';
export type BandsCommandStatus = 'idle' | 'running' | 'done' | 'refused' | 'short' | 'runFailed';
export type StandingStatus = 'none' | 'loading' | 'shown' | 'missing' | 'failed';

export interface SalaryBandsView {
  status: SalaryBandsStatus;
  list: SalaryBandList | null;
  command: BandsCommand | null;
  commandStatus: BandsCommandStatus;
  /** The error code of a refused change (its translated message), null otherwise. */
  refusal: string | null;
  year: number | null;
  standing: PayStanding | null;
  standingStatus: StandingStatus;
  /** Can a change be sent now (none running)? */
  canRun: boolean;
}

const COMMAND_STATUSES = ['running', 'done', 'refused', 'short', 'runFailed'] as const;
const STANDING_TAGS = [
  ['standingLoading', 'loading'],
  ['standingShown', 'shown'],
  ['standingMissing', 'missing'],
  ['standingFailed', 'failed'],
] as const;

/** The salary bands page's view of its machine. */
export function salaryBandsView(snapshot: SnapshotFrom<SalaryBandsMachine>): SalaryBandsView {
  const status: SalaryBandsStatus = snapshot.matches({ bands: 'loading' }) ? 'loading' : snapshot.matches({ bands: 'failed' }) ? 'failed' : 'ready';
  const commandStatus = COMMAND_STATUSES.find((tag) => snapshot.hasTag(tag)) ?? 'idle';
  const standingStatus = STANDING_TAGS.find(([tag]) => snapshot.hasTag(tag))?.[1] ?? 'none';
  return {
    status,
    list: snapshot.context.list,
    command: snapshot.context.command,
    commandStatus,
    refusal: commandStatus === 'refused' ? (snapshot.context.failure?.errorCode ?? null) : null,
    year: snapshot.context.year,
    standing: snapshot.context.standing,
    standingStatus,
    canRun: status === 'ready' && commandStatus !== 'running',
  };
}
