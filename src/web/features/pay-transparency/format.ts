// The figures of the pay gap report in the reader's language: gaps as signed percents to one decimal ("+9,1 %",
// "−2,0 %"), shares as percents to one decimal, dates (YYYY-MM-DD) as the calendar date they name.
import type { Language } from '../../../domain/constants';
import { NUMBER_LOCALE } from '../../../domain/language';
import { dateTimeFormat, numberFormat } from '../../../domain/intlFormat';

/** A gap in percent (positive: men are paid more); null (one side empty) as `missing`. */
export function formatGap(value: number | null, language: Language, missing = '—'): string {
  if (value === null) return missing;
  return numberFormat(NUMBER_LOCALE[language], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(
    value / 100,
  );
}

/** A share given as a fraction (0.6 → "60,0 %"); null as `missing`. */
export function formatShare(fraction: number | null, language: Language, missing = '—'): string {
  if (fraction === null) return missing;
  return numberFormat(NUMBER_LOCALE[language], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(fraction);
}

/** A whole percent given in percent (25 → "25 %"): the chart's axis. */
export function formatWholePercent(value: number, language: Language): string {
  return numberFormat(NUMBER_LOCALE[language], { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** A calendar date (YYYY-MM-DD, or the date of a timestamp) as the reader writes it: "7 jun 2027", "Jun 7, 2027". */
export function formatDay(isoDate: string, language: Language): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(NUMBER_LOCALE[language], { dateStyle: 'medium', timeZone: isoDate.length === 10 ? 'UTC' : undefined }).format(date);
}

/** Today in the reader's own calendar (YYYY-MM-DD): a new record's date until they change it. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
