// Money as people read it (spec §9, DESIGN.md §8): whole units, in the language's locale. The currency
// defaults to the language's display currency; pass the amount's own currency when it is another, so a
// euro amount is never printed with a dollar sign.
import type { Language } from './constants';
import { DISPLAY_CURRENCY, NUMBER_LOCALE } from './language';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: Language, currency: string): Intl.NumberFormat {
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(NUMBER_LOCALE[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `formatMoney(85000, 'es')` → "85.000 €"; `formatMoney(85000, 'en')` → "$85,000". */
export function formatMoney(amount: number, language: Language, currency: string = DISPLAY_CURRENCY[language]): string {
  return formatterFor(language, currency).format(amount);
}
