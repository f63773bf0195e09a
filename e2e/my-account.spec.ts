// The account pages end to end: the corporate dashboard, my-searches (re-open for free, delete behind the
// confirm modal), the corporate plan's unlimited balance, and an admin comparing someone's form.
import { expect, test } from './fixtures';
import { DEMO, apiCompare, apiSignIn, bearer, currentCredits, expectChartDrawn, signIn, waitForSearchable, watchProblems } from './comparison-support';

test('my-searches re-opens a saved search for free and deletes one only after the confirm modal', async ({ page, request }) => {
  const problems = watchProblems(page);
  const corporate = await apiSignIn(request, DEMO.corporate);
  // Two saved searches, paid with credits an admin adds through the app.
  const admin = await apiSignIn(request, DEMO.admin);
  const added = await request.patch(`/api/users/${corporate.user._id}`, {
    headers: bearer(admin.token),
    data: { creditsDelta: 2, reason: 'e2e: searches for the test' },
  });
  expect(added.status(), await added.text()).toBe(200);
  await apiCompare(request, corporate.token, { country: 'es' });
  await apiCompare(request, corporate.token, {});
  const creditsBefore = await currentCredits(request, corporate.token);

  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await expect(page.getByTestId('dashboard-recent-entry').first()).toBeVisible();
  // The latest saved comparison's evolution (everyone, every year) is drawn on the dashboard, for free.
  await expect(page.getByTestId('dashboard-evolution')).toHaveAttribute('data-phase', 'result', { timeout: 45_000 });
  await expect(page.getByTestId('dashboard-evolution-chart').locator('svg.apexcharts-svg')).toBeVisible({ timeout: 45_000 });
  expect(await currentCredits(request, corporate.token)).toBe(creditsBefore);
  await expect(page.getByTestId('dashboard-evolution-open')).toHaveAttribute('href', /\/your-evolution\?historyId=\w+&dashboard=1$/);
  await expect(page.getByTestId('dashboard-start-search')).toHaveAttribute('href', '/comparison');
  await page.getByTestId('dashboard-all-searches').click();
  await expect(page).toHaveURL(/\/my-account\/my-searches$/);

  const entries = page.getByTestId('search-entry');
  await expect(entries.first()).toBeVisible();
  const totalText = page.getByTestId('my-searches-total');
  const total = Number((await totalText.textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThanOrEqual(2);

  // Re-open: the same figures again, free.
  const credits = await currentCredits(request, corporate.token);
  const reopenedId = await entries.first().getAttribute('data-id');
  await entries.first().getByTestId('search-entry-reopen').click();
  await expect(page).toHaveURL(new RegExp(`/comparison/${reopenedId}$`));
  await expect(page.getByTestId('comparison-saved-page')).toBeVisible();
  await expect(page.getByTestId('comparison-reopened')).toBeVisible();
  await expectChartDrawn(page, 'totalWithoutDeferral');
  expect(await currentCredits(request, corporate.token)).toBe(credits);

  // A direct link to a saved search finds it in the history too.
  await page.reload();
  await expect(page.getByTestId('comparison-reopened')).toBeVisible();
  expect(await currentCredits(request, corporate.token)).toBe(credits);

  // Delete: "no" keeps it, "yes" deletes it.
  await page.goto('/my-account/my-searches');
  const first = entries.first();
  const deletedId = await first.getAttribute('data-id');
  await first.getByTestId('search-entry-delete').click();
  const modal = page.getByTestId('confirm-modal');
  await expect(modal).toHaveAttribute('data-kind', 'delete');
  await expect(modal).toContainText('¿Eliminar este elemento?');
  await modal.getByTestId('confirm-reject').click();
  await expect(modal).toBeHidden();
  await expect(totalText).toContainText(String(total));

  await first.getByTestId('search-entry-delete').click();
  await modal.getByTestId('confirm-resolve').click();
  await expect(page.getByText('Búsqueda eliminada')).toBeVisible();
  await expect(totalText).toContainText(String(total - 1));
  await expect(page.locator(`[data-testid="search-entry"][data-id="${deletedId}"]`)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the corporate plan shows an unlimited balance and says searches are included', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, DEMO.unlimited, /\/dashboard$/);
  await expect(page.getByTestId('credit-balance-card')).toHaveAttribute('data-plan', 'unlimited');
  await expect(page.getByTestId('credit-balance')).toHaveText('Ilimitado');
  await page.goto('/my-account/my-credits');
  await expect(page.getByTestId('my-credits-page')).toBeVisible();
  // Nothing to buy on the unlimited plan: no packs, a note that credits are included.
  await expect(page.getByTestId('credits-unlimited-note')).toContainText('créditos ilimitados');
  await expect(page.getByTestId('credit-pack')).toHaveCount(0);
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('credit-balance')).toHaveText('Unlimited');
  await page.goto('/comparison');
  await expect(page.getByTestId('comparison-cost')).toHaveText('Your corporate plan includes unlimited searches.');
  expect(problems).toEqual([]);
});

test('an admin compares a member’s form: their peer group as filters, their figures marked', async ({ page, request }) => {
  const problems = watchProblems(page);
  const admin = await apiSignIn(request, DEMO.admin);
  const listed = await request.get(`/api/forms?query=${encodeURIComponent(DEMO.member)}&status=completed`, { headers: bearer(admin.token) });
  expect(listed.status(), await listed.text()).toBe(200);
  const form = ((await listed.json()) as { items: Array<{ id: string; surveyYear: number }> }).items[0];

  await signIn(page, DEMO.admin, /\/admin\/stats$/);
  await page.goto(`/comparison-comp/${form.id}`);
  await expect(page.getByTestId('comparison-admin-page')).toBeVisible();
  await expect(page.getByTestId('filter-sector')).toHaveValue('banking');
  await expect(page.getByTestId('filter-positionLevel')).toHaveValue('director');
  await expect(page.getByTestId('filter-country')).toHaveValue('es');
  await expect(page.getByTestId('filter-year')).toHaveValue(String(form.surveyYear));
  // Widen the group until it is large enough to compare.
  await page.getByTestId('filter-positionLevel').selectOption('');
  await page.getByTestId('filter-sector').selectOption('');
  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('comparison-subject')).toContainText(DEMO.member);
  await expect(page.getByTestId('comparison-position')).toContainText(/Percentil ≈\d+ del grupo/);
  await expect(page.getByTestId('distribution-chart-totalWithoutDeferral').getByText(/^Persona: /)).toBeVisible();
  expect(problems).toEqual([]);
});

/** The contrast ratio (WCAG 2) of an element's text colour on the first opaque background behind it. */
async function textContrast(locator: import('@playwright/test').Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let background: number[] = [255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const parts = rgb(getComputedStyle(node).backgroundColor);
      if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) {
        background = parts.slice(0, 3);
        break;
      }
    }
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
}

/** Elements inside `root` that scroll sideways (what axe's scrollable-region-focusable looks at). */
async function sidewaysScrollRegions(root: import('@playwright/test').Locator): Promise<string[]> {
  return root.evaluate((section) =>
    [section, ...section.querySelectorAll('*')]
      .filter((node) => ['auto', 'scroll'].includes(getComputedStyle(node).overflowX) && node.scrollWidth > node.clientWidth)
      .map((node) => node.outerHTML.slice(0, 80)),
  );
}

test('the credit ledger: a table on a wide screen, cards on a phone with every figure visible, signed and readable', async ({ page, request }) => {
  const problems = watchProblems(page);
  const corporate = await apiSignIn(request, DEMO.corporate);
  const admin = await apiSignIn(request, DEMO.admin);
  // One movement each way, newest first: a search (−1) after an added credit (+1).
  const added = await request.patch(`/api/users/${corporate.user._id}`, {
    headers: bearer(admin.token),
    data: { creditsDelta: 1, reason: 'e2e: the ledger on a phone' },
  });
  expect(added.status(), await added.text()).toBe(200);
  await apiCompare(request, corporate.token, { country: 'es' });
  const balance = await currentCredits(request, corporate.token);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await page.goto('/my-account/my-credits');
  const section = page.locator('section[aria-labelledby="credit-ledger-title"]');
  const cards = page.getByTestId('ledger-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('credit-ledger-table')).toBeHidden();

  const [spent, credited] = [cards.nth(0), cards.nth(1)];
  await expect(spent).toHaveAttribute('data-delta', '-1');
  await expect(spent.getByTestId('ledger-card-delta')).toHaveText(/^[-−]1$/);
  await expect(spent.getByTestId('ledger-card-balance')).toHaveText(String(balance));
  await expect(spent.getByTestId('ledger-card-date')).toHaveText(/\d{4}/);
  await expect(spent.getByTestId('ledger-card-reason')).not.toBeEmpty();
  await expect(credited).toHaveAttribute('data-delta', '1');
  await expect(credited.getByTestId('ledger-card-delta')).toHaveText('+1');
  await expect(credited.getByTestId('ledger-card-balance')).toHaveText(String(balance + 1));

  // Date, reason, credits and balance all inside the 390 px screen; nothing scrolls sideways.
  for (const card of [spent, credited]) {
    for (const field of ['ledger-card-date', 'ledger-card-reason', 'ledger-card-delta', 'ledger-card-balance']) {
      const box = (await card.getByTestId(field).boundingBox())!;
      expect(box.x, field).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, field).toBeLessThanOrEqual(390);
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await sidewaysScrollRegions(section)).toEqual([]);
  // The sign is in the text; the colour only adds to it and reads at 4.5:1 at least.
  expect(await textContrast(spent.getByTestId('ledger-card-delta'))).toBeGreaterThanOrEqual(4.5);
  expect(await textContrast(credited.getByTestId('ledger-card-delta'))).toBeGreaterThanOrEqual(4.5);

  // On a wide screen the same movements are a table, with the same readable amounts.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('credit-ledger-table')).toBeVisible();
  await expect(cards.first()).toBeHidden();
  const row = page.getByTestId('ledger-row').first();
  await expect(row).toHaveAttribute('data-delta', '-1');
  expect(await textContrast(row.locator('td').nth(2))).toBeGreaterThanOrEqual(4.5);
  expect(await sidewaysScrollRegions(section)).toEqual([]);
  expect(problems).toEqual([]);
});
