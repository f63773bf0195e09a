// The real effects of the language machine: local storage appLanguage, the i18next instance and the signed-in
// person's account (the language e-mails and payment pages use).
import type { i18n as I18n } from 'i18next';
import { STORAGE_KEYS, type Language } from '../../src/domain/constants';

/** Saves the language on the signed-in person's account; does nothing without a session. */
export type SaveLanguageOnAccount = (language: Language) => void;

export function languageActions(
  storage: Pick<Storage, 'setItem'> | undefined,
  i18n: Pick<I18n, 'changeLanguage'>,
  document?: Pick<Document, 'documentElement'>,
  saveOnAccount?: SaveLanguageOnAccount,
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
    saveLanguageOnAccount: (_: unknown, params: { language: Language }) => saveOnAccount?.(params.language),
  };
}
