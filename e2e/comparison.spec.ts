// The comparison end to end on the real server: a corporate demo user with 1 credit searches (charts and
// position, the release the figures come from, their just-completed form counting from the next release), the
// next search is disabled and leads to buying credits, and one refused with 402 (credits spent elsewhere) gives the
// warning toast and lands on /my-account, the search waiting; a member compares for free; the demo comparison works
// signed out on the same published figures.
import { expect, test } from './fixtures';
import {
  DEMO,
  apiSignIn,
  bringCreditsTo,
  currentCredits,
  ensureCompletedForm,
  expectChartDrawn,
  signIn,
  waitForSearchable,
  watchProblems,
} from './comparison-support';

test('a corporate user with 1 credit compares (charts and position); at 0 credits the next search is disabled and leads to buying credits', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  // Through the app: the corporate user answers the questionnaire (so the result has a position) and is
  // brought to exactly 1 credit by searching (or by an admin adding credits).
  const corporate = await apiSignIn(request, DEMO.corporate);
  await ensureCompletedForm(request, corporate.token);
  await bringCreditsTo(request, DEMO.corporate, 1);

  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await expect(page.getByTestId('credit-balance')).toHaveText('1');
  await page.getByTestId('dashboard-start-search').click();
  await expect(page).toHaveURL(/\/comparison$/);
  await expect(page.getByTestId('comparison-cost')).toHaveAttribute('data-kind', 'credits');
  await expect(page.getByTestId('comparison-cost')).toContainText('Le queda 1 crédito');

  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();

  const result = page.getByTestId('comparison-result');
  await expect(result).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('comparison-credits-left')).toHaveText('Le quedan 0 créditos');
  await expectChartDrawn(page, 'totalWithoutDeferral');
  await expectChartDrawn(page, 'fixedSalary');
  // The own value is marked on the chart and the position is stated.
  await expect(page.getByTestId('distribution-chart-totalWithoutDeferral').getByText(/^Usted: /)).toBeVisible();
  const position = page.getByTestId('comparison-position');
  await expect(position).toContainText(/Percentil ≈\d+ del grupo \(según las cifras publicadas\)/);
  // The figures come from the release cut at start; the form completed above counts from the next one.
  await expect(page.getByTestId('comparison-release')).toHaveText(/^Cifras de la publicación n\.º \d+, cerrada el \d{1,2} de \S+ de \d{4}$/);
  await expect(page.getByTestId('comparison-next-release')).toContainText('cuentan a partir de la próxima publicación');
  await expect(page.getByTestId('comparison-result-count')).toHaveText(/^unas [\d.]+ personas$/);
  await expect(page.getByTestId('comparison-noise-note')).toContainText(/que típicamente lo aleja un \d+\s% de la realidad/);
  await expect(position).toContainText('185.000 €'.replace(' ', '\u00a0'));
  await expect(page.getByTestId('figure-totalWithoutDeferral-median-ci')).toHaveText(/^[\d.]+\s€ – [\d.]+\s€$/);
  await expect(page.getByTestId('figure-totalWithoutDeferral-n')).toHaveText(/^\d[\d.]*$/);

  // The with/without deferred switch swaps the total.
  await page.getByTestId('comparison-deferred-switch').click();
  await expectChartDrawn(page, 'deferredCompensation');
  await expect(page.getByTestId('comparison-position')).toContainText('200.000 €'.replace(' ', '\u00a0'));

  // CSV of the result.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('comparison-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^paybench-comparison-\d{4}\.csv$/);

  // No credits left: a new search (other filters) cannot start, and the panel says how to get credits.
  await page.getByTestId('filter-country').selectOption('es');
  await expect(result).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('comparison-count')).toHaveAttribute('data-status', 'known');
  await expect(page.getByTestId('comparison-search')).toBeDisabled();
  await expect(page.getByTestId('comparison-no-credits')).toContainText('Cada comparativa nueva cuesta 1 crédito');
  await page.getByTestId('comparison-no-credits').getByRole('link', { name: 'Comprar créditos' }).click();
  await expect(page).toHaveURL(/\/my-account\/my-credits$/);
  await expect(page.getByTestId('my-credits-page')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
  await expect(page.getByTestId('credit-packs')).toBeVisible();
  await expect(page.getByTestId('ledger-row').first()).toHaveAttribute('data-delta', '-1');
  expect(await currentCredits(request, corporate.token)).toBe(0);
  expect(problems).toEqual([]);
});

test('a corporate user with 0 credits running a comparison (refused 402): the warning toast, then /my-account with the search waiting', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  const corporate = await apiSignIn(request, DEMO.corporate);
  await ensureCompletedForm(request, corporate.token);
  await bringCreditsTo(request, DEMO.corporate, 1);

  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await page.goto('/comparison');
  await expect(page.getByTestId('comparison-cost')).toContainText('Le queda 1 crédito');
  await page.getByTestId('filter-country').selectOption('es');
  await waitForSearchable(page);
  // Meanwhile the last credit is spent elsewhere (another tab, a colleague's API call): the account has 0.
  await bringCreditsTo(request, DEMO.corporate, 0);

  const refused = page.waitForResponse((answer) => answer.url().includes('/api/forms/comparation') && answer.request().method() === 'POST');
  await page.getByTestId('comparison-search').click();
  expect((await refused).status()).toBe(402);
  // The credit gate of every paid view: the warning toast with the insufficient-credits title and
  // message, then /my-account, where the refused search waits to be resumed after buying credits.
  const toast = page.getByTestId('toast').filter({ hasText: 'Créditos insuficientes' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-status', 'warning');
  await expect(toast).toContainText('No tiene créditos suficientes para esta búsqueda. Compre un paquete de créditos para continuar.');
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByTestId('my-account-page')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
  await expect(page.getByTestId('pending-search')).toHaveAttribute('data-ready', 'false');
  await expect(page.getByTestId('pending-search-filters')).toContainText('España');
  // The toast stays about 8 s (not the default 3 s).
  await page.waitForTimeout(4_000);
  await expect(toast).toBeVisible();
  expect(await currentCredits(request, corporate.token)).toBe(0);
  expect(problems).toEqual([]);
});

test('a member compares for free and sees their position', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, DEMO.member, /\/comparison$/);
  await expect(page.getByTestId('comparison-cost')).toHaveAttribute('data-kind', 'free');
  await page.getByTestId('filter-country').selectOption('es');
  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
  await expectChartDrawn(page, 'totalWithoutDeferral');
  await expect(page.getByTestId('comparison-position')).toContainText(/Percentil ≈\d+ del grupo/);
  await expect(page.getByTestId('comparison-credits-left')).toHaveCount(0);
  // The member's seeded forms were in the release from its cut: nothing waits for the next one.
  await expect(page.getByTestId('comparison-release')).toBeVisible();
  await expect(page.getByTestId('comparison-next-release')).toHaveCount(0);

  // In English the euro figures are shown in dollars, converted with the release's rate, shown with its date.
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('comparison-position')).toContainText(/Percentile ≈\d+ of the group/);
  await expect(page.getByTestId('comparison-release')).toHaveText(/^Figures of release \d+, cut on \w+ \d{1,2}, \d{4}$/);
  await expect(page.getByTestId('figure-fixedSalary-median')).toHaveText(/^\$[\d,]+$/);
  await expect(page.getByTestId('comparison-conversion')).toContainText(
    /Amounts converted from Euro at €1 = \$\d\.\d{4} \(exchange rate of \w+ \d{1,2}, \d{4}/,
  );
  await expect(page.getByTestId('comparison-currency-note')).toHaveCount(0);
  // Only the rate names the euro: no figure is in euros any more.
  await expect(page.getByTestId('figure-fixedSalary-mean')).not.toContainText('€');
  await expect(page.getByTestId('comparison-position')).not.toContainText('€');
  expect(problems).toEqual([]);
});

test('the demo comparison works signed out, with a call to fill the questionnaire', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/demo-comparison');
  await expect(page.getByTestId('demo-comparison-page')).toBeVisible();
  await expect(page.getByTestId('comparison-cost')).toHaveAttribute('data-kind', 'demo');
  await expect(page.getByTestId('demo-cta-questionnaire')).toHaveAttribute('href', '/steps');
  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
  await expectChartDrawn(page, 'totalWithoutDeferral');
  await expect(page.getByTestId('comparison-no-position')).toBeVisible();
  // The same release as the signed-in comparison.
  await expect(page.getByTestId('comparison-release')).toBeVisible();

  // A group under the threshold: the count says "<5" and the search waits for wider filters.
  await page.getByTestId('filter-country').selectOption('ar');
  await page.getByTestId('filter-city').selectOption('cordoba');
  await page.getByTestId('filter-sector').selectOption('media');
  await expect(page.getByTestId('comparison-count')).toHaveAttribute('data-enough', 'false');
  await expect(page.getByTestId('comparison-count')).toContainText('<5');
  await expect(page.getByTestId('comparison-search')).toBeDisabled();
  expect(problems).toEqual([]);
});

test('code splitting: other pages load neither the comparison nor ApexCharts; the chart code comes with the first chart', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // Chunks are named by their first module; shared groups by the pages sharing them (lib~…, shared~…).
  const chart = (path: string) => /\/(DistributionChart|react-apexcharts)[.-]/.test(path);
  await page.goto('/home');
  await expect(page.getByTestId('home-hero-title')).toBeVisible();
  expect(scripts.filter((path) => chart(path) || /\/(ComparisonPage|useComparisonPage)-/.test(path))).toEqual([]);

  await page.getByTestId('home-cta-demo').click();
  await expect(page.getByTestId('demo-comparison-page')).toBeVisible();
  expect(scripts.some((path) => /\/DemoComparisonPage-/.test(path))).toBe(true);
  expect(scripts.filter(chart)).toEqual([]);

  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();
  await expectChartDrawn(page, 'totalWithoutDeferral');
  expect(scripts.filter((path) => /\/DistributionChart-/.test(path))).toHaveLength(1);
  expect(scripts.filter((path) => /\/react-apexcharts[.-]/.test(path))).toHaveLength(1);
});

test('"Ver mi comparativa": the member’s own peer group is compared on arrival; on a phone the answer comes first', async ({ page }) => {
  const problems = watchProblems(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.member, /\/comparison$/);
  await page.goto('/comparison?group=mine');
  // No filter to pick, no button to press: the result of the own group (widened if it had to be) is there.
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('comparison-own-group')).toBeVisible();
  await expect(page.getByTestId('comparison-page')).toHaveAttribute('data-layout', 'result-first');
  await expect(page.getByTestId('comparison-filters')).toBeHidden();
  // The result's heading is on the first screen, above the filters' button; nothing of the filters before it.
  const heading = (await page.locator('#comparison-result-title').boundingBox())!;
  expect(heading.y + heading.height).toBeLessThanOrEqual(844);
  const toggle = page.getByTestId('comparison-change-filters');
  expect((await toggle.boundingBox())!.y).toBeLessThan(heading.y);
  await toggle.click();
  await expect(page.getByTestId('comparison-filters')).toBeVisible();
  await expect(page.getByTestId('filter-positionLevel')).not.toHaveValue('');
  // The button counts the filters set in the panel it opens.
  const set = await page
    .getByTestId('comparison-filters')
    .locator('select')
    .evaluateAll((selects) => selects.filter((select) => (select as HTMLSelectElement).value !== '').length);
  expect(set).toBeGreaterThan(0);
  await expect(toggle).toHaveText(`Filtros (${set})`);
  // On a laptop the panel stands beside the result as before, with no button.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByTestId('comparison-page')).toHaveAttribute('data-layout', 'filters-first');
  await expect(page.getByTestId('comparison-filters')).toBeVisible();
  await expect(toggle).toHaveCount(0);
  expect(problems).toEqual([]);
});
