// The real effects of the language machine: local storage appLanguage and the i18next instance.
import type { i18n as I18n } from 'i18next';
import { STORAGE_KEYS, type Language } from '../../src/domain/constants';

export function languageActions(
  storage: Pick<Storage, 'setItem'> | undefined,
  i18n: Pick<I18n, 'changeLanguage'>,
  document?: Pick<Document, 'documentElement'>,
) {
  return {
    storeLanguage: (_: unknown, params: { language: Language }) => {
      try {
        storage?.setItem(STORAGE_KEYS.appLanguage, params.language);
      } catch {
        // storage blocked: the switch holds for this visit
      }
    },
    applyLanguage: (_: unknown, params: { language: Language }) => {
      void i18n.changeLanguage(params.language);
      if (document) document.documentElement.lang = params.language;
    },
  };
}
