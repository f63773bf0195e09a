// The spine end to end: the browser loads the built app, which calls the server through the typed
// client, which reads the database; the language switch persists; unrouted paths are not found.
import { expect, test } from './fixtures';

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

  // Premium on (the default): the header also offers the personal views, which the plans unlock.
  await expect(page.getByTestId('header-sections').getByRole('link')).toHaveText([
    'Comparativa',
    'Comparativa personalizada',
    'Su evolución',
    'Su proyección de ingresos',
    'Mi cuestionario',
    'Ajustes',
  ]);

  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('home-hero-title')).toHaveText('Find out whether you are paid what you are worth');
  await expect(page.getByTestId('home-summary-forms')).toHaveText(new Intl.NumberFormat('en-US').format(summary.completedForms));
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('appLanguage'))).toBe('en');

  await page.reload();
  await expect(page.getByTestId('home-hero-title')).toHaveText('Find out whether you are paid what you are worth');
  await expect(page.getByTestId('header-sections').getByRole('link')).toHaveText([
    'Comparison',
    'Personalised comparison',
    'Your evolution',
    'Your income projection',
    'My questionnaire',
    'Settings',
  ]);
  expect(problems).toEqual([]);
});

test('the header leads to its sections (the signed-in ones through the sign-in page) and the footer to the information pages', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('nav-my_form').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Iniciar sesión · Paybench');
  await expect(page.getByTestId('account-sign-in')).toBeVisible();

  await page.getByTestId('footer-privacy').click();
  await expect(page.getByTestId('information-title')).toHaveText('Política de privacidad');
  await expect(page).toHaveTitle('Política de privacidad · Paybench');
});

test('an unrouted path shows the not-found page', async ({ page }) => {
  await page.goto('/example1');
  await expect(page.getByTestId('not-found-title')).toHaveText('Página no encontrada');
  await expect(page.getByTestId('app-header')).toBeVisible();
});
