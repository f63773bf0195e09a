// The salary bands page of a corporate user on the corporate plan (computing is free there, so no other journey's
// credits move), through the real UI: a role added to the job architecture, its band computed from the market, the
// CSV downloaded, a payroll year's standing asked for; the role is deleted at the end (and before, should an earlier
// run have left it) so the demo company is left as it was.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { signInAs } from './auth-support';
import { apiSignIn, bearer, DEMO, watchProblems } from './comparison-support';

const ROLE = 'Dirección financiera (prueba)';

test('a corporate user adds a role, computes its band, downloads the CSV and asks for a standing', async ({ page, request }) => {
  test.slow();
  const problems = watchProblems(page);
  const session = await apiSignIn(request, DEMO.unlimited);
  const roles = (await (await request.get('/api/pay-transparency/job-architecture/roles', { headers: bearer(session.token) })).json()) as Array<{
    id: string;
    name: string;
  }>;
  for (const role of roles.filter((entry) => entry.name === ROLE))
    await request.delete(`/api/pay-transparency/job-architecture/roles/${role.id}`, { headers: bearer(session.token) });
  await signInAs(page, 'unlimited');
  await page.goto('/pay-transparency');
  await page.getByTestId('pt-bands-link').click();
  await expect(page).toHaveURL(/\/pay-transparency\/bands$/);
  await expect(page.getByTestId('salary-bands-page')).toHaveAttribute('data-status', 'ready');

  // A role: director in finance, Spain.
  await page.getByTestId('sb-role-name').fill(ROLE);
  await page.getByRole('combobox', { name: 'Nivel' }).selectOption('director');
  await page.getByRole('combobox', { name: 'Área funcional' }).selectOption('finance');
  await page.getByTestId('sb-role-save').click();
  await expect(page.getByTestId('sb-role').filter({ hasText: ROLE })).toBeVisible();

  // The cost is shown first (nothing on the corporate plan), then the band from the market.
  await expect(page.getByTestId('sb-cost')).toContainText('no tiene coste');
  await page.getByTestId('sb-compute').click();
  // The demo release's director-in-finance group may publish too little for p25–p75: computed either way, never left
  // uncomputed (the band's arithmetic, its chart figures and the manual edit are tested on the server).
  const band = page.getByTestId('sb-band').filter({ hasText: ROLE });
  await expect(band).toHaveAttribute('data-status', /^(ok|not-enough-data)$/);

  // The CSV, with Spanish headers and the role's row.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sb-csv').click()]);
  expect(download.suggestedFilename()).toBe('bandas-salariales.csv');
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain('Puesto,Nivel');
  expect(text.split('\r\n').some((line) => line.startsWith(`${ROLE},director,finance,es,`))).toBe(true);

  // A year without a payroll says so.
  await page.getByTestId('sb-standing-year').fill('2001');
  await page.getByTestId('sb-standing-show').click();
  await expect(page.getByTestId('sb-standing')).toHaveAttribute('data-status', 'missing');

  // Left as it was.
  await page.getByTestId('sb-role').filter({ hasText: ROLE }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByTestId('sb-role').filter({ hasText: ROLE })).toHaveCount(0);
  // The year without a payroll answers 404, which the browser logs.
  expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
});
