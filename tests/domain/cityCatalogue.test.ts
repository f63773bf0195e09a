// The city catalogue: every city code has one country and one translated name in both languages, so no list
// (rankings across countries, saved searches, admin pages) falls back to showing a code.
import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { cityLabelKey, COUNTRIES, COUNTRY_CITIES, countryOfCity } from '../../src/domain/questionnaire';
import { choiceLabel, filterChoices } from '../../src/web/components/peerGroup/filterOptions';

const textOf = (locale: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);

describe('city catalogue', () => {
  it('gives each city its country', () => {
    expect(countryOfCity('san-francisco')).toBe('us');
    expect(countryOfCity('ciudad-de-mexico')).toBe('mx');
    expect(countryOfCity('sevilla')).toBe('es');
    expect(countryOfCity('atlantis')).toBeNull();
  });

  it('names every city in both languages through one key', () => {
    for (const country of COUNTRIES) {
      for (const city of COUNTRY_CITIES[country]) {
        const key = cityLabelKey(city);
        expect(key, city).toBe(`questionnaire.options.city.${city}`);
        expect(typeof textOf(es, key!), `es ${city}`).toBe('string');
        expect(typeof textOf(en, key!), `en ${city}`).toBe('string');
      }
    }
    expect(textOf(es, cityLabelKey('ciudad-de-mexico')!)).toBe('Ciudad de México');
    expect(textOf(en, cityLabelKey('ciudad-de-mexico')!)).toBe('Mexico City');
    expect(cityLabelKey('atlantis')).toBeNull();
  });

  it('labels a city filter value even when no country narrows the choices', () => {
    const choices = filterChoices(null, {}, [2026]);
    expect(choices.city).toEqual([]);
    expect(choiceLabel(choices, 'city', 'san-francisco')).toEqual({ value: 'san-francisco', labelKey: 'questionnaire.options.city.san-francisco' });
    // An unknown code is shown as it is rather than as an empty label.
    expect(choiceLabel(choices, 'city', 'atlantis')).toEqual({ value: 'atlantis', labelKey: '', label: 'atlantis' });
  });
});
