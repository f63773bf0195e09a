// @vitest-environment happy-dom
// The home page renders every state of its figures: loading, figures, not enough data (zeros), failure.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { HomeView, type HomeViewProps } from '../../src/web/features/home/HomeView';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import type { Language } from '../../src/domain/constants';

afterEach(cleanup);

function renderHome(summary: HomeViewProps['summary'], language: Language = 'es') {
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n(language)}>
        <MemoryRouter>
          <HomeView summary={summary} privacyThreshold={5} language={language} />
        </MemoryRouter>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

const figures = { completedForms: 12_340, countries: 7, sectors: 14, latestYear: 2025, surveyYears: [2023, 2024, 2025] };

describe('home page', () => {
  it('shows the hero, what Paybench does and the privacy promise', () => {
    renderHome({ status: 'loading' });
    expect(screen.getByTestId('home-hero-title').textContent).toBe('Sepa si le pagan lo que vale');
    expect(screen.getByTestId('home-cta-start').getAttribute('href')).toBe('/steps');
    expect(screen.getByTestId('home-cta-demo').getAttribute('href')).toBe('/demo-comparison');
    for (const feature of ['comparison', 'personalized', 'evolution', 'projection']) expect(screen.getByTestId(`home-feature-${feature}`)).toBeTruthy();
    expect(screen.getByTestId('home-privacy').textContent).toContain('menos de 5 personas');
  });

  it('shows placeholders while the figures load', () => {
    renderHome({ status: 'loading' });
    expect(screen.getByTestId('home-summary-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('home-summary-forms')).toBeNull();
  });

  it('shows the figures in the reader’s number format; the year without separator', () => {
    renderHome({ status: 'ready', data: figures }, 'es');
    expect(screen.getByTestId('home-summary-forms').textContent).toBe('12.340');
    expect(screen.getByTestId('home-summary-countries').textContent).toBe('7');
    expect(screen.getByTestId('home-summary-sectors').textContent).toBe('14');
    expect(screen.getByTestId('home-summary-latest-year').textContent).toBe('2025');
    cleanup();
    renderHome({ status: 'ready', data: figures }, 'en');
    expect(screen.getByTestId('home-summary-forms').textContent).toBe('12,340');
    expect(screen.getByTestId('home-summary-latest-year').textContent).toBe('2025');
  });

  it('says there is not enough data when the server answers zeros', () => {
    renderHome({ status: 'ready', data: { completedForms: 0, countries: 0, sectors: 0, latestYear: null, surveyYears: [] } });
    expect(screen.getByTestId('home-summary-empty').textContent).toContain('Todavía no hay datos suficientes');
    expect(screen.queryByTestId('home-summary-forms')).toBeNull();
    expect(screen.getByTestId('home-hero')).toBeTruthy();
  });

  it('says the figures are unavailable when the call fails', () => {
    renderHome({ status: 'failed', failure: { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null } }, 'en');
    expect(screen.getByTestId('home-summary-error').textContent).toBe('The figures are not available right now. Please try again later.');
  });
});
