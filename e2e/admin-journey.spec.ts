// The admin's day in one journey through the admin navigation: the dashboard → a user's credits
// adjusted and seen in their ledger → the forms list → an outlier pack created, calculated and activated → the
// minimum values changed (and put back) → a release cut, after which the published figures have moved: the new
// release leaves out the forms the active pack flags. The pack is deactivated and a release cut again at the end,
// so the specs after this one see the demo figures as before.
import { expect, test, type APIRequestContext } from './fixtures';
import { DEMO, apiSignIn, bearer, currentCredits, signIn, watchProblems } from './comparison-support';

test.describe.configure({ timeout: 180_000 });

interface Release {
  id: string;
  sequence: number;
  size: number;
  current: boolean;
}

async function currentRelease(request: APIRequestContext, token: string): Promise<Release> {
  const answer = await request.get('/api/admin/releases', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const current = ((await answer.json()) as { items: Release[] }).items.find((release) => release.current);
  expect(current).toBeTruthy();
  return current!;
}

test('an admin walks stats → users → forms → outliers → configs → releases, and the figures move with the cut', async ({ page, request }) => {
  const problems = watchProblems(page);
  const admin = await apiSignIn(request, DEMO.admin);
  const corporate = await apiSignIn(request, DEMO.corporate);
  const credits = await currentCredits(request, corporate.token);

  // Stats: the landing page with real figures.
  await signIn(page, DEMO.admin, /\/admin\/stats$/);
  await expect(page.getByTestId('admin-nav-stats')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('stats-card-forms-value')).toHaveText(/\d/);

  // Users: the corporate demo account gets 3 credits with a reason, visible in its ledger.
  await page.getByTestId('admin-nav-users').click();
  await page.getByTestId('admin-users-query').fill(DEMO.corporate);
  await page.getByTestId('admin-users-search').click();
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await page.getByTestId('admin-user-link').click();
  await expect(page.getByTestId('admin-user-credits-balance')).toHaveText(String(credits));
  const reason = `journey ${Date.now()}`;
  await page.getByTestId('admin-user-credits-adjust').click();
  await page.getByTestId('admin-user-credits-delta').fill('3');
  await page.getByTestId('admin-user-credits-reason').fill(reason);
  await page.getByTestId('admin-user-credits-review').click();
  await page.getByTestId('admin-user-credits-confirm-button').click();
  await expect(page.getByTestId('admin-user-credits-balance')).toHaveText(String(credits + 3));
  await expect(page.getByTestId('admin-user-ledger-row').first().getByTestId('admin-user-ledger-note')).toHaveText(reason);
  expect(await currentCredits(request, corporate.token)).toBe(credits + 3);

  // Forms: the list, and one form opened.
  await page.getByTestId('admin-nav-forms').click();
  await expect(page.getByTestId('admin-form-row').first()).toBeVisible();
  await page.getByTestId('admin-form-row').first().getByTestId('admin-form-open').click();
  await expect(page.getByTestId('admin-form-status')).toBeVisible();

  // Outliers: a pack created, calculated (a background job) and activated.
  const before = await currentRelease(request, admin.token);
  await page.getByTestId('admin-nav-outliers').click();
  const name = `Journey IQR ${Date.now()}`;
  await page.getByTestId('outlier-pack-new').click();
  await page.getByTestId('outlier-editor-name').fill(name);
  await page.getByTestId('outlier-editor-method').selectOption('iqr');
  await page.getByTestId('outlier-editor-k').fill('1');
  await page.getByTestId('outlier-editor-save').click();
  const row = page.getByTestId('outlier-pack-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-status', 'not_calculated');
  const panel = page.getByTestId('outlier-impact-panel');
  await panel.getByTestId('outlier-calculate').click();
  await expect(panel.getByTestId('outlier-impact')).toBeVisible({ timeout: 60_000 });
  const flagged = Number((await panel.getByTestId('outlier-impact-flagged').textContent())?.replace(/\D/g, ''));
  expect(flagged).toBeGreaterThanOrEqual(5);
  await row.getByTestId('outlier-pack-activate').click();
  await page.getByTestId('confirm-resolve').click();
  await expect(row).toHaveAttribute('data-status', 'active');
  // Nothing moves before the next release.
  expect((await currentRelease(request, admin.token)).id).toBe(before.id);

  // Configs: the minimum fixed salary raised, saved, and put back.
  await page.getByTestId('admin-nav-configs').click();
  const minFixed = page.getByTestId('config-minFixed');
  await expect(minFixed).not.toHaveValue('');
  const original = await minFixed.inputValue();
  await minFixed.fill(String(Number(original) + 1000));
  await page.getByTestId('config-min-values-save').click();
  await page.getByTestId('config-min-values-confirm-yes').click();
  await expect(page.getByTestId('config-min-values-saved')).toBeVisible();
  await page.getByTestId('config-minFixed').fill(original);
  await page.getByTestId('config-min-values-save').click();
  await page.getByTestId('config-min-values-confirm-yes').click();
  await expect(page.getByTestId('config-min-values-saved')).toBeVisible();

  // Releases: a cut now publishes figures without the flagged forms.
  await page.getByTestId('admin-nav-releases').click();
  await page.getByTestId('releases-cut').click();
  await expect(page.getByTestId('confirm-modal')).toHaveAttribute('data-kind', 'cut');
  await page.getByTestId('confirm-resolve').click();
  await expect(page.getByTestId('releases-cut-done')).toBeVisible({ timeout: 60_000 });
  const withPack = await currentRelease(request, admin.token);
  expect(withPack.sequence).toBeGreaterThan(before.sequence);
  expect(withPack.size).toBe(before.size - flagged);

  // Put the panel back: the pack deactivated and a release cut without it.
  await page.getByTestId('admin-nav-outliers').click();
  await row.getByTestId('outlier-pack-deactivate').click();
  await page.getByTestId('confirm-resolve').click();
  await expect(row).toHaveAttribute('data-status', 'calculated');
  await page.getByTestId('admin-nav-releases').click();
  await page.getByTestId('releases-cut').click();
  await page.getByTestId('confirm-resolve').click();
  await expect(page.getByTestId('releases-cut-done')).toBeVisible({ timeout: 60_000 });
  expect((await currentRelease(request, admin.token)).size).toBe(before.size);
  // The one expected 404 is the new pack's result before its first calculation (OUTLIER_PACK_NOT_CALCULATED).
  expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
});
