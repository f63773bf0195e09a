// my-form, my-form-editor and the yearly update against the real app and server.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { currentYear } from '../src/domain/constants';
import { demoPassword } from './comparison-support';
import { answer, memberWithCompletedForm, signIn } from './questionnaire-support';

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  return dialogs;
}

test('editor mode: edit an answer of the form, save it in place, no leave warning once saved', async ({ page, request, context }) => {
  const { email, password } = await memberWithCompletedForm(request, 'editor');
  await signIn(page, email, password);
  await page.getByTestId('nav-my_form').click();
  await expect(page.getByTestId('my-form-status')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('summary-value-fixedSalary')).toHaveText('118.000\u00a0€');
  await page.getByTestId('my-form-edit').click();

  await expect(page).toHaveURL(/\/my-form-editor$/);
  await expect(page.getByTestId('questionnaire-title')).toHaveText('Editar mi cuestionario');
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '0');
  // Signed in, the e-mail address is the account's: not asked.
  await expect(page.getByTestId('question-email')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  // Every step of a completed form can be opened from the indicator.
  await page.getByTestId('progress-trigger-2').click();
  await expect(page.getByTestId('question-fixedSalary')).toHaveValue('118.000');
  await page.getByTestId('question-fixedSalary').fill('125000');
  await expect(page.getByTestId('question-fixedSalary')).toHaveValue('125.000');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'unsaved');

  // Unsaved changes: the browser asks before leaving.
  const dialogs = watchDialogs(page);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);

  await page.getByTestId('progress-trigger-4').click();
  await page.getByTestId('questionnaire-submit').click();
  await expect(page.getByTestId('questionnaire-completed-title')).toHaveText('Cambios guardados');
  await expect(page.getByTestId('questionnaire-next-release')).toContainText('a partir de la próxima publicación');
  await page.getByTestId('questionnaire-to-my-form').click();
  await expect(page.getByTestId('summary-value-fixedSalary')).toHaveText('125.000\u00a0€');
  await expect(page.getByTestId('my-form-status')).toHaveAttribute('data-status', 'completed');

  // Next saves the step in place: the saved change arms no warning.
  await page.getByTestId('my-form-edit').click();
  await page.getByTestId('progress-trigger-3').click();
  await page.getByTestId('question-annualBonus').fill('22000');
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '4');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(dialogs).toEqual(['beforeunload']);

  const again = await context.newPage();
  await again.goto('/my-form');
  await expect(again.getByTestId('summary-value-annualBonus')).toHaveText('22.000\u00a0€');
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function adminToken(request: APIRequestContext): Promise<string> {
  const answer_ = await request.post('/api/auth/sign-in', { data: { email: 'admin@paybench.demo', password: demoPassword() } });
  expect(answer_.status()).toBe(200);
  return ((await answer_.json()) as { accessToken: string }).accessToken;
}

async function ownerEmailsOfYear(request: APIRequestContext, token: string, year: number): Promise<string[]> {
  const emails: string[] = [];
  for (let page = 1; ; page++) {
    const answer_ = await request.get(`/api/forms?year=${year}&limit=100&page=${page}`, { headers: bearer(token) });
    expect(answer_.status(), await answer_.text()).toBe(200);
    const { items, total } = (await answer_.json()) as { items: Array<{ userId: string | null; answers: { email?: string } }>; total: number };
    for (const item of items) if (item.userId && item.answers.email) emails.push(item.answers.email);
    if (page * 100 >= total) return emails;
  }
}

/**
 * A panel member of the demo data whose latest form is of last year (none this year), given a password the
 * way a person gets one: the reset link e-mailed to them (read from the development outbox by the admin).
 */
async function memberWithLastYearsForm(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const token = await adminToken(request);
  const thisYear = new Set(await ownerEmailsOfYear(request, token, currentYear()));
  const lastYear = await ownerEmailsOfYear(request, token, currentYear() - 1);
  const email = lastYear.find((candidate) => !thisYear.has(candidate) && candidate.endsWith('@seed.paybench.demo'));
  expect(email, 'a demo panel member who answered last year but not this year').toBeDefined();

  const reset = await request.post('/api/users/reset-pass', { data: { email } });
  expect(reset.status()).toBeLessThan(300);
  let resetToken: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await request.get('/api/admin/outbox?limit=100', { headers: bearer(token) });
      const { items } = (await outbox.json()) as { items: Array<{ to: string; text: string }> };
      const mail = items.find((item) => item.to === email);
      resetToken = mail ? /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
      return resetToken ?? null;
    })
    .not.toBeNull();
  const password = `Meadow-${Date.now()}-Copper`;
  const confirmed = await request.post('/api/auth/reset-confirm', { data: { token: resetToken, password } });
  expect(confirmed.status(), await confirmed.text()).toBe(204);
  return { email: email!, password };
}

test('yearly copy: update-data copies last year’s form behind the confirm modal, then it is reviewed and completed', async ({ page, request }) => {
  const year = currentYear();
  const { email, password } = await memberWithLastYearsForm(request);
  await signIn(page, email, password);

  await page.goto('/my-form');
  await expect(page.getByTestId('my-form-year')).toHaveText(`Cuestionario de ${year - 1}`);
  await expect(page.getByTestId('my-form-update')).toHaveText(`Actualizar para ${year}`);

  // The questionnaire offers the yearly update instead of starting from scratch.
  await page.goto('/steps');
  await expect(page.getByTestId('questionnaire-update-offer')).toContainText(`Ya respondió el cuestionario de ${year - 1}.`);
  await page.getByTestId('questionnaire-update-offer').getByRole('link').click();
  await expect(page).toHaveURL(/\/update-data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Actualice sus datos de ${year}`);
  await expect(page.getByTestId('form-summary')).toBeVisible();
  const salaryLastYear = await page.getByTestId('summary-value-fixedSalary').textContent();

  // The confirm modal of type copy: rejecting copies nothing.
  await page.getByTestId('update-data-copy').click();
  const modal = page.getByTestId('confirm-modal');
  await expect(modal).toHaveAttribute('data-kind', 'copy');
  await expect(page.getByTestId('confirm-title')).toHaveText('¿Copiar el cuestionario del año anterior?');
  await page.getByTestId('confirm-reject').click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/update-data$/);

  await page.getByTestId('update-data-copy').click();
  await page.getByTestId('confirm-resolve').click();
  await expect(page).toHaveURL(/\/my-form-editor$/);
  await expect(page.getByText(`Se guardan en su cuestionario de ${year}.`)).toBeVisible();
  await page.getByTestId('progress-trigger-2').click();
  await expect(page.getByTestId('question-fixedSalary')).toHaveValue(salaryLastYear!.replace(/\s*€$/, '').replace(/\u00a0/g, ''));

  // The privacy consent is given again for the new year.
  await page.getByTestId('progress-trigger-4').click();
  await page.getByTestId('questionnaire-submit').click();
  await expect(page.getByTestId('problem-privacyConsent')).toHaveText('Debe aceptar la política de privacidad para enviar el cuestionario.');
  await answer(page, 'privacyConsent', true);
  await page.getByTestId('questionnaire-submit').click();
  await expect(page.getByTestId('questionnaire-completed')).toBeVisible();

  await page.goto('/my-form');
  await expect(page.getByTestId('my-form-year')).toHaveText(`Cuestionario de ${year}`);
  await expect(page.getByTestId('my-form-status')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('my-form-update')).toHaveCount(0);
  await page.goto('/update-data');
  await expect(page.getByTestId('update-data-done')).toContainText(`Ya tiene su cuestionario de ${year}.`);
});

test('my-form without a form leads to the questionnaire; update-data says there is nothing to copy', async ({ page, request }) => {
  const email = `empty-${Date.now()}@example.com`;
  const password = `Orchard-${Date.now()}-Lantern`;
  const registered = await request.post('/api/users/member', { data: { email, password } });
  expect(registered.status()).toBe(202);
  await signIn(page, email, password);
  await page.goto('/my-form');
  await expect(page.getByTestId('my-form-empty')).toBeVisible();
  await page.goto('/update-data');
  await expect(page.getByTestId('update-data-none')).toBeVisible();
  await page.getByTestId('update-data-none').getByRole('link').click();
  await expect(page).toHaveURL(/\/steps$/);
  await expect(page.getByTestId('questionnaire-page')).toHaveAttribute('data-mode', 'member');
});
