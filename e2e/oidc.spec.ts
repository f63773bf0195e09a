// Sign-in through an identity provider in the browser, against a real OpenID provider (oidc-provider,
// tests/server/helpers/oidcProvider.ts) on a local port. The suite's own server has no provider configured (the quick
// start is unchanged), so this spec starts a second app server of its own, configured for the provider, on its own
// port and embedded database: "Continue with …" → the provider's login page → back, landing by role; the sign-out
// that ends the provider's session too; company single sign-on by the e-mail's domain; the linking step of an
// existing account; and a new address the provider does not verify, proven by our e-mailed link opened in
// the same browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, workerPort, type APIRequestContext, type Page } from './fixtures';
import { startTestProvider, type TestProvider } from '../tests/server/helpers/oidcProvider';
import { demoPasswordForTests, signOutThroughMenu } from './auth-support';
import { startAppServer, type AppServer } from './server';

const APP_PORT = Number(process.env.E2E_OIDC_PORT ?? workerPort(50));
const APP = `http://127.0.0.1:${APP_PORT}`;
const PROVIDER_ID = 'testidp';
const DOMAIN = 'acme-e2e.test';

let idp: TestProvider;
let server: AppServer | undefined;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  idp = await startTestProvider({
    publicUrl: APP,
    people: {
      'new-member': { email: 'new-member@people-e2e.test', email_verified: true, name: 'New Member' },
      'company-boss': { email: `boss@${DOMAIN}`, email_verified: true, name: 'Company Boss' },
      'demo-member': { email: 'member@paybench.demo', email_verified: true, name: 'Demo Member' },
      'unverified-newcomer': { email: 'newcomer@people-e2e.test', email_verified: false, name: 'Unverified Newcomer' },
    },
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'paybench-e2e-oidc-'));
  server = await startAppServer(APP_PORT, {
    ...idp.env(PROVIDER_ID),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // Its own counters: with CI's REDIS_URL inherited it shared the suite server's sign-in limit for the demo admin.
    REDIS_URL: '',
    SEED_FORMS: '100',
    ADMIN_MFA: 'optional',
    DEMO_PASSWORD: demoPasswordForTests(),
    WEB_DIR: process.env.WEB_DIR ?? path.resolve('dist/web'),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** At the provider's login page, signs in as the test person; the provider sends the browser back to the app. */
async function loginAtProvider(page: Page, person: string) {
  await expect(page).toHaveURL((url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'));
  await page.getByRole('link', { name: `Sign in as ${person}` }).click();
}

async function bearerOf(request: APIRequestContext, email: string, password: string): Promise<{ authorization: string }> {
  const res = await request.post(`${APP}/api/auth/sign-in`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

test('a new person continues with the provider, lands as a member, and signs out at the provider too', async ({ page }) => {
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-provider-testidp').click();
  await loginAtProvider(page, 'new-member');
  // Back through /login's fragment: the session is renewed from the refresh cookie and the member lands by role.
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/comparison');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');

  await signOutThroughMenu(page);
  // RP-initiated sign-out: the provider's end-session page, then back to the app's home.
  await expect(page).toHaveURL((url) => url.origin === idp.issuer);
  await page.getByRole('button', { name: /sign me out/i }).click();
  await expect(page).toHaveURL((url) => url.origin === APP && ['/', '/home'].includes(url.pathname));
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
});

test("a company's domain sends its people to the company's provider (home-realm discovery)", async ({ page, request }) => {
  const password = 'violet tram sings at midnight';
  const admin = await bearerOf(request, 'admin@paybench.demo', demoPasswordForTests());
  const created = await request.post(`${APP}/api/users/corporate`, {
    headers: admin,
    data: { email: `boss@${DOMAIN}`, password, corporateInfo: { companyName: 'Acme E2E' } },
  });
  expect(created.status(), await created.text()).toBe(202);
  // The corporate user names the company's provider and domain in the settings; the domain waits for an admin.
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-email').fill(`boss@${DOMAIN}`);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/dashboard');
  await page.goto(`${APP}/settings`);
  const card = page.getByTestId('settings-company-sso');
  await card.getByTestId('settings-company-sso-provider').selectOption(PROVIDER_ID);
  await card.getByTestId('settings-company-sso-domains').fill(DOMAIN);
  await card.getByTestId('settings-company-sso-save').click();
  await expect(card.getByTestId('settings-company-sso-domain-list')).toContainText(DOMAIN);
  await expect(card.getByTestId('settings-company-sso-domain-list')).toContainText(/pendiente|waiting/i);
  await signOutThroughMenu(page);
  await expect(page).toHaveURL((url) => url.origin === APP && ['/', '/home'].includes(url.pathname));
  // An admin approves the domain (/admin/configs).
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-email').fill('admin@paybench.demo');
  await page.getByTestId('login-password').fill(demoPasswordForTests());
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/admin/stats');
  await page.goto(`${APP}/admin/configs`);
  const row = page.getByTestId(`admin-company-domain-${DOMAIN}`);
  await row.getByTestId('admin-company-domain-approve').click();
  await expect(row.getByTestId('admin-company-domain-withdraw')).toBeVisible();
  await signOutThroughMenu(page);
  await expect(page).toHaveURL((url) => url.origin === APP && ['/', '/home'].includes(url.pathname));

  // Refused at the company's provider: back on the sign-in form with the address still typed and one error said once
  // (the form's alert, no toast beside it).
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-email').fill(`boss@${DOMAIN}`);
  await page.getByTestId('login-email').blur();
  await expect(page).toHaveURL((url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'));
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/login');
  await expect(page.getByTestId('login-error')).toContainText(/proveedor de identidad no le ha dado acceso|identity provider did not sign you in/i);
  await expect(page.getByTestId('login-email')).toHaveValue(`boss@${DOMAIN}`);
  await expect(page.getByTestId('login-error')).toHaveCount(1);
  await expect(page.getByTestId('login-email-error').or(page.getByTestId('login-password-error'))).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await page.goto(`${APP}/login`);
  await page.getByTestId('login-email').fill(`boss@${DOMAIN}`);
  // Leaving the e-mail field asks where the address signs in: no password is asked.
  await page.getByTestId('login-email').blur();
  await loginAtProvider(page, 'company-boss');
  // The company's provider vouches for its corporate user: linked without a password, landing on the dashboard.
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/dashboard');
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test("a provider's address of an existing account is linked only after that account's password", async ({ page }) => {
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-provider-testidp').click();
  await loginAtProvider(page, 'demo-member');
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/login');
  await expect(page.getByTestId('login-linking')).toBeVisible();
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await page.getByTestId('login-email').fill('member@paybench.demo');
  await page.getByTestId('login-password').fill(demoPasswordForTests());
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/comparison');

  // Linked: next time the provider alone signs the member in (its own session still open, it asks nothing) and no
  // linking step shows. The session came from a password, so signing out ends it here only.
  await signOutThroughMenu(page);
  await expect(page).toHaveURL((url) => url.origin === APP && ['/', '/home'].includes(url.pathname));
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-provider-testidp').click();
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/comparison');
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('a new address the provider does not verify creates nothing until our e-mailed link is opened in this browser', async ({ page, request }) => {
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-provider-testidp').click();
  await loginAtProvider(page, 'unverified-newcomer');
  // Back on /login: nobody is signed in, and the page says where the link went.
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/login');
  await expect(page.getByTestId('login-email-link-sent')).toContainText('newcomer@people-e2e.test');
  await expect(page.getByTestId('account-menu')).toHaveCount(0);

  // The link from the outbox (no SMTP server here), opened in the same browser: the account is made and signed in.
  const admin = await bearerOf(request, 'admin@paybench.demo', demoPasswordForTests());
  const outbox = await request.get(`${APP}/api/admin/outbox?limit=20`, { headers: admin });
  expect(outbox.status(), await outbox.text()).toBe(200);
  const mail = ((await outbox.json()) as { items: Array<{ to: string; text: string }> }).items.find((item) => item.to === 'newcomer@people-e2e.test');
  const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/oidc\/email-link\?token=[A-Za-z0-9_%-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL((url) => url.origin === APP && url.pathname === '/comparison');
  await expect(page.getByTestId('account-menu')).toBeVisible();
});
