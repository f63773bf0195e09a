// The personal views end to end on the real server (600 seeded forms) with the premium demo member (a plan with every
// view; what each plan includes: tests/server/entitlements.test.ts and e2e/premium.spec.ts), a director in Spanish
// banking with completed forms of every survey year and their own estimates from step 5 (−5 %, −3 %): the
// personalised comparison (gauges with the perception beside the measured difference, the peer group, box plots,
// insights), the evolution (chart, figures per year, the nominal/real switch, the comparison's filter panel) and the
// income projection; and, for the demo corporate user, an evolution's price and its free re-opening from my-searches.
import { expect, test, type Page } from './fixtures';
import { signInAs } from './auth-support';
import { DEMO, apiSignIn, bearer, currentCredits, signIn } from './comparison-support';

// The machine is shared by many test runs: generous but finite waits.
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 45_000 };

async function expectTrendChartDrawn(page: Page, testId: string) {
  const chart = page.getByTestId(testId);
  await expect(chart.locator('svg.apexcharts-svg')).toBeVisible(SLOW);
  await expect(chart.locator('.apexcharts-line-series, .apexcharts-rangeArea-series').first()).toBeAttached(SLOW);
}

test('the personalised comparison shows the perception beside the measured difference, the peer group and its box plots', async ({ page }) => {
  await signInAs(page, 'premium');
  await page.goto('/personalized-comparison');
  await expect(page.getByTestId('personal-comparison-page')).toHaveAttribute('data-phase', 'result', SLOW);

  for (const measure of ['totalWithoutDeferral', 'totalWithDeferral']) {
    const measured = page.getByTestId(`gauge-measured-${measure}`);
    await expect(measured).toBeVisible();
    // "Creía −5 %, está en +N %": the estimate from step 5 beside the measured figure.
    const perceived = measure === 'totalWithoutDeferral' ? '5' : '3';
    await expect(measured).toContainText(new RegExp(`Creía\\s*[-−]${perceived}\\s*%, está en`));
    const value = Number(await measured.getAttribute('data-value'));
    expect(Number.isFinite(value)).toBe(true);
    const meter = page.getByTestId(`gauge-meter-${measure}`);
    await expect(meter).toHaveAttribute('role', 'meter');
    // The needle shows the difference, pinned to the scale when it lies beyond.
    const shown = Number(await meter.getAttribute('aria-valuenow'));
    expect(shown).toBeCloseTo(Math.max(-30, Math.min(30, value)), 5);
  }

  await expect(page.getByTestId('personal-group-filters')).toBeVisible();
  await expect(page.getByTestId('personal-steps').locator('li[data-status="used"]')).toHaveCount(1);
  await expect(page.getByTestId('personal-release')).toContainText('Cifras del');
  await expect(page.getByTestId('personal-box-totalWithDeferral').locator('svg.apexcharts-svg')).toBeVisible(SLOW);
  await expect(page.getByTestId('insights')).toHaveAttribute('data-phase', 'ready', SLOW);
  await expect(page.getByTestId('insight-averageByCountry')).toBeVisible();
});

test('the evolution draws the median with its band and the own line; the real/nominal switch changes the figures', async ({ page }) => {
  await signInAs(page, 'premium');
  await page.goto('/your-evolution');
  await expect(page.getByTestId('evolution-page')).toHaveAttribute('data-phase', /result|editing/, SLOW);
  // Everyone of each year: enough people in every seeded year for a median.
  // The comparison's filter panel, without the year (every year is shown).
  await expect(page.getByTestId('comparison-filters')).toBeVisible();
  await expect(page.getByTestId('filter-year')).toHaveCount(0);
  await page.getByTestId('comparison-clear').click();
  // The live count of the comparison (free): everyone of the latest year.
  await expect(page.getByTestId('comparison-count')).toHaveAttribute('data-status', 'known', SLOW);
  await expect(page.getByTestId('comparison-count')).toContainText(/Coinciden unas \d+ personas/);
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('evolution-result')).toHaveAttribute('data-stale', 'false', SLOW);
  await expectTrendChartDrawn(page, 'evolution-chart');

  const table = page.getByTestId('evolution-table');
  await expect(table).toHaveAttribute('data-scale', 'nominal');
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  // The earliest year with a median: in real terms it is worth more (prices rose since).
  const first = (await rows.first().getAttribute('data-testid'))!.replace('evolution-year-', '');
  const median = page.getByTestId(`evolution-median-${first}`);
  const nominal = await median.textContent();
  expect(nominal).toMatch(/\d/);

  await page.getByTestId('evolution-scale').getByText(/^Real/).click();
  await expect(table).toHaveAttribute('data-scale', 'real');
  await expect(median).not.toHaveText(nominal!);
  await expect(page.getByTestId('evolution-inflation')).toBeVisible();

  await page.getByTestId('evolution-scale').getByText('Nominal').click();
  await expect(median).toHaveText(nominal!);
});

// Never an empty first screen. The seed gives the demo member's own group (Spain · banking ·
// director) more than 20 people in every survey year, so both personal views open on figures, on a laptop and a phone.
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the demo member's first screens show figures, not "too few people" (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAs(page, 'premium');
    await page.goto('/your-evolution');
    await expect(page.getByTestId('evolution-result')).toHaveAttribute('data-stale', 'false', SLOW);
    // The member's own group, as it is (no widening needed), with a median and quartiles in every year.
    await expect(page.getByTestId('evolution-widened')).toHaveCount(0);
    await expect(page.getByTestId('evolution-empty')).toHaveCount(0);
    await expectTrendChartDrawn(page, 'evolution-chart');
    const years = viewport.name === 'phone' ? page.getByTestId('evolution-cards').locator('li') : page.getByTestId('evolution-table').locator('tbody tr');
    expect(await years.count()).toBeGreaterThanOrEqual(4);
    for (const year of await years.all()) {
      await expect(year).toContainText('€');
      await expect(year).not.toContainText('Datos insuficientes');
    }
    // The legend names what is drawn: the band, the median and the member's own line.
    const legend = page.getByTestId('evolution-chart').locator('.apexcharts-legend-text');
    await expect(legend).toHaveText(['P25–P75', 'Mediana', 'Usted']);

    await page.goto('/personalized-comparison');
    await expect(page.getByTestId('personal-comparison-page')).toHaveAttribute('data-phase', 'result', SLOW);
    // The first step of the cascade is the group used: the member's own.
    await expect(page.getByTestId('personal-steps').locator('li')).toHaveCount(1);
    await expect(page.getByTestId('personal-steps').locator('li[data-status="used"]')).toHaveCount(1);
    await expect(page.getByTestId('insights')).toHaveAttribute('data-phase', 'ready', SLOW);
    for (const name of ['betterCities', 'betterSectors', 'averageByCountry']) {
      const card = page.getByTestId(`insight-${name}`);
      await expect(card.getByTestId('insight-row').first()).toBeVisible();
      await expect(card.getByTestId(`insight-empty-${name}`)).toHaveCount(0);
    }
    await expect(page.getByTestId('insights')).not.toContainText('Ningún grupo tiene personas suficientes');
  });
}

test('an evolution without figures in any year is one sentence with a widening link; the wider group says so', async ({ page }) => {
  await signInAs(page, 'premium');
  await page.goto('/your-evolution');
  await expect(page.getByTestId('evolution-result')).toHaveAttribute('data-stale', 'false', SLOW);
  // Argentinian banking directors: nobody in the demo data, in any year.
  await page.getByTestId('filter-country').selectOption('ar');
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('evolution-result')).toHaveAttribute('data-stale', 'false', SLOW);
  await expect(page.getByTestId('evolution-empty')).toContainText('Ningún año de este grupo reúne personas suficientes');
  // No chart of the member's own line alone, no table of empty years.
  await expect(page.getByTestId('evolution-chart')).toHaveCount(0);
  await expect(page.getByTestId('evolution-table')).toHaveCount(0);
  await page.getByTestId('evolution-widen').filter({ hasText: 'sin país' }).click();
  await expect(page.getByTestId('evolution-result')).toHaveAttribute('data-stale', 'false', SLOW);
  await expect(page.getByTestId('evolution-widened')).toContainText('sin país');
  await expect(page.getByTestId('evolution-empty')).toHaveCount(0);
  await expectTrendChartDrawn(page, 'evolution-chart');
  // The panel shows the group now shown: banking directors of every country.
  await expect(page.getByTestId('filter-country')).toHaveValue('');
  await expect(page.getByTestId('filter-sector')).toHaveValue('banking');
  await expect(page.getByTestId('filter-positionLevel')).toHaveValue('director');
});

test('the income projection shows five years ahead, its chart and the assumptions; a saved one re-opens', async ({ page, request }) => {
  await signInAs(page, 'premium');
  await page.goto('/your-income-projection');
  await expect(page.getByTestId('projection-page')).toHaveAttribute('data-phase', 'ready', SLOW);
  await expect(page.getByTestId('projection-start')).toContainText('€');
  await expectTrendChartDrawn(page, 'projection-chart');
  await expect(page.getByTestId('projection-table').locator('tbody tr')).toHaveCount(6);
  await expect(page.getByTestId('projection-assumptions')).toBeVisible();
  await expect(page.getByTestId('projection-next')).toBeVisible();
  await expect(page.getByTestId('projection-reopened')).toHaveCount(0);
  // The growth is the peers' (the member's own group: the seed gives it medians in every year, so nothing is
  // widened), not the fallback.
  await expect(page.getByTestId('projection-widened')).toHaveCount(0);
  await expect(page.getByTestId('projection-growth')).toBeVisible();
  await expect(page.getByTestId('projection-fallback')).toHaveCount(0);
  const figures = await page.getByTestId('projection-table').textContent();

  // Saved in the member's history (free), and re-opened from it with the same figures.
  const member = await apiSignIn(request, DEMO.premium);
  const history = await request.get('/api/forms/user-history?limit=5', { headers: bearer(member.token) });
  const saved = ((await history.json()) as { items: { id: string; kind: string }[] }).items.find((item) => item.kind === 'projection');
  expect(saved).toBeDefined();
  await page.goto(`/your-income-projection?historyId=${saved!.id}`);
  await expect(page.getByTestId('projection-reopened')).toBeVisible(SLOW);
  await expect(page.getByTestId('projection-table')).toHaveText(figures!);
});

test('a corporate evolution costs one credit; my-searches re-opens it on its page for free', async ({ page, request }) => {
  const corporate = await apiSignIn(request, DEMO.corporate);
  const admin = await apiSignIn(request, DEMO.admin);
  const added = await request.patch(`/api/users/${corporate.user._id}`, {
    headers: bearer(admin.token),
    data: { creditsDelta: 2, reason: 'e2e: an evolution' },
  });
  expect(added.status(), await added.text()).toBe(200);
  const before = await currentCredits(request, corporate.token);

  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await page.goto('/your-evolution');
  // A charged search waits for the person: the comparison's panel says what it costs.
  await expect(page.getByTestId('evolution-page')).toHaveAttribute('data-phase', 'editing', SLOW);
  await expect(page.getByTestId('comparison-cost')).toHaveAttribute('data-kind', 'credits');
  // From everyone (the account may have a form of its own, whose small group starts the page), then Spain.
  // (Without a form of its own the page starts from everyone and there is nothing to clear.)
  const clear = page.getByTestId('comparison-clear');
  if (await clear.isEnabled()) await clear.click();
  await page.getByTestId('filter-country').selectOption('es');
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('evolution-result')).toHaveAttribute('data-stale', 'false', SLOW);
  await expectTrendChartDrawn(page, 'evolution-chart');
  expect(await currentCredits(request, corporate.token)).toBe(before - 1);

  await page.goto('/my-account/my-searches');
  const saved = page.getByTestId('search-entry').first();
  await expect(saved).toHaveAttribute('data-kind', 'evolution');
  const id = await saved.getAttribute('data-id');
  await saved.getByTestId('search-entry-reopen').click();
  await expect(page).toHaveURL(new RegExp(`/your-evolution\\?historyId=${id}$`));
  await expect(page.getByTestId('evolution-result')).toHaveAttribute('data-stale', 'false', SLOW);
  await expect(page.getByTestId('comparison-cost')).toHaveAttribute('data-kind', 'reopen');
  await expect(page.getByTestId('filter-country')).toHaveValue('es');
  expect(await currentCredits(request, corporate.token)).toBe(before - 1);
});

test('on a 390 px phone the personal views fit the screen: per-year figures as cards, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'premium');
  const fitsScreen = async (path: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  };

  await page.goto('/your-evolution');
  await expect(page.getByTestId('evolution-page')).toHaveAttribute('data-phase', 'result', SLOW);
  // The figures come first, on the first screen; the filters wait behind a button that counts those set.
  await expect(page.getByTestId('evolution-page')).toHaveAttribute('data-layout', 'result-first');
  await expect(page.getByTestId('comparison-filters')).toBeHidden();
  const result = (await page.getByTestId('evolution-result').boundingBox())!;
  expect(result.y).toBeLessThan(844);
  const toggle = page.getByTestId('comparison-change-filters');
  await toggle.click();
  await expect(page.getByTestId('comparison-filters')).toBeVisible();
  const set = await page
    .getByTestId('comparison-filters')
    .locator('select')
    .evaluateAll((selects) => selects.filter((select) => (select as HTMLSelectElement).value !== '').length);
  expect(set).toBeGreaterThan(0);
  await expect(toggle).toHaveText(`Filtros (${set})`);
  await toggle.click();
  await expect(page.getByTestId('comparison-filters')).toBeHidden();
  // Opened at once on the person's own group: no "counting…" line that never ends.
  await expect(page.getByTestId('count-loading')).toHaveCount(0);
  await expect(page.getByTestId('evolution-table')).toBeHidden();
  const cards = page.getByTestId('evolution-cards').locator('li');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  await fitsScreen('/your-evolution');

  await page.goto('/your-income-projection');
  await expect(page.getByTestId('projection-page')).toHaveAttribute('data-phase', 'ready', SLOW);
  await expect(page.getByTestId('projection-table')).toBeHidden();
  await expect(page.getByTestId('projection-cards').locator('li')).toHaveCount(6);
  await fitsScreen('/your-income-projection');

  await page.goto('/personalized-comparison');
  await expect(page.getByTestId('personal-comparison-page')).toHaveAttribute('data-phase', 'result', SLOW);
  await fitsScreen('/personalized-comparison');
});
