// The information pages have real content in both languages, and the privacy page states the privacy
// threshold of docs/statistics-and-privacy.md.
import { describe, expect, it } from 'vitest';
import { INFORMATION_PAGES, blocksOf } from '../../src/web/features/info/InformationPage';
import { methodologyValues } from '../../src/domain/methodologyValues';
import { METHODOLOGY_SECTIONS } from '../../src/web/features/methodology/MethodologyPage';
import { createI18n } from '../../src/web/kernel/i18nBundled';
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

  it('the privacy page states what is stored, the thresholds (5, quartiles, p10/p90), releases, the infusion and what can and cannot be learned, rounding to 100, the rights, export and delete', () => {
    const es = createI18n('es');
    const threshold = es.t('info.privacy.threshold.text', values);
    expect(threshold).toContain('Ninguna estadística se calcula con menos de 5 personas');
    expect(threshold).toContain(`La mediana y los cuartiles necesitan al menos ${QUARTILE_MINIMUM} personas`);
    expect(threshold).toContain(`Los percentiles 10 y 90 necesitan al menos ${TAIL_PERCENTILE_MINIMUM} personas`);
    expect(threshold).toContain('un cambio cuenta a partir de la siguiente publicación');
    expect(threshold).toContain('El recuento se mueve hasta 2 y se redondea a un múltiplo de 5');
    expect(threshold).toContain(
      'un factor de distorsión secreto, solo suyo y distinto para cada importe: una parte es permanente y otra se sortea de nuevo en cada año de encuesta',
    );
    expect(threshold).toContain(`Típicamente aleja el importe un ${values.factorTypical} de la realidad`);
    expect(threshold).toContain('si borra su cuenta y vuelve a registrarse con la misma dirección, tendrá el mismo factor');
    expect(threshold).toContain('cada cuestionario añade una pequeña variación de hasta un 5\u00a0%');
    expect(threshold).toContain('usted siempre ve sus propias respuestas sin cambios');
    // What anyone can learn and what no one can.
    expect(threshold).toContain(
      'Lo que cualquiera puede saber: que alguna persona con un perfil determinado ha entrado en un grupo, ha salido de él o ha cambiado sus respuestas entre dos publicaciones',
    );
    expect(threshold).toContain('Un grupo sin cambios muestra exactamente las mismas cifras');
    expect(threshold).toContain(
      'Lo que nadie puede saber, por muchas preguntas que haga o muchas cuentas que abra: su retribución con mucha más precisión de la que ya dan las cifras publicadas de su grupo',
    );
    expect(threshold).toContain(values.attackerError);
    expect(threshold).not.toMatch(/ruido|retribución típica|±/);
    expect(threshold).toContain('se redondean a los 100 más cercanos');
    expect(threshold).toContain('Nunca mostramos un mínimo ni un máximo');
    expect(es.t('info.privacy.stored.text')).toContain('correo electrónico');
    expect(es.t('info.privacy.rights.text')).toContain('Supresión');
    expect(es.t('info.privacy.export_delete.text')).toContain('Eliminar mi cuenta');
    const en = createI18n('en');
    expect(en.t('info.privacy.threshold.text', values)).toContain('No statistic is computed from fewer than 5 people');
    expect(en.t('info.privacy.threshold.text', values)).toContain('rounded to the nearest 100');
    const enThreshold = en.t('info.privacy.threshold.text', methodologyValues(5, 'en'));
    expect(enThreshold).toContain(`${methodologyValues(5, 'en').factorTypical} away from the truth`);
    expect(enThreshold).toContain(
      'What anyone can learn: that some person with a given profile joined a group, left it or changed their answers between two releases',
    );
    expect(enThreshold).toContain(
      "What no one can learn, however many questions they ask or accounts they open: your pay much more precisely than your group's own published figures already tell",
    );
  });

  it('the FAQ explains releases and the perturbation in plain words, with the bounds the server uses', () => {
    const en = createI18n('en');
    const enValues = methodologyValues(5, 'en');
    expect(en.t('info.faqs.releases.text', enValues)).toContain('A questionnaire you complete or change counts from the next release.');
    const noise = en.t('info.faqs.noise.text', enValues);
    expect(noise).toContain('The same people with the same answers always get the same figures, however you ask.');
    expect(noise).toContain(
      `It typically moves the amount ${enValues.factorTypical} away from the truth, up or down; for one person in ten it moves it more than ${enValues.factorWide}`,
    );
    expect(noise).toContain('up to 5%, which changes when its amounts change');
    expect(noise).toContain('someone with that profile joined, left or changed their answers');
    expect(noise).not.toMatch(/cell key|typical pay|±/);
    const es = createI18n('es');
    expect(es.t('info.faqs.noise.text', values)).toContain(values.factorTypical);
    expect(es.t('info.faqs.noise.text', values)).toContain(values.factorWide);
    expect(en.t('info.faqs.threshold.text', enValues)).toContain(`the median and the quartiles (and with them your position) need ${QUARTILE_MINIMUM}`);
  });

  it.each(['es', 'en'] as const)('every section of the methodology has a title and a text in %s, every value filled in', (language) => {
    const i18n = createI18n(language);
    const languageValues = methodologyValues(5, language);
    expect(i18n.t('methodology.intro', languageValues)).not.toMatch(/{{/);
    for (const section of METHODOLOGY_SECTIONS) {
      for (const part of ['title', 'text']) {
        const key = `methodology.${section}.${part}`;
        expect(i18n.exists(key), key).toBe(true);
        expect(i18n.t(key, languageValues), key).not.toMatch(/{{/);
      }
    }
  });

  it('the methodology states the infusion and, plainly, what anyone can learn and what no one can', () => {
    const es = createI18n('es');
    const differencing = es.t('methodology.differencing.text', values);
    expect(differencing).toContain(values.factorTypical);
    expect(differencing).toContain('de hasta un 5\u00a0% arriba o abajo');
    expect(differencing).toContain('se mueve hasta 2 arriba o abajo y se redondea a un múltiplo de 5, nunca por debajo de 5');
    expect(differencing).not.toMatch(/clave de celda|retribución típica|±/);
    const learn = es.t('methodology.learn.text', values);
    expect(learn).toContain(
      'Que alguna persona con un perfil determinado ha entrado en un grupo, ha salido de él o ha cambiado sus respuestas entre dos publicaciones',
    );
    expect(learn).toContain('el grupo muestra exactamente las mismas cifras');
    expect(learn).toContain('Lo que promete la distorsión se mide frente a lo que ya revelan las cifras del propio grupo.');
    expect(learn).toContain(values.baselineError);
    expect(learn).toContain(values.attackerError);
    expect(es.t('methodology.percentiles.text', values)).toContain('nunca sobre el real');
    const en = createI18n('en');
    const enValues = methodologyValues(5, 'en');
    expect(en.t('methodology.learn.text', enValues)).toContain("Anyone who takes the published median of a person's group as that person's pay is typically");
    expect(en.t('methodology.learn.text', enValues)).toContain(`${enValues.attackerError} off`);
    expect(en.t('methodology.position.text', enValues)).toContain('You always see your own answers unchanged');
  });

  it('a text holds paragraphs and "- " lists', () => {
    expect(blocksOf('One.\n\n- a\n- b\n\nTwo\nlines.')).toEqual([
      { kind: 'paragraph', text: 'One.' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'Two lines.' },
    ]);
  });
});
