// Helpers of the comparison and account browser tests: the demo accounts' password, signing in through
// the login page, and API calls with a demo user's token (to bring an account to a given state through
// the real app, never by editing the database).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, openSession } from './auth-support';

export const DEMO = {
  admin: 'admin@paybench.demo',
  corporate: 'corporate@paybench.demo',
  unlimited: 'unlimited@paybench.demo',
  member: 'member@paybench.demo',
  premium: 'premium@paybench.demo',
} as const;

/** DEMO_PASSWORD of the test server, or the one it generated in its data folder. */
export function demoPassword(): string {
  if (process.env.DEMO_PASSWORD) return process.env.DEMO_PASSWORD;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return (JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { demoPassword: string }).demoPassword;
}

export interface ApiSession {
  token: string;
  user: { _id: string; email: string; credits: number; role: string[]; premiumType: string };
}

export async function apiSignIn(request: APIRequestContext, email: string): Promise<ApiSession> {
  const answer = await request.post('/api/auth/sign-in', { data: { email, password: demoPassword() } });
  expect(answer.status(), await answer.text()).toBe(200);
  const session = (await answer.json()) as { accessToken: string; user: ApiSession['user'] };
  return { token: session.accessToken, user: session.user };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function currentCredits(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/users/currentUser?refresh=true', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { credits: number }).credits;
}

let keyCounter = 0;
/** A new comparison through the API (charged for a corporate user); returns the answer. */
export async function apiCompare(request: APIRequestContext, token: string, filters: Record<string, unknown> = {}) {
  keyCounter += 1;
  const answer = await request.post('/api/forms/comparation', {
    headers: bearer(token),
    data: { filters, isHistory: false, idempotencyKey: `e2e-${Date.now()}-${keyCounter}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { status: string; historyId?: string; creditsLeft: number | null };
}

/**
 * Brings a corporate account to exactly `target` credits through the app: spends the surplus on searches,
 * or has the admin add what is missing (PATCH users/{id} creditsDelta, recorded in the ledger).
 */
export async function bringCreditsTo(request: APIRequestContext, email: string, target: number): Promise<void> {
  const { token, user } = await apiSignIn(request, email);
  let credits = await currentCredits(request, token);
  while (credits > target) {
    const answer = await apiCompare(request, token);
    expect(answer.status).toBe('ok');
    credits = answer.creditsLeft!;
  }
  if (credits < target) {
    const admin = await apiSignIn(request, DEMO.admin);
    const patched = await request.patch(`/api/users/${user._id}`, {
      headers: bearer(admin.token),
      data: { creditsDelta: target - credits, reason: 'e2e: credits for the test' },
    });
    expect(patched.status(), await patched.text()).toBe(200);
  }
  expect(await currentCredits(request, token)).toBe(target);
}

/** The answers of a complete questionnaire (a director in Spanish banking). */
export const COMPLETE_ANSWERS = {
  country: 'es',
  city: 'madrid',
  birthYear: 1980,
  gender: 'male',
  educationLevel: 'master',
  yearsExperience: 18,
  sector: 'banking',
  companySize: '5000-plus',
  companyType: 'listed',
  functionalArea: 'finance',
  positionLevel: 'director',
  directReports: 10,
  yearsInPosition: 4,
  fixedSalary: 150_000,
  annualBonus: 35_000,
  targetBonusPercent: 20,
  deferredCompensation: 15_000,
  diffWithoutDeferral: 0,
  diffWithDeferral: 0,
  privacyConsent: true,
  newsletterOptIn: false,
} as const;

/** Gives a signed-in user a completed form of the current survey year through the API (POST forms + PUT complete). */
export async function ensureCompletedForm(request: APIRequestContext, token: string): Promise<void> {
  const created = await request.post('/api/forms', { headers: bearer(token), data: COMPLETE_ANSWERS });
  expect([200, 201], await created.text()).toContain(created.status());
  const form = (await created.json()) as { id: string; status: string };
  if (form.status === 'completed') return;
  const completed = await request.put(`/api/forms/${form.id}`, { headers: bearer(token), data: { ...COMPLETE_ANSWERS, step: 4, complete: true } });
  expect(completed.status(), await completed.text()).toBe(200);
  expect(((await completed.json()) as { status: string }).status).toBe('completed');
}

/** Signs a demo account in (a session of its own, auth-support openSession) on its landing page. */
export async function signIn(page: Page, email: string, landing: RegExp): Promise<void> {
  const account = Object.values(DEMO_ACCOUNTS).find((demo) => demo.email === email);
  if (!account) throw new Error(`${email} is not a demo account`);
  await openSession(page, email, account.landing, demoPassword());
  await expect(page).toHaveURL(landing);
}

/** Collects page errors and console errors, to assert none happened. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // A 402 answer is logged by the browser as a failed resource: that one is expected in the credit test.
    if (message.type() === 'error' && !/status of 402/.test(message.text())) problems.push(message.text());
  });
  return problems;
}

/** Waits until the live count has answered and allows a search. */
export async function waitForSearchable(page: Page): Promise<void> {
  await expect(page.getByTestId('comparison-count')).toHaveAttribute('data-status', 'known');
  await expect(page.getByTestId('comparison-count')).toHaveAttribute('data-enough', 'true');
  await expect(page.getByTestId('comparison-search')).toBeEnabled();
}

/** The charts of a result really drew: ApexCharts' SVG with the box plot of the measure. */
export async function expectChartDrawn(page: Page, measure: string): Promise<void> {
  const chart = page.getByTestId(`distribution-chart-${measure}`);
  await expect(chart.locator('svg.apexcharts-svg')).toBeVisible();
  await expect(chart.locator('.apexcharts-boxPlot-series, .apexcharts-candlestick-series').first()).toBeAttached();
}
