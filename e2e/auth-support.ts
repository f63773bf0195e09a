// Helpers of the identity, guard, consent, capture and language browser tests: the demo accounts, signing
// in through the real login page, reading local storage, and fresh accounts made through the real API.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../src/domain/constants';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@paybench.demo', landing: '/admin/stats' },
  corporate: { email: 'corporate@paybench.demo', landing: '/dashboard' },
  unlimited: { email: 'unlimited@paybench.demo', landing: '/dashboard' },
  member: { email: 'member@paybench.demo', landing: '/comparison' },
  premium: { email: 'premium@paybench.demo', landing: '/comparison' },
} as const;

export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** The demo accounts' password: playwright.config.ts sets DEMO_PASSWORD for the server and the tests. */
export function demoPasswordForTests(): string {
  const password = process.env.DEMO_PASSWORD;
  if (!password) throw new Error('DEMO_PASSWORD is not set: run through playwright.config.ts');
  return password;
}

/** The path (and query) of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Fills and sends the sign-in form of the page currently shown (/login). */
export async function submitSignIn(page: Page, email: string, password: string = demoPasswordForTests()): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Opens /login, signs in as the demo role through the form and waits for the role's landing page (auth.spec). */
export async function signInThroughLoginPage(page: Page, role: DemoRole): Promise<void> {
  const account = DEMO_ACCOUNTS[role];
  await page.goto('/login');
  await submitSignIn(page, account.email);
  await expect(page).toHaveURL((url) => url.pathname === account.landing);
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/**
 * A session of its own for this page's browser, opened the quick way: the sign-in call through the page's own request
 * context (its refresh cookie lands in the browser), the account remembered in local storage as the app does after a
 * sign-in, then `landing` opened, where the app restores the session from the cookie. The login page itself is tested
 * in auth.spec (signInThroughLoginPage); here it would only cost every test a page load. A session is never shared
 * between tests: refresh tokens rotate, and a copied one is treated as stolen (its whole session is revoked).
 */
export async function openSession(page: Page, email: string, landing: string, password: string = demoPasswordForTests()): Promise<void> {
  const answer = await page.request.post('/api/auth/sign-in', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { user } = (await answer.json()) as { user: { email: string } };
  expect(user.email).toBe(email);
  // Local storage belongs to the origin: a tiny same-origin document first (no app load), then the account.
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.currentUser, JSON.stringify(user)] as const);
  await page.goto(landing);
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/** Signs in as the demo role (a session of its own, see openSession) and opens the role's landing page. */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  const account = DEMO_ACCOUNTS[role];
  await openSession(page, account.email, account.landing);
  await expect(page).toHaveURL((url) => url.pathname === account.landing);
}

export async function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      entries[key] = localStorage.getItem(key)!;
    }
    return entries;
  });
}

/** Signs out through the account menu. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-sign-out').click();
}

let accountCounter = 0;

/** A new member account registered through the API (POST users/member); returns its e-mail and password. */
export async function registerMember(request: APIRequestContext, prefix = 'e2e'): Promise<{ email: string; password: string }> {
  accountCounter += 1;
  const email = `${prefix}-${Date.now()}-${accountCounter}@example.com`;
  const password = `Lantern-${Date.now()}-Orchard-${accountCounter}`;
  const answer = await request.post('/api/users/member', { data: { email, password } });
  // Accepted the same way for any address (no account enumeration); the account exists now.
  expect(answer.status(), await answer.text()).toBe(202);
  return { email, password };
}

export async function apiToken(request: APIRequestContext, email: string, password: string = demoPasswordForTests()): Promise<string> {
  const answer = await request.post('/api/auth/sign-in', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** Collects uncaught page errors, so a test can assert the page never broke. */
export function collectPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
