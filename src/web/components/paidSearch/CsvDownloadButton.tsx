// Downloads the result as CSV (src/domain/comparisonCsv.ts): the group described in the reader's language,
// every figure of every measure as shown on screen (currency, conversion and rounding), and the position.
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { comparisonCsv, comparisonCsvFileName, comparisonCsvText } from '../../../domain/comparisonCsv';
import { CSV_BOM } from '../../../domain/csv';
import { activeFilters } from '../../../domain/peerGroupFilters';
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
    const filters = activeFilters(result.filters).map(([field, value]) => {
      const choice = choiceLabel(choices, field, value);
      return { field, label: t(`comparison.filters.fields.${field}`), value: choice.label ?? t(choice.labelKey) };
    });
    const text = comparisonCsvText((key, values) => t(key, values), display.conversion);
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
