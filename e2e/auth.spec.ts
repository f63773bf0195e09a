// Identity through the real UI and the real server: signing in as each demo role lands on the role's
// page, the session survives a reload, a wrong password shows auth.{code} once (on the field), signing out empties local
// storage, and the password pages (forgot, reset link, change) and the GDPR self-service work end to end.
import { expect, test } from './fixtures';
import {
  DEMO_ACCOUNTS,
  apiToken,
  collectPageErrors,
  localStorageOf,
  registerMember,
  signInAs,
  signInThroughLoginPage,
  signOutThroughMenu,
  submitSignIn,
  type DemoRole,
} from './auth-support';

for (const role of Object.keys(DEMO_ACCOUNTS) as DemoRole[]) {
  test(`signed in as ${role}, the person lands on ${DEMO_ACCOUNTS[role].landing} and stays signed in after a reload`, async ({ page }) => {
    const problems = collectPageErrors(page);
    await signInThroughLoginPage(page, role);
    const stored = await localStorageOf(page);
    expect(JSON.parse(stored.current_user)).toMatchObject({ email: DEMO_ACCOUNTS[role].email });

    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('account-email')).toHaveText(DEMO_ACCOUNTS[role].email);
    await expect(page.getByTestId('account-my_account_settings')).toBeVisible();
    // Credits and searches are for admin and corporate users only (their routes are guarded so).
    await expect(page.getByTestId('account-my_credits')).toBeVisible({ visible: role !== 'member' && role !== 'premium' });
    // A company's pay transparency is for its corporate users only (the payroll calls refuse admins too).
    await expect(page.getByTestId('account-pay_transparency')).toBeVisible({ visible: role === 'corporate' || role === 'unlimited' });
    await page.keyboard.press('Escape');

    // The refresh cookie restores the session: the guarded landing page shows again, not /login.
    await page.reload();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === DEMO_ACCOUNTS[role].landing);
    expect(problems).toEqual([]);
  });
}

test('a wrong password is refused with the translated auth code, and the form can be sent again', async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, DEMO_ACCOUNTS.member.email, 'not-the-password-at-all');
  // The translated auth.{code} said once, on the password field (announced), with no alert and no toast beside it.
  const said = page.getByTestId('login-password-error');
  await expect(said).toHaveText('El correo electrónico o la contraseña no son correctos.');
  await expect(said).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.getByTestId('login-password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('login-error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  expect((await localStorageOf(page)).current_user).toBeUndefined();

  await submitSignIn(page, DEMO_ACCOUNTS.member.email);
  await expect(page).toHaveURL(/\/comparison$/);
});

test('a malformed e-mail is flagged on its field before any request is sent', async ({ page }) => {
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-in')) signIns.push(request.url());
  });
  await page.goto('/login');
  await page.getByTestId('login-email').fill('member@paybench');
  await page.getByTestId('login-password').fill('whatever password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-email-error')).toHaveText('Escriba una dirección de correo electrónico válida, por ejemplo nombre@empresa.com.');
  await expect(page.getByTestId('login-email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  expect(signIns).toEqual([]);
});

test('signing out empties local storage, says so, and the session is gone after a reload', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('cookie-accept').click();
  await page.getByTestId('language-en').click();
  await signInAs(page, 'member');
  // The public questionnaire definition may be cached too, as soon as the landing page has asked for it.
  const stored = Object.keys(await localStorageOf(page)).filter((key) => key !== 'questionnaireDefinition');
  expect(stored.sort()).toEqual(['acceptCookies', 'appLanguage', 'current_user']);

  await signOutThroughMenu(page);
  await expect(page.getByTestId('toast').filter({ hasText: 'You have signed out.' })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('account-sign-in')).toBeVisible();
  expect(await localStorageOf(page)).toEqual({});

  // The refresh token was revoked: a reload does not sign the person back in, and guarded pages ask to sign in.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
});

test('the forgot-password form answers the same whether or not the address has an account', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  await expect(page).toHaveURL(/\/reset-password$/);
  for (const email of ['nobody-here@example.com', DEMO_ACCOUNTS.corporate.email]) {
    await page.getByTestId('reset-email').fill(email);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-sent')).toHaveText('Si el correo electrónico está registrado, recibirá un enlace para restablecer la contraseña.');
  }
});

test('a reset link from the e-mail sets a new password that signs in', async ({ page, request }) => {
  const { email } = await registerMember(request, 'reset');
  await page.goto('/reset-password');
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();

  // Without SMTP the mail goes to the outbox, which an admin can read (GET admin/outbox).
  const adminToken = await apiToken(request, DEMO_ACCOUNTS.admin.email);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/api/admin/outbox?limit=100', { headers: { Authorization: `Bearer ${adminToken}` } });
      const { items } = (await answer.json()) as { items: Array<{ to: string; text: string }> };
      const mail = items.find((item) => item.to === email);
      link = mail ? /https?:\/\/\S*\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0] : undefined;
      return link ?? null;
    })
    .not.toBeNull();

  const resetUrl = new URL(link!);
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await expect(page.getByTestId('new-password-form')).toBeVisible();
  await page.getByTestId('new-password').fill('short');
  await page.getByTestId('new-password-confirm').fill('short');
  await page.getByTestId('new-password-submit').click();
  await expect(page.getByText('La contraseña debe tener al menos 12 caracteres.')).toBeVisible();

  const newPassword = 'Copper-Harbour-Violin-42';
  await page.getByTestId('new-password').fill(newPassword);
  await page.getByTestId('new-password-confirm').fill(newPassword);
  await page.getByTestId('new-password-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Contraseña cambiada' })).toBeVisible();

  await submitSignIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/comparison$/);

  // The link is single-use.
  await signOutThroughMenu(page);
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await page.getByTestId('new-password').fill('Another-Long-Passphrase-7');
  await page.getByTestId('new-password-confirm').fill('Another-Long-Passphrase-7');
  await page.getByTestId('new-password-submit').click();
  await expect(page.getByTestId('new-password-error')).toHaveText('El enlace para restablecer la contraseña no es válido o ha caducado.');
});

test('settings: change the password, download my data, and delete my account behind the confirm modal', async ({ page, request }) => {
  const { email, password } = await registerMember(request, 'settings');
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/comparison$/);
  await page.goto('/settings');
  await expect(page.getByTestId('settings-email')).toHaveText(email);

  // Change the password: a wrong current one is refused, then the right one works.
  const newPassword = 'Saffron-Lighthouse-Quill-9';
  await page.getByTestId('settings-password-current').fill('wrong-current-password');
  await page.getByTestId('settings-password-new').fill(newPassword);
  await page.getByTestId('settings-password-confirm').fill(newPassword);
  await page.getByTestId('settings-password-submit').click();
  await expect(page.getByTestId('settings-password-error')).toHaveText('La contraseña actual no es correcta.');
  await page.getByTestId('settings-password-current').fill(password);
  await page.getByTestId('settings-password-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Contraseña cambiada.' })).toBeVisible();
  await expect(page.getByTestId('settings-password-current')).toHaveValue('');
  expect((await request.post('/api/auth/sign-in', { data: { email, password: newPassword } })).status()).toBe(200);

  // Export: a JSON file with the account.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('settings-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^paybench-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
  expect(exported.user.email).toBe(email);
  expect(exported).toHaveProperty('forms');

  // Delete: the password again (re-authentication). A wrong one says the password is wrong (not "the e-mail or
  // the password") and erases nothing.
  await page.getByTestId('settings-delete-password').fill('not my password at all');
  await page.getByTestId('settings-delete').click();
  await page.getByTestId('confirm-resolve').click();
  await expect(page.getByTestId('settings-delete-error')).toHaveText('La contraseña no es correcta.');
  await expect(page.getByTestId('settings-page')).toBeVisible();

  // Then the right one (the message goes as it is typed) and the confirm modal; rejecting keeps the account.
  await page.getByTestId('settings-delete-password').fill(newPassword);
  await expect(page.getByTestId('settings-delete-error')).toBeHidden();
  await page.getByTestId('settings-delete').click();
  await expect(page.getByTestId('confirm-modal')).toBeVisible();
  // The question names what goes with the account: the account, its forms, saved searches, credits and purchases,
  // sessions and newsletter subscriptions.
  await expect(page.getByTestId('confirm-modal')).toHaveAttribute('data-kind', 'erase');
  await expect(page.getByTestId('confirm-title')).toHaveText('¿Eliminar su cuenta para siempre?');
  for (const named of ['su cuenta', 'cuestionarios', 'búsquedas guardadas', 'créditos', 'compras', 'sesiones', 'boletín']) {
    await expect(page.getByTestId('confirm-subtitle')).toContainText(named);
  }
  await expect(page.getByTestId('confirm-resolve')).toHaveText('Eliminar mi cuenta');
  await page.getByTestId('confirm-reject').click();
  await expect(page.getByTestId('confirm-modal')).toBeHidden();
  await expect(page.getByTestId('settings-page')).toBeVisible();

  await page.getByTestId('settings-delete').click();
  await page.getByTestId('confirm-resolve').click();
  // Home, and there the toast says the account is gone.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-hero')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Su cuenta y sus datos se han eliminado.' })).toBeVisible();
  expect(await localStorageOf(page)).toEqual({});
  expect((await request.post('/api/auth/sign-in', { data: { email, password: newPassword } })).status()).toBe(401);
});
