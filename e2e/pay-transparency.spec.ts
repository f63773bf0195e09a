// The pay transparency page of a corporate user, through the real UI: the way in from the account menu (and the
// dashboard), the template, a small payroll uploaded for a year of its own and its report (headcounts and the mean gap
// as worked out by hand, the quartiles chart drawn with its labels inside it), the justification of a flagged
// category, the published CSV, a bad file refused with its lines, and the year deleted behind the confirm modal.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { signInAs } from './auth-support';
import { apiSignIn, DEMO, watchProblems } from './comparison-support';
import { VIEWPORTS } from './a11y-support';
import { badPayroll, deletePayrollThroughApi, SMALL_PAYROLL, smallPayroll, TEST_YEAR } from './pay-transparency-support';

/** The text of a downloaded file. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

/** A percent as the Spanish page writes it: sign, one decimal with a comma, a (non-breaking) space before %. */
const spanishPercent = (value: number) => new RegExp(`^\\+${value.toFixed(1).replace('.', ',')}\\s%$`);

test('a corporate user uploads a payroll, reads its report, justifies a flagged gap, downloads it, sees a bad file refused and deletes the year', async ({
  page,
  request,
}) => {
  test.slow(); // a whole journey: two uploads, three downloads, a record and a deletion
  const problems = watchProblems(page);
  const corporate = await apiSignIn(request, DEMO.corporate);
  await deletePayrollThroughApi(request, corporate.token, TEST_YEAR);

  // The way in: the dashboard offers it, and so does the account menu.
  await signInAs(page, 'corporate');
  await expect(page.getByTestId('dashboard-pay-transparency-link')).toHaveAttribute('href', '/pay-transparency');
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-pay_transparency').click();
  await expect(page).toHaveURL(/\/pay-transparency$/);
  await expect(page.getByTestId('pay-transparency-page')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('pt-calendar')).toBeVisible();

  // The template with Spanish headers.
  const template = await downloaded(page, () => page.getByTestId('pt-template-es').click());
  expect(template.name).toBe('plantilla-nomina.csv');
  expect(template.text.replace(/^\ufeff/, '').split(/\r?\n/)[0]).toMatch(/^id_empleado[,;]sexo/);

  // A small payroll for a year of its own: stored, and its report opens.
  await page.getByTestId('pt-upload-year').selectOption(String(TEST_YEAR));
  await page.getByTestId('pt-upload-file').setInputFiles({ name: 'nomina.csv', mimeType: 'text/csv', buffer: Buffer.from(smallPayroll(), 'utf8') });
  await page.getByTestId('pt-upload-submit').click();
  await expect(page.getByTestId('pt-upload-done')).toContainText(`${TEST_YEAR}`);
  await expect(page.getByTestId('pt-upload-done')).toContainText('12 personas');
  await expect(page).toHaveURL(new RegExp(`\\?year=${TEST_YEAR}$`));
  const report = page.getByTestId('pt-report');
  await expect(report).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('pt-payroll').filter({ has: page.getByTestId('pt-payroll-shown') })).toHaveAttribute('data-year', `${TEST_YEAR}`);

  // Headcounts and the mean gap (a) as worked out by hand; the sign says who is paid more.
  for (const [key, value] of Object.entries(SMALL_PAYROLL.headcount)) await expect(report.getByTestId(`pt-headcount-${key}`)).toHaveText(String(value));
  const meanGap = report.getByTestId('pt-indicator-meanGap');
  expect(Number(await meanGap.getAttribute('data-value'))).toBeCloseTo(SMALL_PAYROLL.meanGap, 6);
  await expect(meanGap.locator('td').last()).toHaveText(spanishPercent(SMALL_PAYROLL.meanGap));
  await expect(report.getByTestId('pt-gap-sign')).toContainText('los hombres cobran más');
  await expect(report.getByTestId('pt-indicator-meanVariableGap').locator('td').last()).toHaveText('No disponible');

  // The categories: "Analistas" flagged (a 9,1 % gap), "Dirección" too small to publish.
  const analysts = report.locator('[data-testid="pt-category"][data-category="Analistas"]');
  await expect(analysts).toHaveAttribute('data-flagged', 'true');
  await expect(analysts.getByTestId('pt-category-total-mean')).toHaveText(spanishPercent(SMALL_PAYROLL.analystsGap));
  await expect(analysts.getByTestId('pt-category-flagged')).toBeVisible();
  const board = report.locator('[data-testid="pt-category"][data-category="Dirección"]');
  await expect(board).toHaveAttribute('data-reportable', 'false');
  await expect(board.getByTestId('pt-category-small')).toContainText('menos de 5 mujeres u hombres');

  // The quartiles: the 100 % stacked bar drawn, its value axis labelled inside the chart at both widths, and its table.
  const chart = report.getByTestId('pt-quartiles-chart');
  await expect(chart.locator('svg.apexcharts-svg')).toBeVisible();
  await expect(report.getByTestId('pt-quartile')).toHaveCount(4);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expect
      .poll(() =>
        chart.locator('svg.apexcharts-svg').evaluate((svg) => {
          const frame = svg.getBoundingClientRect();
          const labels = [...svg.querySelectorAll('.apexcharts-xaxis-texts-g text')].map((text) => text.getBoundingClientRect());
          const sorted = labels.sort((a, b) => a.left - b.left);
          const inside = labels.every((box) => box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5 && box.bottom <= frame.bottom + 0.5);
          const apart = sorted.every((box, i) => i === 0 || sorted[i - 1].right <= box.left);
          return labels.length >= 2 && inside && apart;
        }),
      )
      .toBe(true);
  }
  await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });

  // The justification of the flagged category: recorded, then shown with the category.
  const flagged = report.locator('[data-testid="pt-flagged"][data-category="Analistas"]');
  await flagged.getByTestId('pt-action-open').click();
  await flagged.getByTestId('pt-action-kind').selectOption('justification');
  await flagged.getByTestId('pt-action-note').fill('Distinta antigüedad media en el puesto');
  await flagged.getByTestId('pt-action-date').fill(`${new Date().getFullYear()}-01-15`);
  await flagged.getByTestId('pt-action-save').click();
  await expect(flagged.getByTestId('pt-action-saved')).toContainText('Justificación objetiva');
  await expect(flagged.getByTestId('pt-action-saved')).toContainText('Distinta antigüedad media en el puesto');
  await expect(flagged.getByTestId('pt-action-form')).toHaveCount(0);

  // The published report as CSV, in the page's language: the mean gap to one decimal, the small category left out.
  const published = await downloaded(page, () => report.getByTestId('pt-download-publication').click());
  expect(published.name).toBe(`brecha-salarial-${TEST_YEAR}.csv`);
  const lines = published.text.replace(/^\ufeff/, '').split(/\r\n/);
  expect(lines).toContain(`Brecha media (a),${SMALL_PAYROLL.meanGap.toFixed(1)}`);
  expect(lines.some((line) => line.startsWith('Analistas,'))).toBe(true);
  expect(lines.some((line) => line.startsWith('Dirección,'))).toBe(false);

  // A bad file: refused, nothing stored, every problem with its line, column and explanation; the file stays chosen.
  await page.getByTestId('pt-upload-file').setInputFiles({ name: 'nomina-mala.csv', mimeType: 'text/csv', buffer: Buffer.from(badPayroll(), 'utf8') });
  await page.getByTestId('pt-upload-submit').click();
  await expect(page.getByTestId('pt-upload-refused')).toBeVisible();
  const rows = page.getByTestId('pt-problem');
  await expect(rows.first()).toBeVisible();
  const found = await rows.evaluateAll((elements) =>
    elements.map((row) => `${row.getAttribute('data-line')} ${row.getAttribute('data-field')} ${row.getAttribute('data-code')}`),
  );
  expect(found).toEqual(expect.arrayContaining(['2 basicPay invalidNumber', '3 employeeId duplicateId', '4 sex invalidValue']));
  const amount = rows.filter({ has: page.getByRole('cell', { name: 'Salario base', exact: true }) }).first();
  await expect(amount).toContainText('«45.000» puede ser 45 mil o 45');
  await expect(amount.locator('td').first()).toHaveText('2');
  expect(await page.getByTestId('pt-upload-file').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('nomina-mala.csv');
  // The stored payroll is untouched.
  await expect(report.getByTestId('pt-headcount-total')).toHaveText('12');

  // The year deleted behind the confirm modal: gone from the list, its report closed.
  await page.locator(`[data-testid="pt-payroll"][data-year="${TEST_YEAR}"]`).getByTestId('pt-payroll-delete').click();
  await expect(page.getByTestId('confirm-modal')).toBeVisible();
  await page.getByTestId('confirm-resolve').click();
  await expect(page.getByTestId('pt-deleted')).toContainText(`${TEST_YEAR}`);
  await expect(page.locator(`[data-testid="pt-payroll"][data-year="${TEST_YEAR}"]`)).toHaveCount(0);
  await expect(page.getByTestId('pt-report')).toHaveCount(0);
  await expect(page).toHaveURL(/\/pay-transparency$/);
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
});

test('the page is not offered to an admin or a member, and sends them away', async ({ page }) => {
  for (const role of ['admin', 'member'] as const) {
    await signInAs(page, role);
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('account-sign-out')).toBeVisible();
    await expect(page.getByTestId('account-pay_transparency')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/pay-transparency');
    await expect(page, role).toHaveURL(/\/home$/);
    await page.context().clearCookies();
  }
});
