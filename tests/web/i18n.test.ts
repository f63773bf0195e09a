import { describe, expect, it } from 'vitest';
import { missingTranslation, readStoredLanguage, switchLanguage } from '../../src/web/kernel/i18n';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { collapseDoublePeriod } from '../../src/domain/sentencePeriod';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('translations', () => {
  it('translate in Spanish and in English', () => {
    expect(createI18n('es').t('errors.internal')).toBe('Problemas técnicos. Inténtelo de nuevo más tarde.');
    expect(createI18n('en').t('sections.comparison')).toBe('Comparison');
  });

  it('show the default value, else the default interpolation parameter, else the key, when a text is missing', () => {
    const i18n = createI18n('es');
    expect(i18n.t('no.such.key', { defaultValue: 'Valor por defecto' })).toBe('Valor por defecto');
    expect(i18n.t('no.such.key', { default: 'Parámetro por defecto' })).toBe('Parámetro por defecto');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(missingTranslation('k', undefined, undefined)).toBe('k');
  });

  it('never end a sentence with two periods when the value put before its period ends in one', () => {
    for (const language of ['es', 'en'] as const) {
      const i18n = createI18n(language);
      const company = 'Grupo Demo S.A.';
      const text = i18n.t('register.subtitle_corporate', { company });
      expect(text).toContain(company);
      expect(text).not.toContain(`${company}.`);
      // A name without a final period keeps the text's own, and an ellipsis stays whole.
      expect(i18n.t('register.subtitle_corporate', { company: 'Acme' })).toContain('Acme.');
      expect(i18n.t('loading.label')).toMatch(/…$/);
    }
    expect(collapseDoublePeriod('Grupo Demo S.A.. Sigue')).toBe('Grupo Demo S.A. Sigue');
    expect(collapseDoublePeriod('Espere... o no.')).toBe('Espere... o no.');
    expect(collapseDoublePeriod('Fin.')).toBe('Fin.');
  });

  it('start in the stored language, Spanish otherwise', () => {
    expect(readStoredLanguage(memoryStorage({ [STORAGE_KEYS.appLanguage]: 'en' }))).toBe('en');
    expect(readStoredLanguage(memoryStorage({ [STORAGE_KEYS.appLanguage]: 'de' }))).toBe('es');
    expect(readStoredLanguage(memoryStorage())).toBe('es');
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredLanguage(blocked)).toBe('es');
  });

  it('remember a switch in localStorage appLanguage', async () => {
    const storage = memoryStorage();
    const i18n = createI18n('es');
    await switchLanguage(i18n, 'en', storage);
    expect(i18n.language).toBe('en');
    expect(storage.values.get('appLanguage')).toBe('en');
    expect(i18n.t('not_found.title')).toBe('Page not found');
  });
});
