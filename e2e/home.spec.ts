// The spine end to end: the browser loads the built app, which calls the server through the typed
// client, which reads the database; the language switch persists; unrouted paths are not found.
import { expect, test } from '@playwright/test';

test('the home page shows live figures from the server, in Spanish then English, and remembers the language', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  const answer = await request.get('/api/public-summary');
  expect(answer.ok()).toBe(true);
  const summary = (await answer.json()) as { completedForms: number; countries: number; sectors: number; latestYear: number | null };
  expect(summary.completedForms).toBeGreaterThan(0);

  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('home-hero-title')).toHaveText('Sepa si le pagan lo que vale');

  const spanish = new Intl.NumberFormat('es-ES');
  await expect(page.getByTestId('home-summary-forms')).toHaveText(spanish.format(summary.completedForms));
  await expect(page.getByTestId('home-summary-countries')).toHaveText(spanish.format(summary.countries));
  await expect(page.getByTestId('home-summary-sectors')).toHaveText(spanish.format(summary.sectors));
  await expect(page.getByTestId('home-summary-latest-year')).toHaveText(String(summary.latestYear));

  // Premium flag off in this build: three header sections.
  await expect(page.getByTestId('header-sections').getByRole('link')).toHaveText(['Comparativa', 'Mi cuestionario', 'Ajustes']);

  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('home-hero-title')).toHaveText('Find out whether you are paid what you are worth');
  await expect(page.getByTestId('home-summary-forms')).toHaveText(new Intl.NumberFormat('en-US').format(summary.completedForms));
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('appLanguage'))).toBe('en');

  await page.reload();
  await expect(page.getByTestId('home-hero-title')).toHaveText('Find out whether you are paid what you are worth');
  await expect(page.getByTestId('header-sections').getByRole('link')).toHaveText(['Comparison', 'My questionnaire', 'Settings']);
  expect(problems).toEqual([]);
});

test('the header and the account menu lead to sections of a later release, named in the current language', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('nav-comparison').click();
  await expect(page).toHaveURL(/\/comparison$/);
  await expect(page.getByTestId('coming-soon')).toHaveAttribute('data-section', 'comparison');
  await expect(page.getByTestId('coming-soon-title')).toHaveText('Comparativa');
  await expect(page).toHaveTitle('Comparativa · Paybench');
  await expect(page.getByTestId('nav-comparison')).toHaveAttribute('aria-current', 'page');

  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-my_credits').click();
  await expect(page).toHaveURL(/\/my-account\/my-credits$/);
  await expect(page.getByTestId('coming-soon-title')).toHaveText('Mis créditos');

  await page.getByTestId('footer-privacy').click();
  await expect(page.getByTestId('coming-soon-title')).toHaveText('Política de privacidad');
});

test('an unrouted path shows the not-found page', async ({ page }) => {
  await page.goto('/example1');
  await expect(page.getByTestId('not-found-title')).toHaveText('Página no encontrada');
  await expect(page.getByTestId('app-header')).toBeVisible();
});
