// Texts of the outlier pages that several views share: a pack's rule, its grouping, a group's values, money in EUR.
import type { TFunction } from 'i18next';
import type { Language } from '../../../domain/constants';
import { formatMoney } from '../../../domain/money';
import type { OutlierPack } from '../../../../machines/outlierPacks/calls';

export function ruleText(t: TFunction, pack: Pick<OutlierPack, 'measure' | 'method' | 'k' | 'lowerPercentile' | 'upperPercentile'>): string {
  const measure = t(`comparison.measures.${pack.measure}`);
  if (pack.method === 'percentile')
    return t('admin_outliers.rule.percentile', { measure, lower: pack.lowerPercentile ?? 0, upper: pack.upperPercentile ?? 100 });
  return t(`admin_outliers.rule.${pack.method}`, { measure, k: pack.k });
}

export function groupingText(t: TFunction, groupBy: readonly string[]): string {
  const fields = groupBy.filter((field) => field !== 'year');
  return fields.length === 0 ? t('admin_outliers.whole_year') : fields.map((field) => t(`comparison.filters.fields.${field}`)).join(' · ');
}

/** A group's values as text (each option's label when the questionnaire has one). */
export function groupValuesText(t: TFunction, values: Record<string, string | null>): string {
  const parts = Object.entries(values).map(([field, value]) => (value === null ? '—' : t(`questionnaire.options.${field}.${value}`, { defaultValue: value })));
  return parts.length === 0 ? t('admin_outliers.whole_year') : parts.join(' · ');
}

export const euros = (value: number | null | undefined, language: Language): string =>
  value === null || value === undefined ? '—' : formatMoney(value, language, 'EUR');

/** The translated reason of a failure code (errors.codes.*), or the generic "try again". */
export function reasonText(t: TFunction, code: string | null): string {
  return code ? t(`errors.codes.${code}`, { defaultValue: t('errors.try_again') }) : t('errors.try_again');
}
