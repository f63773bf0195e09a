// The gender pay gap report as CSV (the report's download, src/domain/payGap.ts): the year and the headcounts, the
// indicators (a)–(e) one per row, the pay quartiles (f), then one row per category of workers (g). Gaps and shares
// are percents to one decimal, numbers plain (dot decimals) so spreadsheets read them in any language. The texts
// come in translated (`text(key)` reads the `pay_gap_csv` section, which only the server loads), so this module stays pure.
// `publication` leaves out the categories too small to publish; `internal` keeps them, marked.
import { csvRow, CSV_BOM } from './csv';

/** The parts of the report the file writes (the contract's PayGapReport). */
export interface PayGapCsvReport {
  reportingYear: number;
  reportDate: string;
  headcountBand: string;
  headcount: { total: number; women: number; men: number; other: number };
  meanGap: number | null;
  meanVariableGap: number | null;
  medianGap: number | null;
  medianVariableGap: number | null;
  receivingVariable: { women: number | null; men: number | null };
  quartiles: ReadonlyArray<{ quartile: number; women: number; men: number; womenShare: number; menShare: number }>;
  categories: ReadonlyArray<{
    category: string;
    women: number;
    men: number;
    other: number;
    basic: { mean: number | null; median: number | null };
    variable: { mean: number | null; median: number | null };
    total: { mean: number | null; median: number | null };
    reportable: boolean;
    flagged: boolean;
    remedyDeadline: string | null;
    action: { kind: string; note: string; actionDate: string } | null;
  }>;
}

export type PayGapCsvText = (key: string, values?: Record<string, string | number>) => string;

const percent = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const share = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 10);

export function payGapCsv(report: PayGapCsvReport, options: { scope: 'publication' | 'internal'; text: PayGapCsvText }): string {
  const { text, scope } = options;
  const categories = scope === 'publication' ? report.categories.filter((category) => category.reportable) : report.categories;
  const yesNo = (value: boolean) => text(value ? 'yes' : 'no');
  const lines = [
    csvRow([text('title')]),
    csvRow([text('reportingYear'), report.reportingYear]),
    csvRow([text('reportDate'), report.reportDate]),
    csvRow([text('headcountBand'), text(`bands.${report.headcountBand}`)]),
    csvRow([text('headcount'), report.headcount.total]),
    csvRow([text('women'), report.headcount.women]),
    csvRow([text('men'), report.headcount.men]),
    csvRow([text('other'), report.headcount.other]),
    '',
    csvRow([text('indicator'), text('valuePercent')]),
    csvRow([text('meanGap'), percent(report.meanGap)]),
    csvRow([text('meanVariableGap'), percent(report.meanVariableGap)]),
    csvRow([text('medianGap'), percent(report.medianGap)]),
    csvRow([text('medianVariableGap'), percent(report.medianVariableGap)]),
    csvRow([text('womenReceivingVariable'), share(report.receivingVariable.women)]),
    csvRow([text('menReceivingVariable'), share(report.receivingVariable.men)]),
    '',
    csvRow([text('quartile'), text('women'), text('men'), text('womenShare'), text('menShare')]),
    ...report.quartiles.map((band) => csvRow([text(`quartiles.${band.quartile}`), band.women, band.men, share(band.womenShare), share(band.menShare)])),
    '',
    csvRow([
      text('category'),
      text('women'),
      text('men'),
      text('other'),
      text('basicMeanGap'),
      text('basicMedianGap'),
      text('variableMeanGap'),
      text('variableMedianGap'),
      text('totalMeanGap'),
      text('totalMedianGap'),
      ...(scope === 'internal' ? [text('reportable')] : []),
      text('flagged'),
      text('remedyDeadline'),
      text('action'),
      text('actionDate'),
      text('actionNote'),
    ]),
    ...categories.map((category) =>
      csvRow([
        category.category,
        category.women,
        category.men,
        category.other,
        percent(category.basic.mean),
        percent(category.basic.median),
        percent(category.variable.mean),
        percent(category.variable.median),
        percent(category.total.mean),
        percent(category.total.median),
        ...(scope === 'internal' ? [yesNo(category.reportable)] : []),
        yesNo(category.flagged),
        category.remedyDeadline,
        category.action ? text(`actions.${category.action.kind}`) : null,
        category.action?.actionDate,
        category.action?.note,
      ]),
    ),
  ];
  if (scope === 'publication' && categories.length < report.categories.length) {
    lines.push('', csvRow([text('leftOut', { count: report.categories.length - categories.length })]));
  }
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
