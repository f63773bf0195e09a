// @vitest-environment happy-dom
// A peer group's chips before the questionnaire definition has loaded (or when it could not be): every value is
// named in the reader's language from the first render, never shown as its stored code ("banking", "es").
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { FilterSummary } from '../../src/web/components/peerGroup/FilterSummary';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import type { Language } from '../../src/domain/constants';
import type { PeerGroupFilters } from '../../src/domain/peerGroupFilters';

afterEach(cleanup);

const filters: PeerGroupFilters = {
  country: 'es',
  city: 'madrid',
  sector: 'banking',
  positionLevel: 'executive-committee',
  functionalArea: 'human-resources',
  companySize: '1000-4999',
  companyType: 'multinational-subsidiary',
  gender: 'female',
  experienceBand: '10-15',
  year: 2025,
};

function renderChips(language: Language) {
  const i18n = createI18n(language);
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        <FilterSummary filters={filters} definition={null} years={[2025]} testId="chips" />
      </I18nextProvider>
    </ChakraProvider>,
  );
  return i18n;
}

describe('filter chips without the served definition', () => {
  it.each(['es', 'en'] as const)('name every value in %s, never its code', (language) => {
    const i18n = renderChips(language);
    const chips = screen.getByTestId('chips');
    const texts = Array.from(chips.children, (chip) => chip.textContent ?? '');
    expect(texts).toHaveLength(Object.keys(filters).length);
    const labelOf = (field: string, key: string) => `${i18n.t(`comparison.filters.fields.${field}`)}: ${i18n.t(key)}`;
    expect(texts).toEqual(
      expect.arrayContaining([
        labelOf('country', 'questionnaire.options.country.es'),
        labelOf('city', 'questionnaire.options.city.madrid'),
        labelOf('sector', 'questionnaire.options.sector.banking'),
        labelOf('positionLevel', 'questionnaire.options.positionLevel.executive-committee'),
        labelOf('functionalArea', 'questionnaire.options.functionalArea.human-resources'),
        labelOf('companySize', 'questionnaire.options.companySize.1000-4999'),
        labelOf('companyType', 'questionnaire.options.companyType.multinational-subsidiary'),
        labelOf('gender', 'questionnaire.options.gender.female'),
        labelOf('experienceBand', 'comparison.experience_bands.10-15'),
      ]),
    );
    for (const [field, value] of Object.entries(filters)) {
      if (field === 'year') continue;
      const shown = texts.find((text) => text.startsWith(`${i18n.t(`comparison.filters.fields.${field}`)}:`))!;
      expect(shown.split(': ')[1], field).not.toBe(String(value));
    }
  });
});
