// The admin's users and forms pages end to end: search a demo user, adjust their
// credits with a reason and see the movement in that user's ledger; then the forms list filtered by year,
// one form read-only and its comparison; the lookup by e-mail.
import { expect, test } from './fixtures';
import { DEMO, apiSignIn, bearer, currentCredits, signIn, watchProblems } from './comparison-support';

// Each test walks several pages on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

test('the admin searches a user, adjusts their credits with a reason and sees it in their ledger', async ({ page, request }) => {
  const problems = watchProblems(page);
  const corporate = await apiSignIn(request, DEMO.corporate);
  const before = await currentCredits(request, corporate.token);

  await signIn(page, DEMO.admin, /\/admin\/stats$/);
  await page.goto('/admin/users');
  await expect(page.getByTestId('admin-users-page')).toBeVisible();
  await expect(page.getByTestId('admin-user-row').first()).toBeVisible();

  // Search by e-mail: exactly that account, and the search is kept in the address bar.
  await page.getByTestId('admin-users-query').fill(DEMO.corporate);
  await page.getByTestId('admin-users-search').click();
  await expect(page).toHaveURL(/\/admin\/users\?query=corporate%40paybench\.demo$/);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await expect(page.getByTestId('admin-user-row')).toHaveAttribute('data-email', DEMO.corporate);

  // The role filter narrows the list; no admin has the corporate address.
  await page.getByTestId('admin-users-role').selectOption('admin');
  await expect(page.getByTestId('admin-users-empty')).toBeVisible();
  await page.getByTestId('admin-users-role').selectOption('corporate');
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);

  await page.getByTestId('admin-user-link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${corporate.user._id}$`));
  await expect(page.getByTestId('admin-user-email')).toHaveText(DEMO.corporate);
  await expect(page.getByTestId('admin-user-credits-balance')).toHaveText(String(before));

  // Bad input is explained and nothing is sent: a balance below zero, no reason.
  await page.getByTestId('admin-user-credits-adjust').click();
  await page.getByTestId('admin-user-credits-delta').fill(String(-(before + 1)));
  await page.getByTestId('admin-user-credits-review').click();
  await expect(page.getByTestId('admin-user-credits-delta-problem')).toContainText('no puede bajar de 0');
  await expect(page.getByTestId('admin-user-credits-reason-problem')).toBeVisible();

  // A good adjustment, reviewed and confirmed.
  const reason = `e2e goodwill ${Date.now()}`;
  await page.getByTestId('admin-user-credits-delta').fill('7');
  await page.getByTestId('admin-user-credits-reason').fill(reason);
  await page.getByTestId('admin-user-credits-review').click();
  await expect(page.getByTestId('admin-user-credits-confirm')).toBeVisible();
  await expect(page.getByTestId('admin-user-credits-balance-after')).toContainText(`${before + 7}`);
  await page.getByTestId('admin-user-credits-confirm-button').click();
  await expect(page.getByTestId('admin-user-credits-balance')).toHaveText(String(before + 7));

  // The movement is the first row of that user's ledger, with the reason given.
  const firstMovement = page.getByTestId('admin-user-ledger-row').first();
  await expect(firstMovement).toHaveAttribute('data-delta', '7');
  await expect(firstMovement).toHaveAttribute('data-reason', 'admin-adjustment');
  await expect(firstMovement.getByTestId('admin-user-ledger-note')).toHaveText(reason);
  expect(await currentCredits(request, corporate.token)).toBe(before + 7);

  // The admin's own account: no role editor and no deletion.
  const admin = await apiSignIn(request, DEMO.admin);
  await page.goto(`/admin/users/${admin.user._id}`);
  await expect(page.getByTestId('admin-user-self')).toBeVisible();
  await expect(page.getByTestId('admin-user-roles-edit')).toHaveCount(0);
  await expect(page.getByTestId('admin-user-delete')).toBeDisabled();
  expect(problems).toEqual([]);
});

test('the admin filters the forms by year, opens one read-only and its comparison', async ({ page, request }) => {
  const problems = watchProblems(page);
  const admin = await apiSignIn(request, DEMO.admin);
  const listed = await request.get(`/api/forms?query=${encodeURIComponent(DEMO.member)}&status=completed`, { headers: bearer(admin.token) });
  const memberForm = ((await listed.json()) as { items: Array<{ id: string; surveyYear: number }> }).items[0];
  const year = memberForm.surveyYear;

  await signIn(page, DEMO.admin, /\/admin\/stats$/);
  await page.goto('/admin/forms');
  await expect(page.getByTestId('admin-form-row').first()).toBeVisible();

  await page.getByTestId('admin-forms-year').selectOption(String(year));
  await expect(page).toHaveURL(new RegExp(`/admin/forms\\?year=${year}$`));
  const rows = page.getByTestId('admin-form-row');
  await expect(rows.first()).toHaveAttribute('data-year', String(year));
  for (const shown of await rows.all()) await expect(shown).toHaveAttribute('data-year', String(year));

  await page.getByTestId('admin-forms-status').selectOption('completed');
  await page.getByTestId('admin-forms-query').fill(DEMO.member);
  await page.getByTestId('admin-forms-search').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(DEMO.member);

  await rows.first().getByTestId('admin-form-open').click();
  await expect(page).toHaveURL(new RegExp(`/admin/forms/${memberForm.id}$`));
  await expect(page.getByTestId('admin-form-title')).toContainText(String(year));
  await expect(page.getByTestId('admin-form-status')).toHaveText('Completado');
  // The answers as the questionnaire names them (the demo member works in banking, in Spain).
  await expect(page.getByTestId('summary-value-sector')).toHaveText('Banca');
  await expect(page.getByTestId('summary-value-country')).toHaveText('España');

  await page.getByTestId('admin-form-comparison').click();
  await expect(page).toHaveURL(new RegExp(`/comparison-comp/${memberForm.id}$`));
  await expect(page.getByTestId('comparison-admin-page')).toBeVisible();
  await expect(page.getByTestId('filter-sector')).toHaveValue('banking');

  // The lookup by e-mail: the account's latest form opens; an unknown address says so.
  await page.goto('/admin/forms');
  await page.getByTestId('admin-forms-lookup-email').fill('nobody-here@example.com');
  await page.getByTestId('admin-forms-lookup-submit').click();
  await expect(page.getByTestId('admin-forms-lookup-none')).toContainText('nobody-here@example.com');
  await page.getByTestId('admin-forms-lookup-email').fill(DEMO.member);
  await page.getByTestId('admin-forms-lookup-by').selectOption('account');
  await page.getByTestId('admin-forms-lookup-submit').click();
  await expect(page).toHaveURL(/\/admin\/forms\/[A-Za-z0-9]{20,}$/);
  await expect(page.getByTestId('admin-form-owner')).toBeVisible();
  // 404s of the lookup are answers, not problems; the browser logs them as failed resources.
  expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
});
