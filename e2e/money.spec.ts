// Money as one decision (docs/money.md): in English a comparison shows its euro figures in dollars to
// the nearest 100, its chart ticks are round in dollars, its CSV is in dollars and names the rate; the catalogue
// shows the same rate and the same date as the comparison, prices in whole dollars; Spanish groups four-digit
// prices; the payment page speaks the language the person uses in the app.
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { DEMO, apiSignIn, bearer, expectChartDrawn, signIn, waitForSearchable, watchProblems } from './comparison-support';
import { switchLanguage, VIEWPORTS } from './a11y-support';

/** A dollar amount as shown ("$173,600") in whole dollars; NaN when it is not one. */
const dollars = (text: string) => (/^\$\d{1,3}(,\d{3})*$/.test(text) ? Number(text.slice(1).replace(/,/g, '')) : NaN);

/** The labelled ticks of a distribution chart's value axis, as drawn. */
async function tickLabels(page: Page, measure: string): Promise<string[]> {
  return page
    .getByTestId(`distribution-chart-${measure}`)
    .locator('.apexcharts-xaxis-texts-g text tspan')
    .evaluateAll((spans) => spans.map((span) => (span.textContent ?? '').trim()).filter((text) => text !== ''));
}

async function showDemoResult(page: Page) {
  await page.goto('/demo-comparison');
  // The first visit of a freshly started server may take a while on a shared machine.
  await expect(page.getByTestId('comparison-count')).toBeVisible({ timeout: 30_000 });
  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
  await expectChartDrawn(page, 'totalWithoutDeferral');
}

for (const viewport of VIEWPORTS) {
  test(`English (${viewport.name}): figures to $100, ticks round in dollars, the CSV in dollars naming the release's rate`, async ({ page, request }) => {
    test.slow();
    const problems = watchProblems(page);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await showDemoResult(page);
    await switchLanguage(page, 'en');
    const published = (await (await request.get('/api/app-config')).json()).exchangeRates as { date: string; rates: { USD: number } };

    // Every money figure is in dollars and a multiple of 100 (no "$173,588").
    const medians = page.locator('[data-testid^="figure-"][data-testid$="-median"], [data-testid^="figure-"][data-testid$="-mean"]');
    await expect(medians.first()).toHaveText(/^\$/);
    const texts = await medians.allTextContents();
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts) {
      const value = dollars(text);
      expect(value, text).not.toBeNaN();
      expect(value % 100, text).toBe(0);
    }

    // The conversion note names the release's rate and its cut date.
    const note = page.getByTestId('comparison-conversion');
    await expect(note).toHaveAttribute('data-date', published.date);
    await expect(note).toHaveAttribute('data-rate', String(published.rates.USD));

    // Ticks are chosen in dollars: whole thousands, evenly spaced (never "$109K $217K $326K").
    // Polled until redrawn in dollars: while the chart redraws its axis group can be empty for a moment, so the labels
    // checked are the ones the poll saw complete (reading them again could catch a later redraw half-way).
    let ticks: string[] = [];
    await expect
      .poll(async () => {
        ticks = await tickLabels(page, 'totalWithoutDeferral');
        return ticks.length > 1 && ticks.every((label) => label.startsWith('$'));
      })
      .toBe(true);
    expect(ticks.length).toBeGreaterThan(1);
    const thousands = ticks.map((label) => {
      expect(label, ticks.join(' ')).toMatch(/^\$(0|\d+K)$/);
      return Number(label.replace(/[$K]/g, ''));
    });
    const gaps = new Set(thousands.slice(1).map((value, i) => value - thousands[i]));
    expect([...gaps], ticks.join(' ')).toHaveLength(1);

    // The CSV holds what the screen shows: dollars, the same median, the rate and its date named at the top.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('comparison-csv').click()]);
    const csv = readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[1]).toBe('Currency,USD');
    expect(csv[2]).toBe(`Exchange rate (USD per 1 EUR),${published.rates.USD}`);
    expect(csv[3]).toBe(`Exchange rate date (release cut),${published.date}`);
    const header = csv.findIndex((line) => line.startsWith('Measure,'));
    const medianColumn = csv[header].split(',').indexOf('Median');
    // The first measure's row is the total without deferral (MEASURES order).
    const totalRow = csv[header + 1].split(',');
    const shownMedian = dollars((await page.getByTestId('figure-totalWithoutDeferral-median').textContent()) ?? '');
    expect(Number(totalRow[medianColumn])).toBe(shownMedian);
    expect(problems).toEqual([]);
  });
}

test('the catalogue shows the same rate and date as the comparison, whole-dollar prices; Spanish groups four-digit prices', async ({ page, request }) => {
  test.slow();
  const problems = watchProblems(page);
  const published = (await (await request.get('/api/app-config')).json()).exchangeRates as { date: string; rates: { USD: number } };
  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await page.goto('/my-account/my-credits');
  await expect(page.getByTestId('credit-packs')).toBeVisible({ timeout: 30_000 });
  const prices = page.getByTestId('credit-pack-price');
  await expect(prices).toHaveText([/^999\s€$/, /^2\.225\s€$/, /^3\.950\s€$/]);

  await switchLanguage(page, 'en');
  const note = page.getByTestId('conversion-note');
  await expect(note).toHaveAttribute('data-date', published.date);
  await expect(note).toHaveAttribute('data-rate', String(published.rates.USD));
  await expect(prices.first()).toHaveText(/^\$[\d,]+$/);
  for (const text of await prices.allTextContents()) expect(text).not.toMatch(/\./);
  expect(problems).toEqual([]);
});

test('the payment page speaks the language the person uses in the app', async ({ page, request }) => {
  // Two tabs and a payment page on a shared machine.
  test.setTimeout(180_000);
  const problems = watchProblems(page);
  // The account's language is Spanish (set here: earlier specs switch languages while signed in as this account,
  // which saves theirs); the person then uses the app in English.
  const before = await apiSignIn(request, DEMO.corporate);
  const spanish = await request.put(`/api/users/${before.user._id}`, { headers: bearer(before.token), data: { language: 'es' } });
  expect(spanish.status(), await spanish.text()).toBe(200);
  expect(((await spanish.json()) as { language: string }).language).toBe('es');
  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await page.goto('/my-account/my-credits');
  await switchLanguage(page, 'en');
  // The catalogue in English (its dollar prices name the rate), ready to buy from.
  await expect(page.getByTestId('conversion-note')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('credit-pack-buy').first()).toBeEnabled();
  const [payment] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('credit-pack-buy').first().click()]);
  await payment.waitForLoadState();
  await expect(payment.locator('html')).toHaveAttribute('lang', 'en');
  await expect(payment.getByTestId('sandbox-test-mode')).toHaveText('TEST MODE');
  // Charged in euros, written as the app writes prices.
  await expect(payment.locator('main')).toContainText('€999');
  await payment.close();

  // The language the person uses in the app became the account's: later e-mails are written in it.
  const session = await apiSignIn(request, DEMO.corporate);
  const me = await request.get('/api/users/currentUser?refresh=true', { headers: bearer(session.token) });
  expect(((await me.json()) as { language: string }).language).toBe('en');
  // The seeded account as it was, for the specs after this one.
  const restored = await request.put(`/api/users/${session.user._id}`, { headers: bearer(session.token), data: { language: 'es' } });
  expect(restored.status(), await restored.text()).toBe(200);
  expect(problems).toEqual([]);
});
