// Query-parameter capture through the real UI: during the first 5 s after start, `id` becomes
// campaignId and `email` becomes formEmail and originEmail, both removed from the address without a
// reload; the campaign id is saved on the user (PUT users/uid) when signed in, or after the next sign-in.
// After 5 s the parameters are ignored. The 5 s window IS time, so these tests drive the page's clock.
import { expect, test, type Page } from './fixtures';
import { apiToken, localStorageOf, registerMember, submitSignIn } from './auth-support';

/** A navigation inside the app (no reload), as a link with a query would make. */
async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

async function campaignOf(page: Page, token: string): Promise<string | null> {
  const answer = await page.request.get('/api/users/currentUser?refresh=true', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { campaignId: string | null }).campaignId;
}

test('/?id=C1&email=a@b.co is captured and removed without a reload, and the campaign is saved after the next sign-in', async ({ page, request }) => {
  const { email, password } = await registerMember(request, 'capture');
  await page.goto('/?id=C1&email=a@b.co');
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.search === '', { timeout: 5000 });
  // A marker set before the removal survives it: the page was not reloaded.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  expect(await localStorageOf(page)).toMatchObject({ campaignId: 'C1', formEmail: 'a@b.co', originEmail: 'a@b.co' });

  await page.getByTestId('account-sign-in').click();
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/comparison$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  const token = await apiToken(request, email, password);
  await expect.poll(() => campaignOf(page, token)).toBe('C1');
  await expect.poll(async () => JSON.parse((await localStorageOf(page)).current_user ?? '{}').campaignId).toBe('C1');
});

test('signed in already, a campaign link saves the campaign on the user at once', async ({ page, request }) => {
  const { email, password } = await registerMember(request, 'capture-signed-in');
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/comparison$/);

  await page.goto('/faqs?id=SPRING_2026&utm_source=mail');
  // Only the captured parameters go; the others stay.
  await expect(page).toHaveURL((url) => url.pathname === '/faqs' && url.search === '?utm_source=mail', { timeout: 5000 });
  const token = await apiToken(request, email, password);
  await expect.poll(() => campaignOf(page, token)).toBe('SPRING_2026');
});

test('parameters are taken during the first 5 s only, then ignored', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto('/home');
  await expect(page.getByTestId('home-hero-title')).toBeVisible();

  // 4 s after start: still watched.
  await page.clock.runFor(4000);
  await navigateInApp(page, '/faqs?id=EARLY&email=early@b.co');
  await expect(page).toHaveURL((url) => url.pathname === '/faqs' && url.search === '');
  expect(await localStorageOf(page)).toMatchObject({ campaignId: 'EARLY', formEmail: 'early@b.co', originEmail: 'early@b.co' });

  // Past 5 s: ignored, the address keeps them and nothing is stored.
  await page.clock.runFor(1001);
  await navigateInApp(page, '/about?id=LATE&email=late@b.co');
  await expect(page.getByTestId('information-page')).toHaveAttribute('data-page', 'about');
  await expect(page).toHaveURL((url) => url.pathname === '/about' && url.search === '?id=LATE&email=late@b.co');
  expect(await localStorageOf(page)).toMatchObject({ campaignId: 'EARLY', formEmail: 'early@b.co', originEmail: 'early@b.co' });
});
