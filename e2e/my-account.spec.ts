// The account pages end to end: the corporate dashboard, my-searches (re-open for free, delete behind the
// confirm modal), the corporate plan's unlimited balance, and an admin comparing someone's form.
import { expect, test } from '@playwright/test';
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

  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await expect(page.getByTestId('dashboard-recent-entry').first()).toBeVisible();
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
  await expect(page.getByTestId('credits-purchase-note')).toContainText('próxima versión de pagos');
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
