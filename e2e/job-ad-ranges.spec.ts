// The job-ad pay range page of a corporate user, through the real UI and the real server: the way in from the dashboard
// and /pay-transparency, the form refused with its translated problems (nothing sent), the draft kept over a reload, the
// cost shown before asking, and the answer. The demo panel publishes no group a job-ad range can use (each position
// level × functional area × country has at most 10 forms a year; the quartiles need 15), so the answer is
// not-enough-data even in the widest group: the page says so and names the fields left out, nothing is charged and
// nothing is saved in the company's history.
import { expect, test } from './fixtures';
import { signInAs } from './auth-support';
import { apiSignIn, bearer, currentCredits, DEMO, watchProblems } from './comparison-support';
import { axeViolations } from './a11y-support';

test('a corporate user fills the job-ad form, keeps the draft over a reload, and asks a role the panel cannot answer at no cost', async ({ page, request }) => {
  const problems = watchProblems(page);
  const corporate = await apiSignIn(request, DEMO.corporate);
  const creditsBefore = await currentCredits(request, corporate.token);
  const savedBefore = (await (await request.get('/api/pay-transparency/job-ad-ranges', { headers: bearer(corporate.token) })).json()) as { total: number };

  // The way in: the dashboard offers it, and so does the pay transparency page.
  await signInAs(page, 'corporate');
  await expect(page.getByTestId('dashboard-job-ads-link')).toHaveAttribute('href', '/pay-transparency/job-ads');
  await page.goto('/pay-transparency');
  await page.getByTestId('pt-job-ads-link').click();
  await expect(page).toHaveURL(/\/pay-transparency\/job-ads$/);
  await expect(page.getByTestId('ja-history')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('ja-cost')).toContainText(`${creditsBefore} crédito`);

  // Asked with nothing chosen: each required field says so, in Spanish, and nothing is sent.
  await page.getByTestId('ja-ask').click();
  await expect(page.getByTestId('ja-invalid')).toBeVisible();
  for (const field of ['positionLevel', 'functionalArea', 'sector', 'country'])
    await expect(page.getByTestId(`ja-error-${field}`)).toHaveText('Elija una opción.');
  await page.getByTestId('ja-from').fill('80');
  await page.getByTestId('ja-ask').click();
  await expect(page.getByTestId('ja-error-to')).toHaveText('Debe ser mayor que el percentil de inicio.');

  // The role, the title, a preset and the basis; the city waits for the country.
  await page.getByTestId('ja-positionLevel').selectOption('ceo');
  await page.getByTestId('ja-functionalArea').selectOption('general-management');
  await page.getByTestId('ja-sector').selectOption('banking');
  await expect(page.getByTestId('ja-city')).toBeDisabled();
  await page.getByTestId('ja-country').selectOption('es');
  await page.getByTestId('ja-city').selectOption('madrid');
  await page.getByTestId('ja-companySize').selectOption('5000-plus');
  await page.getByTestId('ja-title').fill('Consejero delegado');
  await page.getByTestId('ja-preset-40-60').click();
  await page.getByTestId('ja-basis').selectOption('fixed-bonus');
  await expect(page.getByTestId('ja-invalid')).toBeHidden();

  // A reload finds the form as it was.
  await page.reload();
  await expect(page.getByTestId('ja-country')).toHaveValue('es');
  await expect(page.getByTestId('ja-city')).toHaveValue('madrid');
  await expect(page.getByTestId('ja-title')).toHaveValue('Consejero delegado');
  await expect(page.getByTestId('ja-from')).toHaveValue('40');
  await expect(page.getByTestId('ja-to')).toHaveValue('60');
  await expect(page.getByTestId('ja-preset-40-60')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('ja-basis')).toHaveValue('fixed-bonus');

  // The answer: not enough data even without the city, the company size and the sector; free and not saved.
  await page.getByTestId('ja-ask').click();
  await expect(page.getByTestId('job-ads-page')).toHaveAttribute('data-status', 'notEnoughData');
  await expect(page.getByTestId('ja-not-enough-data')).toContainText('No se ha cobrado nada');
  await expect(page.getByTestId('ja-answer-widened')).toHaveText('El grupo se ha ampliado: se han dejado fuera la ciudad, el tamaño de empresa y el sector.');
  await expect(page.getByTestId('ja-answer-range')).toHaveCount(0);
  await expect(page.getByTestId('ja-title')).toHaveValue('Consejero delegado');
  expect(await currentCredits(request, corporate.token)).toBe(creditsBefore);
  const savedAfter = (await (await request.get('/api/pay-transparency/job-ad-ranges', { headers: bearer(corporate.token) })).json()) as { total: number };
  expect(savedAfter.total).toBe(savedBefore.total);
  await expect(page.getByTestId('ja-history')).toHaveAttribute('data-total', String(savedBefore.total));

  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
