// Data presented as people read it: city names translated (never codes like
// "san-francisco"), tables that fit their cards or scroll inside them by keyboard, admin charts with a value axis
// of numbers and labels in full, product names instead of ids, counts through plural rules, gutters around the
// admin pages, the active filters as chips on a phone, the focus on the first press of Next after an
// out-of-range answer, a stale comparison that keeps its contrast, and 24 px "Open" links. At 1366×900 and
// 390×844 where the issue measured them.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './fixtures';
import { signInAs } from './auth-support';
import { switchLanguage, VIEWPORTS } from './a11y-support';
import { apiSignIn, bearer, DEMO, waitForSearchable } from './comparison-support';

type Texts = { questionnaire: { options: Record<string, Record<string, string>> } };
const LOCALES: Record<'es' | 'en', Texts> = {
  es: JSON.parse(readFileSync('locales/es.json', 'utf8')) as Texts,
  en: JSON.parse(readFileSync('locales/en.json', 'utf8')) as Texts,
};
const DESKTOP = VIEWPORTS[0];
const PHONE = VIEWPORTS[1];

/** How far the page scrolls sideways (0 when nothing is wider than the screen). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A box's edges on screen. */
async function edges(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return { left: box!.x, right: box!.x + box!.width };
}

/** The labels ApexCharts drew on a chart's axis, each label's lines (tspans) joined by a space. */
function axisLabels(chart: Locator, axis: 'x' | 'y'): Promise<string[]> {
  return chart.locator(`.apexcharts-${axis}axis-texts-g text`).evaluateAll((texts) =>
    texts.map((text) =>
      [...text.querySelectorAll('tspan')]
        .map((line) => (line.textContent ?? '').trim())
        .join(' ')
        .trim(),
    ),
  );
}

/**
 * A table fits its card: it is no wider than the region around it, or that region scrolls it inside the card and
 * can be scrolled from the keyboard (a focusable region with a name).
 */
async function expectFitsOrScrollsByKeyboard(card: Locator, region: Locator, where: string): Promise<void> {
  await expect(card, where).toBeVisible();
  await expect(region, where).toBeVisible();
  const cardEdges = await edges(card);
  const regionEdges = await edges(region);
  expect(regionEdges.left, `${where}: region inside its card`).toBeGreaterThanOrEqual(cardEdges.left - 0.5);
  expect(regionEdges.right, `${where}: region inside its card`).toBeLessThanOrEqual(cardEdges.right + 0.5);
  const sizes = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  if (sizes.scroll > sizes.client) {
    await expect(region, where).toHaveAttribute('tabindex', '0');
    await expect(region, where).toHaveAttribute('role', 'region');
    await expect(region, where).toHaveAttribute('aria-label', /.+/);
  }
}

test('the corporate dashboard names cities in the reader’s language and its ranking tables stay inside their cards', async ({ page }) => {
  await signInAs(page, 'corporate');
  await page.getByTestId('cookie-deny').click();
  const cities = page.getByTestId('insight-betterCities').getByTestId('insight-row');
  await expect(cities.first()).toBeVisible({ timeout: 30_000 });
  for (const language of ['es', 'en'] as const) {
    await switchLanguage(page, language);
    const names = Object.values(LOCALES[language].questionnaire.options.city);
    // Polled: the rows are redrawn in the new language a moment after the switch.
    const shown = () => cities.evaluateAll((rows) => rows.map((row) => (row.querySelector('td')?.textContent ?? '').trim()));
    await expect.poll(async () => (await shown()).filter((name) => !names.includes(name)), { message: language }).toEqual([]);
    for (const name of await shown()) expect(name).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
    for (const viewport of [DESKTOP, { width: 1024, height: 800 }, PHONE]) {
      await page.setViewportSize(viewport);
      for (const name of ['betterCities', 'betterSectors', 'averageByCountry']) {
        const card = page.getByTestId(`insight-${name}`);
        if ((await card.getByTestId('insight-row').count()) === 0) continue;
        await expectFitsOrScrollsByKeyboard(card, page.getByTestId(`insight-table-${name}`), `${name} ${language} ${viewport.width}px`);
      }
      // Polled: the layout settles at the new width a moment after the resize.
      await expect.poll(() => pageOverflow(page), { message: `${language} ${viewport.width}px: no sideways scroll` }).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(DESKTOP);
  }
  // On a laptop the sector table fits its card outright (it once ran under the next card).
  const sectors = page.getByTestId('insight-table-betterSectors');
  const sizes = await sectors.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
});

test('admin statistics: numbers on the value axes, labels in full, product names, plural counts and page gutters', async ({ page, request }) => {
  test.slow();
  // A purchase of the 25-credit pack through the test-mode sandbox, so revenue has a row to name.
  const corporate = await apiSignIn(request, DEMO.corporate);
  const checkout = await request.post('/api/payments/checkout', { headers: bearer(corporate.token), data: { buyButton: 'credits-25' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = new URL(((await checkout.json()) as { url: string }).url, 'http://x').pathname.split('/').pop();
  const paid = await request.post(`/api/payments/sandbox/${sessionId}/complete`);
  expect(paid.status(), await paid.text()).toBe(200);
  const admin = await apiSignIn(request, DEMO.admin);
  const statistics = await request.get('/api/forms/detailed-statistics', { headers: bearer(admin.token) });
  const admins = ((await statistics.json()) as { users: { admin: number } }).users.admin;

  await signInAs(page, 'admin');
  await page.getByTestId('cookie-deny').click();
  // The first figures of a shared, busy test server may take a while.
  await expect(page.getByTestId('stats-card-users-value')).toBeVisible({ timeout: 30_000 });

  for (const language of ['es', 'en'] as const) {
    await switchLanguage(page, language);
    // Plurals: "1 administrador", never "1 administradores".
    const adminCount =
      admins === 1 ? { es: '1 administrador', en: '1 admin' }[language] : { es: `${admins} administradores`, en: `${admins} admins` }[language];
    await expect(page.getByTestId('stats-card-users')).toContainText(new RegExp(`${adminCount}($|\\s)`), { timeout: 30_000 });
    await expect(page.getByTestId('stats-card-users')).not.toContainText('1 administradores');

    // Revenue names the product, not its id.
    const product = page.getByTestId('stats-revenue-product').and(page.locator('[data-item="credits-25"]'));
    await expect(product).toHaveText({ es: '25 créditos', en: '25 credits' }[language]);
    await expect(page.getByTestId('stats-revenue')).not.toContainText('credits-25');

    // The value axes read whole numbers, more than one of them.
    const valueLabels = async (chart: string, axis: 'x' | 'y') => (await axisLabels(page.getByTestId(chart), axis)).filter(Boolean);
    for (const [chart, axis] of [
      ['stats-by-sector-chart', 'x'],
      ['stats-by-country-chart', 'x'],
      ['stats-by-position-chart', 'x'],
      ['stats-by-year-chart', 'y'],
      ['stats-funnel-chart', 'x'],
    ] as const) {
      await expect(page.getByTestId(chart).locator('svg.apexcharts-svg')).toBeVisible();
      // Polled until drawn: a chart redraws its axis after the language switch.
      await expect
        .poll(
          async () => {
            const labels = await valueLabels(chart, axis);
            return labels.length > 1 && labels.every((label) => /^\d[\d.,\s]*$/.test(label)) && new Set(labels).size === labels.length;
          },
          { message: `${chart} ${language}: more than one distinct whole-number tick` },
        )
        .toBe(true);
    }
    // Category labels in full (wrapped over lines), never cut with an ellipsis.
    const levels = Object.values(LOCALES[language].questionnaire.options.positionLevel);
    await expect
      .poll(
        async () => {
          const levelLabels = await axisLabels(page.getByTestId('stats-by-position-chart'), 'y');
          return levelLabels.length > 1 ? levelLabels.filter((label) => !levels.includes(label)) : ['(no labels yet)'];
        },
        { message: `${language}: position levels in full` },
      )
      .toEqual([]);
  }

  // Gutters: neither the navigation nor the page touches the screen's edges.
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const nav = await edges(page.getByTestId('admin-nav'));
    const content = await edges(page.getByTestId('admin-content'));
    expect(nav.left, `${viewport.width}px`).toBeGreaterThanOrEqual(16);
    expect(content.right, `${viewport.width}px`).toBeLessThanOrEqual(viewport.width - 16);
    // Polled: the charts redraw at the new width a moment after the resize.
    await expect.poll(() => pageOverflow(page), { message: `${viewport.width}px: no sideways scroll` }).toBeLessThanOrEqual(0);
  }
});

test('admin user and form pages fit a phone, their tables scroll by keyboard, and "Open" links are 24 px tall', async ({ page, request }) => {
  const admin = await apiSignIn(request, DEMO.admin);
  const listed = await request.get(`/api/forms?query=${encodeURIComponent(DEMO.member)}`, { headers: bearer(admin.token) });
  const form = ((await listed.json()) as { items: Array<{ id: string; userId: string }> }).items[0];
  await page.setViewportSize(PHONE);
  await signInAs(page, 'admin');
  await page.getByTestId('cookie-deny').click();

  for (const [path, scroll, openLink] of [
    ['/admin/users', 'admin-users-scroll', null],
    [`/admin/users/${form.userId}`, 'admin-user-forms-scroll', 'admin-user-form-open'],
    ['/admin/forms', 'admin-forms-scroll', 'admin-form-open'],
  ] as const) {
    await page.goto(path);
    const region = page.getByTestId(scroll);
    await expect(region.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    expect(await pageOverflow(page), path).toBeLessThanOrEqual(0);
    await expect(region).toHaveAttribute('role', 'region');
    await expect(region).toHaveAttribute('aria-label', /.+/);
    // "Open" links: a target of at least 24 px.
    if (openLink) expect((await page.getByTestId(openLink).first().boundingBox())!.height, path).toBeGreaterThanOrEqual(24);
    // The keyboard reaches the region and scrolls it sideways.
    await region.focus();
    await expect(region).toBeFocused();
    const scrollable = await region.evaluate((element) => element.scrollWidth > element.clientWidth);
    if (scrollable) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((element) => element.scrollLeft), { message: `${path} scrolls` }).toBeGreaterThan(0);
    }
  }

  await page.goto(`/admin/forms/${form.id}`);
  await expect(page.getByTestId('admin-form-title')).toBeVisible({ timeout: 30_000 });
  expect(await pageOverflow(page), '/admin/forms/{id}').toBeLessThanOrEqual(0);
});

test('on a phone the comparison result shows its filters as chips, and a stale result keeps full contrast', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/demo-comparison');
  await page.getByTestId('cookie-deny').click();
  const result = page.getByTestId('comparison-result');
  const filters = page.getByTestId('comparison-change-filters');
  if (await filters.isVisible()) await filters.click();
  await page.getByTestId('filter-country').selectOption('es');
  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();
  await expect(result).toHaveAttribute('data-stale', 'false');
  if ((await filters.getAttribute('aria-expanded')) === 'true') await filters.click();

  // The filters wait behind "Change filters"; the chips above the result say which group it is.
  await expect(page.getByTestId('demo-comparison-page')).toHaveAttribute('data-layout', 'result-first');
  const chips = page.getByTestId('comparison-filter-chips');
  await expect(chips).toBeVisible();
  await expect(chips).toContainText('País: España');
  const chipsBox = (await chips.boundingBox())!;
  expect(chipsBox.y).toBeLessThan((await result.boundingBox())!.y);

  // A change of filters leaves the result stale: said in words and a dashed frame, never faded.
  await filters.click();
  await page.getByTestId('filter-country').selectOption('pt');
  await expect(result).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('comparison-result-stale')).toBeVisible();
  const style = await result.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return { opacity, outline: getComputedStyle(element).outlineStyle };
  });
  expect(style).toEqual({ opacity: 1, outline: 'dashed' });
});

test('an out-of-range answer takes the focus on the first press of Next, by pointer and by keyboard', async ({ page }) => {
  for (const press of ['pointer', 'keyboard'] as const) {
    await page.goto('/steps');
    if (await page.getByTestId('cookie-deny').isVisible()) await page.getByTestId('cookie-deny').click();
    await page.getByTestId('question-email').fill(`range-${press}-${Date.now()}@example.com`);
    await page.getByTestId('question-country').selectOption('es');
    await page.getByTestId('question-city').selectOption('madrid');
    await page.getByTestId('question-birthYear').fill('1979');
    await page.getByTestId('question-gender').selectOption('female');
    await page.getByTestId('question-educationLevel').selectOption('mba');
    // Out of range: the answer keeps the focus while the person goes for Next.
    await page.getByTestId('question-yearsExperience').fill('190');
    if (press === 'pointer') await page.getByTestId('questionnaire-next').click();
    else {
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('questionnaire-next')).toBeFocused();
      await page.keyboard.press('Enter');
    }
    // One press: the answer with the problem has the focus, its problem shows, the step stays.
    await expect(page.getByTestId('question-yearsExperience'), press).toBeFocused();
    await expect(page.getByTestId('problem-yearsExperience')).toBeVisible();
    await expect(page.getByTestId('questionnaire-problems')).toBeVisible();
    await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '0');
  }
});

test('on a wide screen the header’s logo and the page’s heading start at one left edge', async ({ page }) => {
  test.slow(); // four pages and a sign-in
  const WIDE = { width: 1600, height: 900 };
  await page.setViewportSize(WIDE);
  const aligned = (path: string) =>
    test.step(path, async () => {
      await page.goto(path);
      const heading = page.locator('main h1').first();
      await expect(heading, path).toBeVisible();
      const logo = await edges(page.getByTestId('header-home'));
      const title = await edges(heading);
      expect(Math.abs(title.left - logo.left), `${path}: logo at ${logo.left}px, heading at ${title.left}px`).toBeLessThanOrEqual(1);
      // The frame is narrower than the screen: the edge is the shared frame's, not the screen's gutter.
      expect(logo.left, path).toBeGreaterThan(32);
    });
  for (const path of ['/home', '/demo-comparison', '/blog']) await aligned(path);
  await signInAs(page, 'member');
  await aligned('/comparison');
});
