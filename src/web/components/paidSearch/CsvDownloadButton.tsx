// Downloads the result as CSV (src/domain/comparisonCsv.ts): the group described in the reader's language,
// every figure of every measure as shown on screen (currency, conversion and rounding), and the position.
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { comparisonCsv, comparisonCsvFileName, type ComparisonCsvText } from '../../../domain/comparisonCsv';
import { CSV_BOM } from '../../../domain/csv';
import { activeFilters } from '../../../domain/peerGroupFilters';
import { MEASURES, type MeasureName } from '../../../domain/peerDistribution';
import type { ResultView } from '../../../../machines/comparison/viewModel';
import type { MoneyDisplay } from '../../../domain/money';
import { choiceLabel, filterChoices, type Questionnaire } from '../peerGroup/filterOptions';

export interface CsvDownloadButtonProps {
  result: ResultView;
  definition: Questionnaire | null;
  years: readonly number[];
  /** The money as the screen shows it: the file holds the same figures, naming the rate when converted. */
  display: MoneyDisplay;
}

/** Saves text as a file in the browser. */
export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function CsvDownloadButton({ result, definition, years, display }: CsvDownloadButtonProps) {
  const { t } = useTranslation();

  const download = () => {
    const choices = filterChoices(definition, result.filters, years);
    const filters = activeFilters(result.filters).map(([field, value]): [string, string] => {
      const choice = choiceLabel(choices, field, value);
      return [t(`comparison.filters.fields.${field}`), choice.label ?? t(choice.labelKey)];
    });
    const text: ComparisonCsvText = {
      year: t('comparison.csv.year'),
      currency: t('comparison.csv.currency'),
      exchangeRate: display.conversion ? t('comparison.csv.exchange_rate', { from: display.conversion.from, to: display.conversion.to }) : '',
      exchangeRateDate: t('comparison.csv.exchange_rate_date'),
      groupSize: t('comparison.csv.group_size'),
      measure: t('comparison.csv.measure'),
      n: t('comparison.csv.n'),
      mean: t('comparison.csv.mean'),
      p10: 'P10',
      p25: 'P25',
      p50: t('comparison.csv.median'),
      p75: 'P75',
      p90: 'P90',
      medianCiLow: t('comparison.csv.median_ci_low'),
      medianCiHigh: t('comparison.csv.median_ci_high'),
      ownValue: t('comparison.csv.own_value'),
      percentileRank: t('comparison.csv.percentile_rank'),
      diffFromMedianPercent: t('comparison.csv.diff_from_median'),
      measures: Object.fromEntries(MEASURES.map((m) => [m, t(`comparison.measures.${m}`)])) as Record<MeasureName, string>,
    };
    const csv = comparisonCsv({
      result: { year: result.year, countLabel: result.countLabel, measures: result.statistics },
      positions: result.positions,
      filters,
      text,
      money: display,
    });
    saveTextFile(
      comparisonCsvFileName(
        result.year,
        activeFilters(result.filters).map(([, value]) => value),
      ),
      CSV_BOM + csv,
    );
  };

  return (
    <Button variant="outline" colorPalette="brand" onClick={download} disabled={result.stale} data-testid="comparison-csv">
      {t('comparison.result.download_csv')}
    </Button>
  );
}
