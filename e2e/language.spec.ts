// Language through the real UI: Spanish by default, English from the header or from settings, the choice
// survives a reload (appLanguage); the information pages have real content in both languages.
import { expect, test } from './fixtures';
import { apiToken, localStorageOf, signInAs } from './auth-support';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../src/domain/constants';

test('Spanish by default; the header switch to English survives a reload', async ({ page }) => {
  await page.goto('/faqs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('information-title')).toHaveText('Preguntas frecuentes');

  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('information-title')).toHaveText('FAQ');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await localStorageOf(page)).appLanguage).toBe('en');

  await page.reload();
  await expect(page.getByTestId('information-title')).toHaveText('FAQ');
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cookie-accept')).toHaveText('Accept');
});

test('the language chosen in settings survives a reload', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  await page.getByTestId('settings-language-en').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByTestId('settings-language-en')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('settings-language-es').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  expect((await localStorageOf(page)).appLanguage).toBe('es');
});

test("a signed-in person's switch is saved on the account, which e-mails and payment pages follow", async ({ page, request }) => {
  await signInAs(page, 'member');
  const token = await apiToken(request, 'member@paybench.demo');
  const storedLanguage = async () => {
    const answer = await request.get('/api/users/currentUser?refresh=true', { headers: { Authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { language: string }).language;
  };
  await page.goto('/settings');
  await page.getByTestId('language-en').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect.poll(storedLanguage).toBe('en');
  await page.getByTestId('language-es').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  await expect.poll(storedLanguage).toBe('es');
});

test('the privacy page states what is stored, the privacy threshold and the rights, in both languages', async ({ page }) => {
  await page.goto('/privacy');
  const threshold = page.getByTestId('information-threshold');
  await expect(threshold).toContainText('Ninguna estadística se calcula con menos de 5 personas');
  await expect(threshold).toContainText(`La mediana y los cuartiles necesitan al menos ${QUARTILE_MINIMUM} personas`);
  await expect(threshold).toContainText(`Los percentiles 10 y 90 necesitan al menos ${TAIL_PERCENTILE_MINIMUM} personas`);
  await expect(threshold).toContainText('se redondean a los 100 más cercanos');
  await expect(page.getByTestId('information-stored')).toContainText('argon2id');
  await expect(page.getByTestId('information-rights')).toContainText('Supresión');
  await expect(page.getByTestId('information-export_delete')).toContainText('Descargar mis datos');

  await page.getByTestId('language-en').click();
  await expect(threshold).toContainText('No statistic is computed from fewer than 5 people');
  await expect(threshold).toContainText('rounded to the nearest 100');
  await expect(page.getByTestId('information-rights')).toContainText('Erasure');
});

test('every information page has its content in both languages', async ({ page }) => {
  for (const path of ['faqs', 'benefits', 'about', 'privacy', 'terms', 'legal']) {
    await page.goto(`/${path}`);
    await expect(page.getByTestId('information-page')).toHaveAttribute('data-page', path);
    const spanish = await page.getByTestId('information-intro').textContent();
    expect(spanish!.length, path).toBeGreaterThan(30);
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('information-intro')).not.toHaveText(spanish!);
    await page.getByTestId('language-es').click();
    await expect(page.getByTestId('information-intro')).toHaveText(spanish!);
  }
  await page.goto('/faqs');
  await page.getByTestId('faq-threshold').getByRole('button').click();
  await expect(page.getByTestId('faq-threshold')).toContainText('Ninguna estadística se calcula con menos de 5 personas');
});
