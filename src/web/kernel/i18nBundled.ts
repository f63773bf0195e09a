// Both languages bundled, ready at once: tests, and anything that renders outside the browser app. Kept out of
// i18n.ts so the browser's first load does not carry the English texts (they are fetched when chosen: a static
// import of en.json anywhere in the app would pin it to the first chunk).
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '@locales/es.json';
import en from '@locales/en.json';
import type { Language } from '../../domain/constants';
import { options, sentencePeriod } from './i18n';

export const resources = { es: { translation: es }, en: { translation: en } } as const;

export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(sentencePeriod)
    .use(initReactI18next)
    .init({ ...options, resources, lng: language, initAsync: false });
  return instance;
}
