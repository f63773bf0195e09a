// Translations: Spanish by default, English available, the choice kept in localStorage
// appLanguage. A missing translation shows the default given by the caller, otherwise the key itself.
import i18next, { type BackendModule, type i18n as I18n, type InitOptions, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import esCore from 'virtual:locale-core/es';
import { LANGUAGES, STORAGE_KEYS, type Language } from '../../domain/constants';
import { resolveLanguage } from '../../domain/language';
import { collapseDoublePeriod } from '../../domain/sentencePeriod';

/**
 * What a missing translation shows: i18next's `defaultValue`, else a `default` interpolation parameter
 * (`t('x', { default: 'Hola' })`), else the key.
 */
export function missingTranslation(key: string, defaultValue: string | undefined, options: unknown): string {
  if (defaultValue !== undefined && defaultValue !== '') return defaultValue;
  const fallback = typeof options === 'object' && options !== null ? (options as Record<string, unknown>).default : undefined;
  return typeof fallback === 'string' ? fallback : key;
}

/**
 * Every text through it: a value ending in a period put where the text ends its sentence ("… de {{company}}.")
 * leaves one period, not two ("Grupo Demo S.A.").
 */
export const sentencePeriod: PostProcessorModule = {
  type: 'postProcessor',
  name: 'sentencePeriod',
  process: (value: string) => collapseDoublePeriod(value),
};

export const options = {
  supportedLngs: [...LANGUAGES],
  // No cross-language fallback: both files have the same keys (tests/web/locales.test.ts), and a gap
  // must show the caller's default or the key, not silently the other language.
  fallbackLng: false,
  interpolation: { escapeValue: false }, // React escapes
  returnEmptyString: false,
  parseMissingKeyHandler: missingTranslation,
  postProcess: [sentencePeriod.name],
} satisfies InitOptions;

/**
 * English is fetched whole (its two split parts) the first time it is needed; Spanish, the default, ships in the first load
 * without the sections only on-demand pages use (scripts/vite-locale-split.ts), which
 * completeTranslations fetches.
 */
const lazyTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'en') return callback(new Error(`no translations for ${language}`), false);
    // Through the split modules (scripts/vite-locale-split.ts), the same way Spanish is built.
    Promise.all([import('virtual:locale-core/en'), import('virtual:locale-pages/en')]).then(
      ([core, pages]) => callback(null, { ...core.default, ...pages.default }),
      (error: Error) => callback(error, false),
    );
  },
};

let browserInstance: I18n | undefined;

/** The web app's instance: resolves once the language's translations are there (fetched for English). */
export async function createBrowserI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyTranslations)
    .use(sentencePeriod)
    .use(initReactI18next)
    .init({ ...options, resources: { es: { translation: esCore } }, partialBundledLanguages: true, lng: language });
  browserInstance = instance;
  return instance;
}

/**
 * Resolves once the web app's instance has the pages' texts (lazyPage.ts waits for it beside a page's code); at once
 * where there is no such instance (tests render with every text bundled).
 */
export function pageTextsReady(): Promise<void> {
  return browserInstance ? completeTranslations(browserInstance) : Promise.resolve();
}

const pageTexts = new WeakMap<I18n, Promise<void>>();
/**
 * Adds the Spanish page sections to the instance (once per instance; the same promise every call, as
 * React's `use` needs). A page waits for it before rendering.
 */
export function completeTranslations(instance: I18n): Promise<void> {
  let loading = pageTexts.get(instance);
  if (!loading) {
    loading = import('virtual:locale-pages/es').then(
      (module) => void instance.addResourceBundle('es', 'translation', module.default, true, false),
      (error: unknown) => {
        pageTexts.delete(instance); // a failed fetch (offline) is tried again by the next page
        throw error;
      },
    );
    pageTexts.set(instance, loading);
  }
  return loading;
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
