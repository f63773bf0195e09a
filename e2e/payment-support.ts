// Helpers of the browser tests that pay: the payment provider's hosted page is the TEST MODE sandbox (the server's
// own page when Stripe's network is out of reach), opened in a new tab as Stripe's would be.
import { expect, type Page } from '@playwright/test';

/** Clicks `trigger`, which opens the sandbox payment page (or the portal) in a new tab, and returns that tab. */
export async function openedTab(page: Page, trigger: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), trigger()]);
  await tab.waitForLoadState();
  return tab;
}

/** Clicks `trigger`, pays on the sandbox page it opens and closes that tab once the return page says the payment went through. */
export async function payInSandbox(page: Page, trigger: () => Promise<void>): Promise<void> {
  const payment = await openedTab(page, trigger);
  await expect(payment.getByText(/MODO DE PRUEBA|TEST MODE/).first()).toBeVisible();
  await payment.getByTestId('sandbox-pay').click();
  // The return page is a second load of the app in the new tab: the slowest step on a busy machine.
  await expect(payment.getByTestId('checkout-return')).toHaveAttribute('data-outcome', 'success', { timeout: 60_000 });
  await payment.close();
}
