// Cookie consent through the real UI: the bar shows while no choice is stored, accept and deny are equally
// prominent, the choice survives a reload, and the configured analytics script (ANALYTICS_SCRIPT_URL of
// the test server, playwright.config.ts) is requested only after accepting — never after denying. The
// script is outside our system: the test intercepts it.
import { expect, test, type Page } from './fixtures';
import { localStorageOf, signInAs } from './auth-support';

const ANALYTICS_PATH = '/e2e-analytics/script.js';

/** Serves the analytics script and counts every request for it. */
async function watchAnalytics(page: Page): Promise<{ requests: () => number }> {
  let count = 0;
  await page.route(`**${ANALYTICS_PATH}`, (route) => {
    count += 1;
    return route.fulfill({
      contentType: 'application/javascript',
      body: 'window.__analyticsRuns = (window.__analyticsRuns || 0) + 1;',
    });
  });
  return { requests: () => count };
}

/** The app has started and read its configuration (the home figures come after GET /app-config). */
async function appReady(page: Page): Promise<void> {
  await expect(page.getByTestId('home-summary-figures')).toBeVisible();
  await expect(page.getByTestId('account-sign-in')).toBeVisible();
}

test('with no choice stored the bar shows accept and deny equally prominent, and nothing of analytics loads', async ({ page }) => {
  const analytics = await watchAnalytics(page);
  await page.goto('/home');
  await appReady(page);
  const bar = page.getByTestId('cookie-bar');
  await expect(bar).toBeVisible();
  const accept = await page.getByTestId('cookie-accept').boundingBox();
  const deny = await page.getByTestId('cookie-deny').boundingBox();
  expect(accept && deny && { width: Math.round(accept.width), height: Math.round(accept.height) }).toEqual(
    deny && { width: Math.round(deny.width), height: Math.round(deny.height) },
  );
  // The bar sits at the bottom of the viewport.
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height);

  await page.getByTestId('nav-comparison').click(); // another page, still no choice
  await page.goto('/faqs');
  await expect(page.getByTestId('information-page')).toBeVisible();
  expect(analytics.requests()).toBe(0);
  expect(await page.locator('script[data-paybench-analytics]').count()).toBe(0);
});

test('accepting stores true, slides the bar away, loads analytics, and survives a reload', async ({ page }) => {
  const analytics = await watchAnalytics(page);
  await page.goto('/home');
  await appReady(page);
  expect(analytics.requests()).toBe(0);

  await page.getByTestId('cookie-accept').click();
  await expect(page.getByTestId('cookie-bar')).toHaveAttribute('data-state', 'hiding');
  await expect(page.getByTestId('cookie-bar')).toHaveCount(0);
  expect((await localStorageOf(page)).acceptCookies).toBe('true');
  await expect.poll(() => analytics.requests()).toBe(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __analyticsRuns?: number }).__analyticsRuns)).toBe(1);

  await page.reload();
  await appReady(page);
  await expect(page.getByTestId('cookie-bar')).toHaveCount(0);
  await expect.poll(() => analytics.requests()).toBe(2);
});

test('denying stores false, and no analytics code ever loads, before or after a reload', async ({ page }) => {
  const analytics = await watchAnalytics(page);
  await page.goto('/home');
  await appReady(page);
  await page.getByTestId('cookie-deny').click();
  await expect(page.getByTestId('cookie-bar')).toHaveCount(0);
  expect((await localStorageOf(page)).acceptCookies).toBe('false');

  await page.reload();
  await appReady(page);
  await expect(page.getByTestId('cookie-bar')).toHaveCount(0);
  await page.goto('/privacy');
  await expect(page.getByTestId('information-page')).toBeVisible();
  expect(analytics.requests()).toBe(0);
  expect(await page.locator('script[data-paybench-analytics]').count()).toBe(0);
});

test('the choice can be changed in settings', async ({ page }) => {
  const analytics = await watchAnalytics(page);
  await page.goto('/home');
  await appReady(page);
  await page.getByTestId('cookie-deny').click();
  await signInAs(page, 'member');
  await page.goto('/settings');
  await expect(page.getByTestId('settings-cookies-state')).toHaveAttribute('data-state', 'denied');
  expect(analytics.requests()).toBe(0);

  await page.getByTestId('settings-cookies-accept').click();
  await expect(page.getByTestId('settings-cookies-state')).toHaveAttribute('data-state', 'accepted');
  expect((await localStorageOf(page)).acceptCookies).toBe('true');
  await expect.poll(() => analytics.requests()).toBe(1);
  // Changing it in settings shows no bar.
  await expect(page.getByTestId('cookie-bar')).toHaveCount(0);

  await page.getByTestId('settings-cookies-deny').click();
  await expect(page.getByTestId('settings-cookies-state')).toHaveAttribute('data-state', 'denied');
  expect((await localStorageOf(page)).acceptCookies).toBe('false');
  expect(await page.locator('script[data-paybench-analytics]').count()).toBe(0);
});
