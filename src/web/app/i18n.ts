// Translations (spec §2, §4): Spanish by default, English available, the choice kept in localStorage
// appLanguage. A missing translation shows the default given by the caller, otherwise the key itself.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '@locales/es.json';
import en from '@locales/en.json';
import { LANGUAGES, STORAGE_KEYS, type Language } from '../../domain/constants';
import { resolveLanguage } from '../../domain/language';

export const resources = { es: { translation: es }, en: { translation: en } } as const;

/**
 * What a missing translation shows: i18next's `defaultValue`, else a `default` interpolation parameter
 * (`t('x', { default: 'Hola' })`), else the key.
 */
export function missingTranslation(key: string, defaultValue: string | undefined, options: unknown): string {
  if (defaultValue !== undefined && defaultValue !== '') return defaultValue;
  const fallback = typeof options === 'object' && options !== null ? (options as Record<string, unknown>).default : undefined;
  return typeof fallback === 'string' ? fallback : key;
}

export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    supportedLngs: [...LANGUAGES],
    // No cross-language fallback: both files have the same keys (tests/web/locales.test.ts), and a gap
    // must show the caller's default or the key, as the spec asks, not silently the other language.
    fallbackLng: false,
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
    parseMissingKeyHandler: missingTranslation,
    initAsync: false,
  });
  return instance;
}

export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Language {
  try {
    return resolveLanguage(storage?.getItem(STORAGE_KEYS.appLanguage));
  } catch {
    return resolveLanguage(null); // storage blocked (privacy mode): Spanish
  }
}

/** Switches the language and remembers it for the next visit. */
export async function switchLanguage(
  instance: I18n,
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): Promise<void> {
  try {
    storage?.setItem(STORAGE_KEYS.appLanguage, language);
  } catch {
    // storage blocked: the switch still applies to this visit
  }
  await instance.changeLanguage(language);
}
