// Helpers of the questionnaire and my-form browser tests: answering the steps through the real page, reading
// local storage, and accounts brought to a state through the real API (never by editing the database).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** What a person answers on each step, as typed in Spanish (selects by option code). */
export const ANSWERS: Array<Record<string, string | boolean>> = [
  { email: '', country: 'es', city: 'madrid', birthYear: '1979', gender: 'female', educationLevel: 'mba', yearsExperience: '19' },
  {
    sector: 'energy',
    companySize: '1000-4999',
    companyType: 'listed',
    functionalArea: 'finance',
    positionLevel: 'director',
    directReports: '9',
    yearsInPosition: '4',
  },
  { fixedSalary: '152000' },
  { annualBonus: '31000', targetBonusPercent: '20' },
  { deferredCompensation: '12000', diffWithoutDeferral: '-5', diffWithDeferral: '2,5', privacyConsent: true, newsletterOptIn: false },
];

const SELECTS = new Set(['country', 'city', 'gender', 'educationLevel', 'sector', 'companySize', 'companyType', 'functionalArea', 'positionLevel']);

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Answers one question of the step shown. */
export async function answer(page: Page, name: string, value: string | boolean): Promise<void> {
  const field = page.getByTestId(`question-${name}`);
  if (typeof value === 'boolean') {
    const checkbox = page.getByTestId(`field-${name}`).getByRole('checkbox');
    if ((await checkbox.isChecked()) !== value) await page.getByTestId(`field-${name}`).locator('label').first().click();
    await expect(checkbox).toBeChecked({ checked: value });
    return;
  }
  if (SELECTS.has(name)) await field.selectOption(value);
  else await field.fill(value);
}

/** Answers every question of step `index` (0–4) with ANSWERS, the e-mail with `email` when it is asked. */
export async function answerStep(page: Page, index: number, email?: string): Promise<void> {
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', String(index));
  for (const [name, value] of Object.entries(ANSWERS[index])) {
    if (name === 'email') {
      if (email !== undefined) await answer(page, name, email);
      continue;
    }
    await answer(page, name, value);
  }
}

/** Next, then waits for the following step (its address and its questions). */
export async function next(page: Page, from: number): Promise<void> {
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', String(from + 1));
  await expect(page).toHaveURL(new RegExp(`/steps/${from + 2}$`));
}

export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** The complete answers of a form as the API takes them (the contract's FormAnswers). */
export function apiAnswers(email: string) {
  return {
    email,
    country: 'es',
    city: 'valencia',
    birthYear: 1982,
    gender: 'male',
    educationLevel: 'master',
    yearsExperience: 17,
    sector: 'consulting',
    companySize: '250-999',
    companyType: 'private',
    functionalArea: 'strategy',
    positionLevel: 'head',
    directReports: 6,
    yearsInPosition: 3,
    fixedSalary: 118_000,
    annualBonus: 21_000,
    deferredCompensation: 0,
    diffWithoutDeferral: 0,
    diffWithDeferral: 0,
    privacyConsent: true,
  };
}

/**
 * A member with a completed form of this survey year, made the way a person does it: an anonymous form
 * completed through the API, then a registration that claims it. Returns the credentials.
 */
export async function memberWithCompletedForm(request: APIRequestContext, prefix: string): Promise<{ email: string; password: string; formId: string }> {
  const email = uniqueEmail(prefix);
  const password = `Harbour-${Date.now()}-Lantern`;
  const created = await request.post('/api/forms', { data: apiAnswers(email) });
  expect(created.status(), await created.text()).toBe(201);
  const formId = ((await created.json()) as { id: string }).id;
  const completed = await request.put(`/api/forms/${formId}`, { data: { step: 4, complete: true } });
  expect(completed.status(), await completed.text()).toBe(200);
  const registered = await request.post('/api/users/member', { data: { email, password, formId } });
  // Accepted the same way for any address (no account enumeration, no session): the form is claimed.
  expect(registered.status(), await registered.text()).toBe(202);
  return { email, password, formId };
}

/** Signs in through the login page and waits until the session is there. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
}
