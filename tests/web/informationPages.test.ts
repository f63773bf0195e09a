// The information pages have real content in both languages, and the privacy page states the privacy
// threshold of DESIGN.md §4.
import { describe, expect, it } from 'vitest';
import { INFORMATION_PAGES, blocksOf, methodologyValues } from '../../src/web/features/info/InformationPage';
import { createI18n } from '../../src/web/app/i18nBundled';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../src/domain/constants';

const values = methodologyValues(5, 'es');

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

  it('the privacy page states what is stored, the thresholds (5, quartiles, p10/p90), releases, noise, rounding to 100, the rights, export and delete', () => {
    const es = createI18n('es');
    const threshold = es.t('info.privacy.threshold.text', values);
    expect(threshold).toContain('Ninguna estadística se calcula con menos de 5 personas');
    expect(threshold).toContain(`La mediana y los cuartiles necesitan al menos ${QUARTILE_MINIMUM} personas`);
    expect(threshold).toContain(`Los percentiles 10 y 90 necesitan al menos ${TAIL_PERCENTILE_MINIMUM} personas`);
    expect(threshold).toContain('un cambio cuenta a partir de la siguiente publicación');
    expect(threshold).toContain('el recuento se mueve hasta 2 y se redondea a un múltiplo de 5');
    expect(threshold).toContain('como mucho ± 3,3\u00a0% de la retribución típica en un grupo de 50 personas');
    expect(threshold).toContain('se redondean a los 100 más cercanos');
    expect(threshold).toContain('Nunca mostramos un mínimo ni un máximo');
    expect(es.t('info.privacy.stored.text')).toContain('correo electrónico');
    expect(es.t('info.privacy.rights.text')).toContain('Supresión');
    expect(es.t('info.privacy.export_delete.text')).toContain('Eliminar mi cuenta');
    const en = createI18n('en');
    expect(en.t('info.privacy.threshold.text', values)).toContain('No statistic is computed from fewer than 5 people');
    expect(en.t('info.privacy.threshold.text', values)).toContain('rounded to the nearest 100');
  });

  it('the FAQ explains releases and the perturbation in plain words, with the bounds the server uses', () => {
    const en = createI18n('en');
    const enValues = methodologyValues(5, 'en');
    expect(en.t('info.faqs.releases.text', enValues)).toContain('A questionnaire you complete or change counts from the next release.');
    const noise = en.t('info.faqs.noise.text', enValues);
    expect(noise).toContain('the same people always get the same figures');
    expect(noise).toContain('± 9.4% for 20 people, ± 3.3% for 50 and ± 0.8% for 200');
    expect(en.t('info.faqs.threshold.text', enValues)).toContain(`the median and the quartiles (and with them your position) need ${QUARTILE_MINIMUM}`);
  });

  it('a text holds paragraphs and "- " lists', () => {
    expect(blocksOf('One.\n\n- a\n- b\n\nTwo\nlines.')).toEqual([
      { kind: 'paragraph', text: 'One.' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'Two lines.' },
    ]);
  });
});
