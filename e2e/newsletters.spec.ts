// The newsletter journeys in the browser against the real server: a visitor subscribes in the footer, confirms
// through the e-mail in the outbox (double opt-in), an admin composes and sends an issue, and the visitor
// unsubscribes by the issue's own link; the methodology page shows its live figures.
import { expect, test, type APIRequestContext } from './fixtures';
import { apiToken, DEMO_ACCOUNTS, signInAs } from './auth-support';

/** The first link to `path` in the newest outbox mail to `email` whose subject matches (polls: mail leaves in the background). */
async function linkInOutbox(request: APIRequestContext, email: string, path: string, subject?: RegExp): Promise<string> {
  const adminToken = await apiToken(request, DEMO_ACCOUNTS.admin.email);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/api/admin/outbox?limit=100', { headers: { Authorization: `Bearer ${adminToken}` } });
      const { items } = (await answer.json()) as { items: Array<{ to: string; subject: string; text: string }> };
      const mail = items.find((item) => item.to === email && (!subject || subject.test(item.subject)));
      link = mail ? new RegExp(`https?://\\S*${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_.%-]+`).exec(mail.text)?.[0] : undefined;
      return link ?? null;
    })
    .not.toBeNull();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function mailsTo(request: APIRequestContext, email: string): Promise<Array<{ subject: string }>> {
  const adminToken = await apiToken(request, DEMO_ACCOUNTS.admin.email);
  const answer = await request.get('/api/admin/outbox?limit=100', { headers: { Authorization: `Bearer ${adminToken}` } });
  return ((await answer.json()) as { items: Array<{ to: string; subject: string }> }).items.filter((item) => item.to === email);
}

test('a visitor subscribes in the footer, confirms by e-mail, gets an issue and unsubscribes by its link', async ({ page, request, browser }) => {
  // Two people's journeys, an admin sign-in and a background sending.
  test.setTimeout(90_000);
  const email = `reader-${Date.now()}@example.com`;

  // The footer's form loads when opened.
  await page.goto('/home');
  await page.getByTestId('footer-newsletter-open').click();
  await page.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('newsletter-form')).toContainText('Este campo es obligatorio.');
  await page.getByTestId('newsletter-email').fill(email);
  await page.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('newsletter-sent')).toContainText(`hemos enviado a ${email} un enlace`);

  // Double opt-in: only the confirmation has been sent.
  const confirmPath = await linkInOutbox(request, email, '/newsletter/confirm');
  expect((await mailsTo(request, email)).map((mail) => mail.subject)).toEqual(['Confirme su suscripción al boletín de Paybench']);
  await page.goto(confirmPath);
  await expect(page.getByTestId('newsletter-link-done')).toContainText(`${email} recibirá el boletín de Paybench`);

  // A tampered link says so plainly.
  await page.goto(`${confirmPath.slice(0, -3)}abc`);
  await expect(page.getByTestId('newsletter-link-invalid')).toContainText('Este enlace no es válido');

  // An admin composes an issue from a published post and sends it.
  const admin = await browser.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/newsletters');
  await expect(admin.getByTestId('subscribers-table')).toContainText(email);
  await admin.getByTestId('tab-compose').click();
  await admin.getByTestId('issue-subject').fill('Boletín de prueba');
  await admin.getByTestId('issue-post').first().click();
  await admin.getByTestId('issue-preview-button').click();
  await expect(admin.getByTestId('issue-preview')).toContainText('Llegará a');
  await admin.getByTestId('issue-send').click();
  await expect(admin.getByTestId('issue-progress')).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });
  await expect(admin.getByTestId('issue-counts')).toContainText('Envío terminado');
  await admin.close();

  // The issue carries the subscriber's own unsubscribe link; the page asks before unsubscribing.
  const unsubscribePath = await linkInOutbox(request, email, '/newsletter/unsubscribe', /Boletín de prueba/);
  await page.goto(unsubscribePath);
  await expect(page.getByTestId('newsletter-unsubscribe-page')).toHaveAttribute('data-status', 'asking');
  await page.getByTestId('newsletter-unsubscribe-button').click();
  await expect(page.getByTestId('newsletter-link-done')).toContainText(`${email} ya no recibirá el boletín`);

  // An unsubscribe link cannot confirm: used as a confirmation link it is refused.
  const token = new URL(`http://x${unsubscribePath}`).searchParams.get('token')!;
  await page.goto(`/newsletter/confirm?token=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('newsletter-link-invalid')).toBeVisible();
});

test('the methodology page explains the rules in both languages, with live figures', async ({ page }) => {
  await page.goto('/methodology');
  await expect(page.getByRole('heading', { level: 1, name: 'Metodología' })).toBeVisible();
  await expect(page.getByTestId('methodology-threshold')).toContainText('Ninguna estadística se calcula con menos de 5 personas');
  await expect(page.getByTestId('methodology-live-forms_total').or(page.getByTestId('methodology-live-empty'))).toBeVisible();
  await page.getByRole('button', { name: 'EN (English)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Methodology' })).toBeVisible();
  await expect(page.getByTestId('methodology-threshold')).toContainText('No statistic is computed from fewer than 5 people');
  await page.getByRole('button', { name: 'ES (Español)' }).click();
  await page.goto('/faqs');
  await page.getByTestId('information-methodology').getByRole('link').click();
  await expect(page).toHaveURL(/\/methodology$/);
  await page.getByTestId('footer-methodology').click();
  await expect(page.getByTestId('methodology-page')).toBeVisible();
});
