// The real effects of the language machine: local storage appLanguage, the i18next instance and the signed-in
// person's account (the language e-mails and payment pages use).
import type { i18n as I18n } from 'i18next';
import { STORAGE_KEYS, type Language } from '../../src/domain/constants';

/** Saves the language on the signed-in person's account; does nothing without a session. */
export type SaveLanguageOnAccount = (language: Language) => void;

export function languageActions(
  storage: Pick<Storage, 'setItem'> | undefined,
  i18n: Pick<I18n, 'changeLanguage' | 'language'>,
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
      // The page's lang changes once the texts have (English is fetched on its first use): meanwhile the page still
      // speaks the old language, and a screen reader must read it as such. A later switch wins.
      void i18n.changeLanguage(params.language).then(() => {
        if (document && i18n.language === params.language) document.documentElement.lang = params.language;
      });
    },
    saveLanguageOnAccount: (_: unknown, params: { language: Language }) => saveOnAccount?.(params.language),
  };
}
