// The questionnaire end to end against the real app and server: the anonymous road to a claimed form, money
// typed per language, resume after a reload, the leave warning, and claiming a draft by signing in.
import { expect, test } from './fixtures';
import { currentYear } from '../src/domain/constants';
import { answer, answerStep, memberWithCompletedForm, next, signIn, storageItem, uniqueEmail } from './questionnaire-support';

test('anonymous completion → registration → the claimed form is in my-form', async ({ page }) => {
  test.slow(); // the whole journey, on shared CPUs
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const email = uniqueEmail('anon');

  await page.goto('/steps');
  await expect(page.getByTestId('questionnaire-title')).toHaveText('Su cuestionario de retribución');
  await expect(page.getByTestId('questionnaire-step-title')).toHaveText('Perfil');
  await expect(page.getByTestId('progress-step-0')).toHaveAttribute('data-current', 'true');

  // Going on with a missing answer shows the problems, translated, and saves nothing.
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('problem-country')).toHaveText('Este dato es obligatorio.');
  expect(await storageItem(page, 'questionaryID')).toBeNull();

  await answerStep(page, 0, email);
  await next(page, 0);
  // The end of step 1 created the form (POST forms) and this browser keeps its id.
  const formId = await storageItem(page, 'questionaryID');
  expect(formId).toMatch(/^[A-Za-z0-9]{20,}$/);
  await expect(page.getByTestId('progress-step-0')).toHaveAttribute('data-saved', 'true');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  await answerStep(page, 1);
  await next(page, 1);

  // Money is formatted while typing, in the language.
  await page.getByTestId('question-fixedSalary').fill('152000');
  await expect(page.getByTestId('question-fixedSalary')).toHaveValue('152.000');
  await next(page, 2);

  // Back and forward keep the answers; the indicator jumps to any saved step.
  await page.getByTestId('questionnaire-back').click();
  await expect(page).toHaveURL(/\/steps\/3$/);
  await expect(page.getByTestId('question-fixedSalary')).toHaveValue('152.000');
  await page.getByTestId('progress-trigger-0').click();
  await expect(page).toHaveURL(/\/steps\/1$/);
  await expect(page.getByTestId('question-email')).toHaveValue(email);
  await page.getByTestId('progress-trigger-3').click();
  await expect(page).toHaveURL(/\/steps\/4$/);

  await answerStep(page, 3);
  await next(page, 3);
  await answerStep(page, 4);
  await page.getByTestId('questionnaire-submit').click();

  await expect(page.getByTestId('questionnaire-completed-title')).toHaveText('¡Gracias! Su cuestionario está completo');
  // Sent: the address leaves steps/5; signing in is offered beside registering.
  await expect(page).toHaveURL(/\/steps\/done$/);
  await expect(page.getByTestId('questionnaire-sign-in')).toHaveAttribute('href', '/login');
  await expect(page.getByTestId('questionnaire-next-release')).toContainText('a partir de la próxima publicación');
  await page.getByTestId('questionnaire-register').click();
  await expect(page).toHaveURL(new RegExp(`/register/individual/form/${formId}$`));
  await expect(page.getByTestId('register-individual-form-attached')).toBeVisible();
  await expect(page.getByTestId('register-individual-email')).toHaveValue(email);
  const password = 'Saffron-Compass-Harbour-19';
  await page.getByTestId('register-individual-password').fill(password);
  await page.getByTestId('register-individual-confirm').fill(password);
  await page.getByTestId('register-individual-submit').click();

  // Straight to the personalised comparison, with the release note.
  await expect(page).toHaveURL(/\/personalized-comparison\?welcome=registered$/);
  await expect(page.getByTestId('registration-welcome')).toBeVisible();
  await expect(page.getByTestId('personal-result')).toBeVisible();
  expect(await storageItem(page, 'questionaryID')).toBeNull();

  await page.getByTestId('nav-my_form').click();
  await expect(page).toHaveURL(/\/my-form$/);
  await expect(page.getByTestId('my-form-year')).toHaveText(`Cuestionario de ${currentYear()}`);
  await expect(page.getByTestId('my-form-status')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('summary-value-fixedSalary')).toHaveText('152.000\u00a0€');
  await expect(page.getByTestId('summary-value-sector')).toHaveText('Energía');
  await expect(page.getByTestId('summary-value-diffWithDeferral')).toHaveText('2,5 %');
  // The newsletter box was left unticked: a no, not an unanswered question.
  await expect(page.getByTestId('summary-value-newsletterOptIn')).toHaveText('No');
  expect(problems).toEqual([]);
});

test('money per language: "90.000" in Spanish, "90,000" in English, and never a silent change', async ({ page }) => {
  await page.goto('/steps');
  await answerStep(page, 0, uniqueEmail('money'));
  await next(page, 0);
  await answerStep(page, 1);
  await next(page, 1);

  const salary = page.getByTestId('question-fixedSalary');
  // English thousands pasted in Spanish: asked about, kept as typed, nothing saved.
  await salary.fill('90,000');
  await salary.blur();
  await expect(salary).toHaveValue('90,000');
  await expect(page.getByTestId('problem-fixedSalary')).toHaveText('¿Quería decir 90.000? En español los miles se separan con punto y los decimales con coma.');
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '2');
  await page.getByTestId('questionnaire-next').click();
  await expect(page).toHaveURL(/\/steps\/3$/);

  await salary.fill('90.000');
  await expect(page.getByTestId('problem-fixedSalary')).toHaveCount(0);
  await salary.fill('75.000');
  await salary.blur();
  await expect(page.getByTestId('problem-fixedSalary')).toHaveText('Debe ser como mínimo 80.000\u00a0€.');

  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('questionnaire-step-title')).toHaveText('Fixed salary');
  await expect(salary).toHaveValue('75,000');
  await expect(page.getByTestId('problem-fixedSalary')).toHaveText('It must be at least €80,000.');
  await salary.fill('90,000');
  await expect(salary).toHaveValue('90,000');
  await expect(page.getByTestId('problem-fixedSalary')).toHaveCount(0);
  await page.getByTestId('questionnaire-next').click();
  await expect(page).toHaveURL(/\/steps\/4$/);
  await page.getByTestId('questionnaire-back').click();
  await expect(salary).toHaveValue('90,000');
});

test('resume after a reload in the middle of step 3, and in another tab', async ({ page, context }) => {
  const email = uniqueEmail('resume');
  await page.goto('/steps/1');
  await answerStep(page, 0, email);
  await next(page, 0);
  await answerStep(page, 1);
  await next(page, 1);
  await page.getByTestId('question-fixedSalary').fill('133000');
  await expect(page.getByTestId('question-fixedSalary')).toHaveValue('133.000');

  await page.reload();
  await expect(page).toHaveURL(/\/steps\/3$/);
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('question-fixedSalary')).toHaveValue('133.000');
  await expect(page.getByTestId('progress-step-0')).toHaveAttribute('data-saved', 'true');
  await expect(page.getByTestId('progress-step-1')).toHaveAttribute('data-saved', 'true');
  await page.getByTestId('progress-trigger-0').click();
  await expect(page.getByTestId('question-email')).toHaveValue(email);
  await expect(page.getByTestId('question-city')).toHaveValue('madrid');

  // Another tab of the same browser opens the questionnaire where this one left off, with the same answers.
  const other = await context.newPage();
  await other.goto('/steps');
  await expect(other.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '2');
  await expect(other).toHaveURL(/\/steps\/3$/);
  await expect(other.getByTestId('question-fixedSalary')).toHaveValue('133.000');
  await other.getByTestId('progress-trigger-0').click();
  await expect(other.getByTestId('question-email')).toHaveValue(email);
  await other.close();
});

test('the leave warning: asked while an unfinished form is stored, not before, not once completed', async ({ context }) => {
  const dialogs: string[] = [];
  const watch = (page: import('@playwright/test').Page) =>
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });

  // Answers typed but no form stored yet: leaving is not questioned.
  const first = await context.newPage();
  watch(first);
  await first.goto('/steps');
  await answerStep(first, 0, uniqueEmail('leave'));
  await first.close({ runBeforeUnload: true });
  await expect.poll(() => first.isClosed()).toBe(true);
  expect(dialogs).toEqual([]);

  const page = await context.newPage();
  watch(page);
  await page.goto('/steps');
  await answerStep(page, 0, uniqueEmail('leave'));
  await next(page, 0);
  expect(await storageItem(page, 'questionaryID')).not.toBeNull();
  // The browser asks before the page is left; dismissing keeps the person on the step.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '1');

  for (let step = 1; step < 4; step++) {
    await answerStep(page, step);
    await next(page, step);
  }
  await answerStep(page, 4);
  await page.getByTestId('questionnaire-submit').click();
  await expect(page.getByTestId('questionnaire-completed')).toBeVisible();
  // Completed: the page closes without a question.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(dialogs).toEqual(['beforeunload']);
});

test('Next on an empty step: focus and scroll go to the first problem, the problems are announced and marked', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/steps');
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-step', '0');
  await page.getByTestId('questionnaire-next').click();
  const summary = page.getByTestId('questionnaire-problems');
  await expect(summary).toHaveAttribute('role', 'alert');
  await expect(summary).toContainText('Revise 6 respuestas antes de continuar');
  // The first question with a problem (the e-mail, signed out) has the focus and is on screen.
  const first = page.getByTestId('question-email');
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await first.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  // The field is described by its error text.
  const errorId = await page.getByTestId('problem-email').getAttribute('id');
  expect(describedBy!.split(' ')).toContain(errorId);
  await expect(page).toHaveURL(/\/steps(\/1)?$/);
});

test('an in-app link away from an unfinished questionnaire asks first (stay, or leave)', async ({ page }) => {
  await page.goto('/steps');
  await answerStep(page, 0, uniqueEmail('block'));
  await next(page, 0);
  // The save status is neutral, not a warning: answers are saved when the person goes on.
  await page.getByTestId('question-sector').selectOption('energy');
  await expect(page.getByTestId('save-status')).toHaveText('Se guardará al continuar');
  await page.getByTestId('header-home').click();
  const modal = page.getByTestId('confirm-modal');
  await expect(modal).toHaveAttribute('data-kind', 'leave');
  await modal.getByRole('button', { name: 'Seguir con el cuestionario' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/steps\/2$/);
  await page.getByTestId('header-home').click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('signing in with an existing account claims the draft started signed out', async ({ page, request }) => {
  const { email, password } = await memberWithCompletedForm(request, 'claim');
  // …whose form of this year already exists: the draft's answers are saved into it.
  await page.goto('/steps');
  await answerStep(page, 0, email);
  await next(page, 0);
  await answer(page, 'sector', 'telecom');
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('problem-companySize')).toBeVisible();
  const draftId = await storageItem(page, 'questionaryID');
  expect(draftId).not.toBeNull();

  await signIn(page, email, password);
  await page.goto('/my-form');
  await expect(page.getByTestId('summary-value-city')).toHaveText('Madrid');
  await expect(page.getByTestId('summary-value-birthYear')).toHaveText('1979');
  await expect(page.getByTestId('summary-value-sector')).toHaveText('Telecomunicaciones');
  expect(await storageItem(page, 'questionaryID')).toBeNull();
});

test('an ?email= campaign link prefills the questionnaire’s e-mail address', async ({ page }) => {
  const email = uniqueEmail('campaign');
  await page.goto(`/steps?email=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('question-email')).toHaveValue(email);
  await expect(page).toHaveURL(/\/steps$/);
});
