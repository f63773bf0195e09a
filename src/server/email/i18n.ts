// The e-mails' texts: the `email` section of locales/es.json and locales/en.json (the same files as the web app,
// checked by the same key-parity test), read once through an i18next instance of the server's own. The web app
// never loads that section (scripts/vite-locale-split.ts, SERVER_SECTIONS).
//
// Texts come back plain, interpolated values included: a text part uses them as they are, and an HTML part escapes
// each whole text with escapeHtml (the translation's own characters as well as the values put into it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { LANGUAGES, type Language } from '../../domain/constants';
import { collapseDoublePeriod } from '../../domain/sentencePeriod';

type Section = Record<string, unknown>;

const readLocale = (language: Language) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../locales/${language}.json`, import.meta.url)), 'utf8')) as Record<string, Section>;

/**
 * Texts the server writes (e-mails, the negotiation brief's PDF) from chosen sections of the locale files, through an
 * i18next instance of their own: `select` picks the sections, and `text(language, key, values)` reads one.
 */
export function serverTexts(select: (all: Record<string, Section>) => Section) {
  const instance = i18next.createInstance();
  // A value ending in a period at the end of a sentence ("… {{company}}.") leaves one period (src/domain/sentencePeriod.ts).
  void instance.use({ type: 'postProcessor', name: 'sentencePeriod', process: (value: string) => collapseDoublePeriod(value) }).init({
    resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: select(readLocale(language)) }])),
    lng: 'es',
    supportedLngs: [...LANGUAGES],
    // Both files carry the same keys (tests/web/locales.test.ts): a missing one is a bug, shown as its key.
    fallbackLng: false,
    // Plain texts; an HTML part escapes them whole (escapeHtml).
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    postProcess: ['sentencePeriod'],
    initAsync: false,
  });
  return (language: Language, key: string, values: Record<string, string | number> = {}): string => instance.t(key, { ...values, lng: language });
}

const emailText = serverTexts((all) => ({ email: all.email }));

/** The recipient's language: English when asked for, Spanish (the default) otherwise. */
export const mailLanguage = (language: string): Language => (language === 'en' ? 'en' : 'es');

/** A text of the `email` section (`key` without the `email.` prefix), in the recipient's language. */
export function mailText(language: Language, key: string, values: Record<string, string | number> = {}): string {
  return emailText(language, `email.${key}`, values);
}

/** For the HTML part of a mail. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
