// Pure snapshot → view model of the language machine: the switch in the header and in settings.
import type { SnapshotFrom } from 'xstate';
import { LANGUAGES, type Language } from '../../src/domain/constants';
import { NUMBER_LOCALE, DISPLAY_CURRENCY } from '../../src/domain/language';
import type { LanguageMachine } from './languageMachine';

export type LanguageSnapshot = SnapshotFrom<LanguageMachine>;

export interface LanguageOption {
  language: Language;
  selected: boolean;
  /** Translation keys of the option's name and short label. */
  labelKey: `language.${Language}`;
  shortLabelKey: `language.${Language}_short`;
}

export interface LanguageView {
  language: Language;
  /** Number locale of money and counts (es-ES / en-US). */
  locale: string;
  /** Display currency (EUR / USD). */
  currency: string;
  options: LanguageOption[];
}

export function selectLanguage(snapshot: LanguageSnapshot): Language {
  return snapshot.context.language;
}

export function languageView(snapshot: LanguageSnapshot): LanguageView {
  const language = selectLanguage(snapshot);
  return {
    language,
    locale: NUMBER_LOCALE[language],
    currency: DISPLAY_CURRENCY[language],
    options: LANGUAGES.map((option) => ({
      language: option,
      selected: option === language,
      labelKey: `language.${option}` as const,
      shortLabelKey: `language.${option}_short` as const,
    })),
  };
}
