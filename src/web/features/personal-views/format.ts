// Percentages of the personal views in the reader's language, with their sign ("+4 %", "−10 %").
import type { Language } from '../../../domain/constants';
import { NUMBER_LOCALE } from '../../../domain/language';
import { numberFormat } from '../../../domain/intlFormat';

export function formatSignedPercent(value: number, language: Language): string {
  return numberFormat(NUMBER_LOCALE[language], { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value / 100);
}

/** A growth rate given as a fraction (0.031 → "3,1 %"). */
export function formatRate(fraction: number, language: Language): string {
  return numberFormat(NUMBER_LOCALE[language], { style: 'percent', maximumFractionDigits: 1, signDisplay: 'negative' }).format(fraction);
}
