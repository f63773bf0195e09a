// Dates and signed credit movements in the reader's language.
import type { Language } from './constants';
import { NUMBER_LOCALE } from './language';
import { numberFormat, dateTimeFormat } from './intlFormat';

export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(NUMBER_LOCALE[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** +10, −1: a credit movement with its sign. */
export function formatCreditDelta(delta: number, language: Language): string {
  return numberFormat(NUMBER_LOCALE[language], { signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(delta);
}
