// @vitest-environment happy-dom
// A long wait shows the outline of what is coming: once the loading machine says the load is slow, the spinner gives
// way to a skeleton of the page's shape (a table for lists, charts and figures for comparisons), "still working…" is
// said to screen readers only, and the region stays a busy status named by its label.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { LoadingSpinner } from '../../src/web/components/LoadingSpinner';
import type { SkeletonShape } from '../../src/web/components/LoadingSkeleton';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import { LOADING_SLOW_MS } from '../../src/domain/constants';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function renderSlow(skeleton: SkeletonShape, language: 'es' | 'en' = 'es') {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const i18n = createI18n(language);
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        <LoadingSpinner skeleton={skeleton} label={i18n.t('loading.label')} />
      </I18nextProvider>
    </ChakraProvider>,
  );
  const region = screen.getByTestId('page-loading');
  // Not slow yet: the spinner alone, nothing said beyond the label.
  expect(region.dataset.slow).toBe('false');
  expect(screen.queryByTestId('loading-skeleton')).toBeNull();
  expect(region.textContent).not.toContain(i18n.t('loading.slow'));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(LOADING_SLOW_MS);
  });
  vi.useRealTimers();
  const skeletonShown = await screen.findByTestId('loading-skeleton', {}, { timeout: 5_000 });
  return { i18n, region, skeletonShown };
}

describe('a slow load', () => {
  for (const language of ['es', 'en'] as const) {
    it(`outlines a list as a table, says "still working" to screen readers only (${language})`, async () => {
      const { i18n, region, skeletonShown } = await renderSlow('table', language);
      expect(region.dataset.slow).toBe('true');
      expect(region.getAttribute('role')).toBe('status');
      expect(region.getAttribute('aria-busy')).toBe('true');
      expect(region.getAttribute('aria-label')).toBe(i18n.t('loading.label'));
      expect(skeletonShown.dataset.shape).toBe('table');
      expect(skeletonShown.getAttribute('aria-hidden')).toBe('true');
      expect(skeletonShown.querySelectorAll('[data-part="row"]').length).toBeGreaterThan(1);
      // The words are there for assistive technology (the status region's text), the skeleton in their place on screen.
      const said = within(region).getByText(i18n.t('loading.slow'));
      expect(skeletonShown.contains(said)).toBe(false);
    });
  }

  it('outlines a comparison as charts with their figures', async () => {
    const { skeletonShown } = await renderSlow('comparison');
    expect(skeletonShown.dataset.shape).toBe('comparison');
    const charts = skeletonShown.querySelectorAll('[data-part="chart"]');
    expect(charts.length).toBeGreaterThan(0);
    expect(skeletonShown.querySelectorAll('[data-part="figure"]').length).toBeGreaterThan(charts.length);
  });
});
