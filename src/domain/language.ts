// Languages of the web app: Spanish by default, English available, each with its number locale
// and display currency.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';
import { numberFormat } from './intlFormat';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language to start in: the stored choice (localStorage appLanguage) when valid, otherwise Spanish. */
export function resolveLanguage(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Number locale of each language: Spanish → es-ES, English → en-US. */
export const NUMBER_LOCALE: Record<Language, string> = { es: 'es-ES', en: 'en-US' };

/** Display currency of each language: euro for Spanish, dollar for English. */
export const DISPLAY_CURRENCY: Record<Language, string> = { es: 'EUR', en: 'USD' };

/** A whole count (people, forms) in the language's number format. */
export function formatCount(value: number, language: Language): string {
  return numberFormat(NUMBER_LOCALE[language], { maximumFractionDigits: 0 }).format(value);
}
