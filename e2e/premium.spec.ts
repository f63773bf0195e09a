// Premium sells something: a free member (this year's questionnaire completed) opens their evolution, which the free
// plan does not include; the premium modal shows instead, the Basic cards marked as including the evolution; the
// member buys Basic through the TEST MODE sandbox (a second tab, as Stripe's hosted page would be) and the evolution
// opens in the first tab. The plans themselves are checked on the server (tests/server/entitlements.test.ts).
import { expect as baseExpect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { memberWithCompletedForm, signIn } from './questionnaire-support';
import { watchProblems } from './comparison-support';

// The purchase goes through the real webhook and the return page is a second load of the app: longer waits.
const expect = baseExpect.configure({ timeout: 20_000 });

const es = JSON.parse(readFileSync('locales/es.json', 'utf8')) as {
  entitlements: { includes: string; features: Record<string, { title: string }> };
};

test('a free member opens the evolution, meets the premium modal with Basic marked, buys Basic and the evolution opens', async ({ page, request }) => {
  test.setTimeout(180_000);
  const problems = watchProblems(page);
  const member = await memberWithCompletedForm(request, 'premium-journey');
  await signIn(page, member.email, member.password);

  await page.goto('/your-evolution');
  await expect(page.getByTestId('premium-gate')).toBeVisible();
  const modal = page.getByTestId('premium-modal');
  await expect(modal).toHaveAttribute('data-status', 'cards', { timeout: 60_000 });
  await expect(modal.getByTestId('premium-modal-required')).toHaveAttribute('data-plan', 'basic');
  await expect(modal.getByTestId('premium-modal-required')).toHaveAttribute('data-feature', 'evolution');

  // Exactly the Basic cards (yearly and 3 months) are marked "Incluye Su evolución…"; the dearer plans are not.
  const marked = modal.locator('[data-testid="subscription-card"][data-highlighted="true"]');
  expect(await marked.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')))).toEqual(['basic-year', 'basic-quarter']);
  const includes = es.entitlements.includes.replace('{{feature}}', es.entitlements.features.evolution.title);
  await expect(modal.locator('[data-card="basic-year"]').getByTestId('card-includes')).toHaveText(includes);
  await expect(modal.locator('[data-card="premium-year"]').getByTestId('card-includes')).toHaveCount(0);
  // Each card lists what its plan includes: Basic has the evolution.
  await expect(modal.locator('[data-card="basic-year"]')).toContainText(es.entitlements.features.evolution.title);

  const basic = modal.locator('[data-card="basic-year"]');
  await basic.getByTestId('card-select').scrollIntoViewIfNeeded();
  await payInSandbox(page, () => basic.getByTestId('card-select').click());

  // The plan is on the account: the gate lets the evolution through, with its figures.
  await expect(page.getByTestId('evolution-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('premium-gate')).toHaveCount(0);
  await expect(page.getByTestId('evolution-page')).toHaveAttribute('data-phase', 'result', { timeout: 60_000 });
  expect(problems).toEqual([]);
});

/** Clicks `trigger`, which opens the sandbox payment page in a new tab, pays there and closes it once it returned. */
async function payInSandbox(page: Page, trigger: () => Promise<void>): Promise<void> {
  const [payment] = await Promise.all([page.context().waitForEvent('page'), trigger()]);
  await payment.waitForLoadState();
  await expect(payment.getByText(/MODO DE PRUEBA|TEST MODE/).first()).toBeVisible();
  await payment.getByTestId('sandbox-pay').click();
  await expect(payment.getByTestId('checkout-return')).toHaveAttribute('data-outcome', 'success', { timeout: 60_000 });
  await payment.close();
}
