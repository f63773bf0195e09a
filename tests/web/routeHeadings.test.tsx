// @vitest-environment happy-dom
// Pages whose heading does not depend on their data (routes.ts `heading`) show it while their code and texts
// load, in the place the page draws it: the heading's texts ship in the first load (the core locale part), and
// the loading state and the page share one frame and one heading component.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { PAGE_SECTIONS, splitLocale } from '../../scripts/vite-locale-split';
import { appRoutes, routeHeadingKeys, QUESTIONNAIRE_HEADING } from '../../src/domain/routes';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import { system } from '../../src/web/kernel/theme';
import { PageIntro, PageIntroLoading } from '../../src/web/components/PageIntro';

afterEach(cleanup);

const locale = (language: 'es' | 'en') => JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, unknown>;
const textAt = (texts: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('route headings', () => {
  it('are declared for the public questionnaire, the demo comparison and the comparison', () => {
    const withHeading = appRoutes.filter((route) => route.heading).map((route) => route.path);
    expect(withHeading).toEqual(expect.arrayContaining(['steps', 'steps/3', 'steps/done', 'demo-comparison', 'comparison']));
    expect(withHeading).not.toContain('my-form-editor'); // its title names the form's year, known only with the form
  });

  it.each(['es', 'en'] as const)('ship in the first load (%s): the core locale part carries each heading text', (language) => {
    const texts = locale(language);
    const core = splitLocale(texts, 'core');
    for (const key of routeHeadingKeys()) {
      expect(typeof textAt(texts, key), key).toBe('string');
      expect(textAt(core, key), key).toBe(textAt(texts, key));
    }
  });

  it('add only their own texts of a page section to the core part', () => {
    const texts = locale('es');
    const core = splitLocale(texts, 'core');
    expect(Object.keys(core.questionnaire as object).sort()).toEqual(['intro', 'title']);
    expect(Object.keys(core.comparison as object).sort()).toEqual(['heading', 'intro']);
    expect(Object.keys((core.comparison as { heading: object }).heading).sort()).toEqual(['comparison', 'demo']);
    const pageSectionsInCore = PAGE_SECTIONS.filter((section) => section in core);
    expect(pageSectionsInCore.sort()).toEqual(['comparison', 'questionnaire']);
    // Without heading keys, no page section is in the core.
    expect(PAGE_SECTIONS.filter((section) => section in splitLocale(texts, 'core', []))).toEqual([]);
  });

  it('stop the build when a heading names a text that does not exist', () => {
    expect(() => splitLocale(locale('es'), 'core', ['questionnaire.no_such_text'])).toThrow(/no text at questionnaire\.no_such_text/);
  });
});

describe('the loading state of a page with a heading', () => {
  it('shows the heading in the frame the page uses, above the loading spinner', () => {
    const i18n = createI18n('es');
    const { container } = render(
      <ChakraProvider value={system}>
        <I18nextProvider i18n={i18n}>
          <PageIntroLoading heading={QUESTIONNAIRE_HEADING} />
        </I18nextProvider>
      </ChakraProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18n.t('questionnaire.title'));
    expect(screen.getByText(i18n.t('questionnaire.intro'))).toBeTruthy();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    const loadingHeading = container.querySelector('h1')!;

    // The page's own heading (PageIntro) renders the same element with the same classes.
    cleanup();
    render(
      <ChakraProvider value={system}>
        <PageIntro title={i18n.t('questionnaire.title')} intro={i18n.t('questionnaire.intro')} testId="questionnaire-title" />
      </ChakraProvider>,
    );
    const pageHeading = screen.getByTestId('questionnaire-title');
    expect(pageHeading.className).toBe(loadingHeading.className);
    expect(pageHeading.textContent).toBe(loadingHeading.textContent);
  });
});
