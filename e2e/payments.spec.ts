// Purchases end to end on the real server in the local test-mode sandbox (the test server has no Stripe
// keys): the hosted page opens in a new tab, pays through the real webhook, and the tab that started the
// purchase confirms it without a reload (the credits added, or the plan and the views it opened), while the result
// tab shows the signed-in header and the next step that fits what was bought. A corporate user who ran out of credits
// buys a pack and goes back to the search; a free member buys premium yearly, sees their perception over the years on
// their evolution, and cancels the plan in the sandbox portal.
import { expect, test, type Page } from './fixtures';
import { openedTab } from './payment-support';
import { DEMO, apiSignIn, bearer, bringCreditsTo, currentCredits, ensureCompletedForm, signIn, waitForSearchable, watchProblems } from './comparison-support';

test('a corporate user out of credits buys 10 credits in the sandbox, is told +10 without a reload and goes back to the search, which runs', async ({
  page,
  request,
}) => {
  // Two tabs, a purchase through the webhook and two searches: more than the default 30 s on a shared machine.
  test.slow();
  const problems = watchProblems(page);
  const corporate = await apiSignIn(request, DEMO.corporate);
  await ensureCompletedForm(request, corporate.token);
  await bringCreditsTo(request, DEMO.corporate, 1);

  await signIn(page, DEMO.corporate, /\/dashboard$/);
  await page.getByTestId('dashboard-start-search').click();
  await expect(page).toHaveURL(/\/comparison$/);
  await waitForSearchable(page);
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');

  // The second search (Spain) has no credit left: the button is disabled and the page offers credits; the
  // search is kept for the way back.
  await page.getByTestId('filter-country').selectOption('es');
  await expect(page.getByTestId('comparison-search')).toBeDisabled();
  await page.getByRole('link', { name: /Comprar créditos/ }).click();
  await expect(page).toHaveURL(/\/my-account\/my-credits$/);
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
  await expect(page.getByTestId('pending-search')).toHaveAttribute('data-ready', 'false');

  // Buy the 10-credit pack: the sandbox page opens in a new tab, marked as test mode.
  const pack = page.getByTestId('credit-pack').first();
  await expect(pack).toContainText('10');
  const payment = await openedTab(page, () => pack.getByTestId('credit-pack-buy').click());
  await expect(payment.getByText(/TEST MODE|MODO DE PRUEBA/i).first()).toBeVisible();
  await payment.getByTestId('sandbox-pay').click();
  await expect(payment).toHaveURL(/\/checkout\/return\?checkout=success/);
  await expect(payment.getByTestId('checkout-return')).toHaveAttribute('data-outcome', 'success');
  // The result tab is signed in as any page of the app, and offers what fits credits: the credits, the search.
  await expectSignedInHeader(payment);
  await expect(payment.getByTestId('return-next')).toHaveAttribute('data-kind', 'credits');
  await expect(payment.getByTestId('return-next-credits')).toHaveText('Ver mis créditos');
  await expect(payment.getByTestId('return-next-search')).toHaveText('Volver a su búsqueda');
  await payment.close();

  // The tab that started it confirms without a reload: +10 credits, a purchase row with the amount paid.
  await expect(page.getByTestId('checkout-status')).toHaveAttribute('data-status', 'confirmed');
  await expect(page.getByTestId('checkout-confirmed')).toHaveText('Tiene 10 créditos más: su saldo es ahora de 10.');
  await expect(page.getByTestId('credit-balance')).toHaveText('10');
  const purchase = page.getByTestId('ledger-row').first();
  await expect(purchase).toHaveAttribute('data-reason', 'purchase');
  await expect(purchase).toHaveAttribute('data-delta', '10');
  await expect(purchase.getByTestId('ledger-amount')).toHaveText(/999/);
  expect(await currentCredits(request, corporate.token)).toBe(10);

  // Back to the search that ran out of credits: same filters, and it runs by itself.
  await expect(page.getByTestId('pending-search')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('pending-search-resume').click();
  await expect(page).toHaveURL(/\/comparison$/);
  await expect(page.getByTestId('filter-country')).toHaveValue('es');
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('comparison-credits-left')).toHaveText('Le quedan 9 créditos');
  expect(await currentCredits(request, corporate.token)).toBe(9);
  expect(problems).toEqual([]);
});

test('a free member buys premium yearly on /become-premium, is told the views it opened, sees the perception chart and the manage block, and cancels in the sandbox portal', async ({
  page,
  request,
}) => {
  test.slow();
  const problems = watchProblems(page);
  const member = await apiSignIn(request, DEMO.member);
  expect(member.user.premiumType).toBe('free');

  await signIn(page, DEMO.member, /\/comparison$/);
  await page.goto('/become-premium');
  const modal = page.getByTestId('premium-modal');
  await expect(modal).toHaveAttribute('data-status', 'cards');
  await expect(modal.getByRole('heading', { name: 'Hágase premium' })).toBeVisible();
  // Columns of two: the second card of each pair is marked last.
  const columns = modal.getByTestId('card-column');
  await expect(columns.first().getByTestId('subscription-card').nth(1)).toHaveAttribute('data-last', 'true');
  await expect(columns.first().getByTestId('subscription-card').first()).toHaveAttribute('data-last', 'false');

  // Premium yearly: the "-25%" card, with the secondary button style.
  const premium = modal
    .getByTestId('subscription-card')
    .filter({ has: page.getByTestId('card-discount') })
    .first();
  await expect(premium.getByTestId('card-discount')).toHaveText('-25%');
  await expect(premium.getByTestId('card-select')).toHaveAttribute('data-style', 'secondary');
  const payment = await openedTab(page, () => premium.getByTestId('card-select').click());
  await payment.getByTestId('sandbox-pay').click();
  await expect(payment).toHaveURL(/\/checkout\/return\?checkout=success/);
  await expect(payment.getByTestId('checkout-return')).toHaveAttribute('data-outcome', 'success');
  // The result tab is signed in and leads to the first view the plan opens.
  await expectSignedInHeader(payment);
  await expect(payment.getByTestId('return-next')).toHaveAttribute('data-kind', 'plan');
  await expect(payment.getByTestId('return-next-view')).toHaveText('Abrir su evolución');
  await expect(payment.getByTestId('return-next-view')).toHaveAttribute('href', '/your-evolution');
  await payment.close();

  // The tab that started it says so without a reload: the plan and the views it opened.
  await expect(modal.getByTestId('checkout-status')).toHaveAttribute('data-status', 'confirmed');
  await expect(modal.getByTestId('checkout-confirmed')).toHaveText(
    'Ya es Premium: su evolución, su percepción a lo largo de los años, las tendencias por ciudad, sector y país, la proyección de ingresos, el informe para negociar y los avisos de nuevas publicaciones.',
  );
  // Bought here: the modal says what changed, above the manage block.
  await expect(modal).toHaveAttribute('data-status', 'purchased');
  await expect(modal.getByTestId('premium-modal-title')).toHaveText('Su plan Premium está activo');
  await expect(modal.getByTestId('manage-subscription')).toHaveAttribute('data-plan', 'premium');
  expect(await premiumTypeOf(request, member.token)).toBe('premium');

  // A paid member's evolution shows their perception over the years: the chart of belief against position.
  await page.goto('/your-evolution');
  const perception = page.getByTestId('perception-history');
  await expect(perception).toHaveAttribute('data-status', 'shown', { timeout: 45_000 });
  await expect(perception.getByTestId('perception-chart').locator('svg.apexcharts-svg')).toBeVisible({ timeout: 45_000 });
  await expect(perception.getByTestId('perception-chart').locator('.apexcharts-line-series').first()).toBeAttached();
  await expect(perception.getByTestId('perception-trend')).toHaveText(/^(Su percepción|En \d{4} su percepción)/);
  await page.goto('/become-premium');
  await expect(modal.getByTestId('manage-subscription')).toHaveAttribute('data-plan', 'premium');

  // The portal (sandbox) cancels the subscription; back here the plan is free again and the cards return.
  const portal = await openedTab(page, () => modal.getByTestId('manage-subscription-button').click());
  await portal.getByTestId('sandbox-cancel-subscription').click();
  await expect(portal).toHaveURL(/\/checkout\/return\?portal=done/);
  // The return page tells this tab the plan may have changed.
  await expect(portal.getByTestId('checkout-return')).toHaveAttribute('data-outcome', 'portal');
  await portal.close();
  expect(await premiumTypeOf(request, member.token)).toBe('free');
  await expect(modal).toHaveAttribute('data-status', 'cards');
  expect(problems).toEqual([]);
});

/** The header of a tab shows the signed-in account menu, not the sign-in button. */
async function expectSignedInHeader(tab: Page) {
  await expect(tab.getByTestId('app-header').getByTestId('account-menu')).toBeVisible();
  await expect(tab.getByTestId('account-sign-in')).toHaveCount(0);
}

async function premiumTypeOf(request: Parameters<typeof currentCredits>[0], token: string): Promise<string> {
  const answer = await request.get('/api/users/currentUser?refresh=true', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { premiumType: string }).premiumType;
}
