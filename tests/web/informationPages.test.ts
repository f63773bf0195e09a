// The information pages have real content in both languages, and the privacy page states the privacy
// threshold of DESIGN.md §4.
import { describe, expect, it } from 'vitest';
import { INFORMATION_PAGES, blocksOf } from '../../src/web/features/info/InformationPage';
import { createI18n } from '../../src/web/app/i18n';

const values = { threshold: 5, tail: 10, rounding: 100 };

describe('information pages', () => {
  it.each(['es', 'en'] as const)('every section of every page has a title and a text in %s', (language) => {
    const i18n = createI18n(language);
    for (const [page, sections] of Object.entries(INFORMATION_PAGES)) {
      expect(i18n.exists(`info.${page}.intro`), `${page}.intro`).toBe(true);
      for (const section of sections) {
        for (const part of ['title', 'text']) {
          const key = `info.${page}.${section}.${part}`;
          expect(i18n.exists(key), key).toBe(true);
          expect(i18n.t(key, values)).not.toMatch(/{{/);
        }
      }
    }
  });

  it('the privacy page states what is stored, the threshold (5, p10/p90 from 10, rounding to 100), the rights, export and delete', () => {
    const es = createI18n('es');
    const threshold = es.t('info.privacy.threshold.text', values);
    expect(threshold).toContain('Ninguna estadística se calcula con menos de 5 personas');
    expect(threshold).toContain('Los percentiles 10 y 90 necesitan al menos 10 personas');
    expect(threshold).toContain('se redondean a los 100 más cercanos');
    expect(threshold).toContain('Nunca mostramos un mínimo ni un máximo');
    expect(es.t('info.privacy.stored.text')).toContain('correo electrónico');
    expect(es.t('info.privacy.rights.text')).toContain('Supresión');
    expect(es.t('info.privacy.export_delete.text')).toContain('Eliminar mi cuenta');
    const en = createI18n('en');
    expect(en.t('info.privacy.threshold.text', values)).toContain('No statistic is computed from fewer than 5 people');
    expect(en.t('info.privacy.threshold.text', values)).toContain('rounded to the nearest 100');
  });

  it('a text holds paragraphs and "- " lists', () => {
    expect(blocksOf('One.\n\n- a\n- b\n\nTwo\nlines.')).toEqual([
      { kind: 'paragraph', text: 'One.' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'Two lines.' },
    ]);
  });
});
