// The route guards through the real UI: signed-in pages send a signed-out visitor to /login
// and back after signing in; admin and admin-or-corporate pages send anyone else to /; the register page
// lets admin and corporate users create corporate users.
import { expect, test } from './fixtures';
import { DEMO_ACCOUNTS, collectPageErrors, signInAs, submitSignIn } from './auth-support';

test('a guarded URL while signed out goes to /login and, after signing in, back to that URL', async ({ page }) => {
  const problems = collectPageErrors(page);
  await page.goto('/settings?tab=password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sign-in-form')).toBeVisible();

  // The saved URL wins over the member's landing page (/comparison).
  await submitSignIn(page, DEMO_ACCOUNTS.member.email);
  await expect(page).toHaveURL(/\/settings\?tab=password$/);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the saved URL is used once: the next sign-in lands on the role page', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, DEMO_ACCOUNTS.corporate.email);
  await expect(page).toHaveURL(/\/register$/);

  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-sign-out').click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/login');
  await submitSignIn(page, DEMO_ACCOUNTS.corporate.email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a member opening /admin (or another admin-or-corporate page) goes to /', async ({ page }) => {
  await signInAs(page, 'member');
  for (const path of ['/admin', '/admin/stats', '/dashboard', '/register', '/comparison-comp/abcdefghijklmnopqrst']) {
    await page.goto(path);
    // / leads on to /home.
    await expect(page, path).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-hero-title')).toBeVisible();
  }
  // Pages for every signed-in user stay open to the member.
  await page.goto('/my-account/settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
});

test('a member opening /my-account, its credits or its searches goes to / (admin-or-corporate), told why; the account settings stay open', async ({ page }) => {
  test.slow(); // four pages and three notices
  await signInAs(page, 'member');
  for (const path of ['/my-account', '/my-account/my-credits', '/my-account/my-searches']) {
    await page.goto(path);
    // / leads on to /home.
    await expect(page, path).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-hero-title')).toBeVisible();
    // A toast says these pages are for company accounts and where the member's settings are.
    const notice = page.getByTestId('toast').filter({ hasText: 'Página para cuentas de empresa' });
    await expect(notice.first(), path).toBeVisible();
    await expect(notice.first()).toContainText('«Ajustes»');
  }
  await page.goto('/my-account/settings');
  await expect(page).toHaveURL(/\/my-account\/settings$/);
  await expect(page.getByTestId('settings-page')).toBeVisible();
});

test('a corporate user opens the corporate pages but not the admin area', async ({ page }) => {
  await signInAs(page, 'corporate');
  await page.goto('/register');
  await expect(page.getByTestId('register-page')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/home$/);
});

test('an admin opens the admin area, and /admin leads to /admin/stats', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/stats$/);
  await page.goto('/register');
  await expect(page.getByTestId('register-page')).toBeVisible();
});

test('public and auth-ready pages open while signed out', async ({ page }) => {
  for (const path of ['/home', '/privacy', '/faqs', '/steps', '/demo-comparison', '/blog']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('guard-waiting')).toHaveCount(0);
  }
});

test('an admin invites a corporate user on the register page and stays (a registered address answers the same); a corporate user moves on to the dashboard when they ask', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/register');
  const email = `corp-${Date.now()}@example.com`;
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('Granite-Sparrow-Ledger-3');
  await page.getByTestId('register-password-confirm').fill('Granite-Sparrow-Ledger-3');
  await page.getByTestId('register-company').fill('Acme Industrial SA');
  await page.getByTestId('register-submit').click();
  // A success toast titled "Registro realizado correctamente", its body naming the invitation.
  const toast = page.getByTestId('toast').filter({ hasText: `Invitación enviada a ${email}.` });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-status', 'success');
  await expect(toast).toContainText('Registro realizado correctamente');
  await expect(page.getByTestId('register-created')).toContainText(`Invitación enviada a ${email}.`);
  await expect(page).toHaveURL(/\/register$/);

  // The same address again: the page answers exactly as for a new address (registration never tells
  // whether an address has an account); the owner is told by e-mail instead.
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('Granite-Sparrow-Ledger-5');
  await page.getByTestId('register-password-confirm').fill('Granite-Sparrow-Ledger-5');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-created')).toContainText(`Invitación enviada a ${email}.`);
  await expect(page.getByTestId('register-error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/register$/);

  // The new corporate user signs in and lands on the dashboard; registering a colleague takes them there too.
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-sign-out').click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/login');
  await submitSignIn(page, email, 'Granite-Sparrow-Ledger-3');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page.getByTestId('register-company')).toHaveValue('Acme Industrial SA');
  const colleague = `colleague-${Date.now()}@example.com`;
  await page.getByTestId('register-email').fill(colleague);
  await page.getByTestId('register-password').fill('Granite-Sparrow-Ledger-4');
  await page.getByTestId('register-password-confirm').fill('Granite-Sparrow-Ledger-4');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Invitación enviada a ${colleague}.` })).toContainText('Registro realizado correctamente');
  // The invitation is confirmed on the page; the dashboard is one click on.
  await expect(page.getByTestId('register-created')).toContainText(`Invitación enviada a ${colleague}.`);
  await expect(page).toHaveURL(/\/register$/);
  await page.getByTestId('register-continue').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
