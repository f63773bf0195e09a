// The TOTP second factor in the real UI: a member turns it on in the settings with the QR code's secret,
// keeps the recovery codes, then signs in with the app's code (a wrong code is refused on the step) and with a
// recovery code; an admin on a server with ADMIN_MFA=required enrols at the first sign-in and gives a code the next
// time. The test plays the authenticator app: it computes the code from the secret the page shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, workerPort, type Page } from './fixtures';
import { currentTotpCode } from '../src/server/auth/totp';
import { DEMO_ACCOUNTS, demoPasswordForTests, registerMember, signOutThroughMenu, submitSignIn } from './auth-support';
import { expectAccessible } from './a11y-support';
import { startAppServer, type AppServer } from './server';

/** The code of the app for the step after now: each step is accepted once, so a second code must be a later one. */
const codeOf = (secret: string, steps = 0) => currentTotpCode(secret, Date.now() + steps * 30_000);

async function expectSecondStep(page: Page): Promise<void> {
  await expect(page.getByTestId('second-factor-form')).toBeVisible();
  // Not signed in yet: no account menu, and still on /login.
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
}

test('a member turns on two-step verification in the settings, then signs in with a code and with a recovery code', async ({ page, request }) => {
  // Two axe tours (both languages, both widths) besides the journey.
  test.setTimeout(240_000);
  const { email, password } = await registerMember(request, 'totp');
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/comparison/);

  await page.goto('/settings');
  // The settings page is a chunk of its own: the first visit may take a while on a busy machine.
  await expect(page.getByTestId('settings-2fa-state')).toHaveAttribute('data-step', 'off', { timeout: 30_000 });
  await page.getByTestId('settings-2fa-start').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'settings: two-step verification, scanning the QR code');

  // A wrong code keeps the QR code on screen with the error on the field.
  const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
  await page.getByTestId('settings-2fa-code').fill(wrong);
  await page.getByTestId('settings-2fa-confirm').click();
  await expect(page.getByTestId('settings-2fa-code-error')).toBeVisible();
  await expect(page.getByTestId('totp-qr')).toBeVisible();

  await page.getByTestId('settings-2fa-code').fill(codeOf(secret));
  await page.getByTestId('settings-2fa-confirm').click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.nth(0).textContent())!.trim();
  await page.getByTestId('settings-2fa-codes-saved').click();
  await expect(page.getByTestId('settings-2fa-on')).toContainText('10');

  // Next sign-in: the password, then the code.
  await signOutThroughMenu(page);
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expectSecondStep(page);
  // The code is all the step asks: its field has the focus as soon as it appears.
  await expect(page.getByTestId('second-factor-code')).toBeFocused();
  await expectAccessible(page, 'login: the second step');
  await page.getByTestId('second-factor-code').fill(wrong);
  await page.getByTestId('second-factor-submit').click();
  await expect(page.getByTestId('second-factor-code-error')).toBeVisible();
  // A refused code is announced to a screen reader, not only drawn in red.
  await expect(page.getByRole('alert').and(page.getByTestId('second-factor-code-error'))).toBeVisible();
  await expectSecondStep(page);
  await page.getByTestId('second-factor-code').fill(codeOf(secret, 1));
  await page.getByTestId('second-factor-submit').click();
  await expect(page).toHaveURL(/\/comparison/);
  await expect(page.getByTestId('account-menu')).toBeVisible();

  // Without the phone: a recovery code, once.
  await signOutThroughMenu(page);
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expectSecondStep(page);
  await page.getByTestId('second-factor-code').fill(recoveryCode);
  await page.getByTestId('second-factor-submit').click();
  await expect(page).toHaveURL(/\/comparison/);
  await page.goto('/settings');
  await expect(page.getByTestId('settings-2fa-on')).toContainText('9');
});

test.describe('an admin while ADMIN_MFA=required', () => {
  // A server of its own (its own embedded database), so the demo admin of the other tests keeps signing in with
  // the password alone.
  const port = workerPort(60);
  const origin = `http://127.0.0.1:${port}`;
  let server: AppServer | undefined;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-e2e-mfa-'));
    server = await startAppServer(port, { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED_FORMS: '0', ADMIN_MFA: 'required' });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('enrols at the first sign-in with the QR code, keeps the recovery codes, and gives a code the next time', async ({ page }) => {
    test.setTimeout(240_000);
    const admin = DEMO_ACCOUNTS.admin;
    await page.goto(`${origin}/login`);
    await submitSignIn(page, admin.email, demoPasswordForTests());
    await expect(page.getByTestId('second-factor-enrol')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    await expect(page.getByTestId('account-menu')).toHaveCount(0);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await expectAccessible(page, 'login: an admin enrolling a second factor');

    await page.getByTestId('second-factor-code').fill(codeOf(secret));
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('second-factor-codes')).toBeVisible();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await expectAccessible(page, 'login: the recovery codes after enrolling');
    await page.getByTestId('second-factor-codes-saved').click();
    await expect(page).toHaveURL(`${origin}${admin.landing}`);
    await expect(page.getByTestId('account-menu')).toBeVisible();

    // The settings say it must stay on: no way to turn it off.
    await page.goto(`${origin}/settings`);
    await expect(page.getByTestId('settings-2fa-required')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('settings-2fa-disable')).toHaveCount(0);

    await signOutThroughMenu(page);
    await page.goto(`${origin}/login`);
    await submitSignIn(page, admin.email, demoPasswordForTests());
    await expect(page.getByTestId('second-factor-form')).toBeVisible();
    await page.getByTestId('second-factor-code').fill(codeOf(secret, 1));
    await page.getByTestId('second-factor-submit').click();
    await expect(page).toHaveURL(`${origin}${admin.landing}`);
  });
});
