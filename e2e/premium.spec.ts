// Premium sells something, in the browser against the real server and the TEST MODE payment sandbox (a second tab, as
// Stripe's hosted page would be):
// - a free member (this year's questionnaire completed) opens their evolution, which the free plan does not include;
//   the premium modal shows instead, the Basic cards marked as including it; they buy Basic and the evolution opens;
// - the paid features end to end: the free demo member meets the negotiation brief's upsell on the personalised
//   comparison, buys Premium from it, downloads the brief and reads it back (it holds the median the page shows),
//   turns release alerts on; an admin raises the minimum fixed salary and cuts a release (the member's group loses
//   its lower half, so its median moves), the alert e-mail is in the outbox, and its unsubscribe link turns the
//   alerts off without signing in. The plan, the minimum values and the alerts are put back, and a release cut again.
// The plans themselves are checked on the server (tests/server/entitlements.test.ts).
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extractText } from 'unpdf';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { memberWithCompletedForm, signIn } from './questionnaire-support';
import { DEMO, apiSignIn, bearer, signIn as signInDemo, watchProblems } from './comparison-support';
import { payInSandbox } from './payment-support';
import { expectAccessible } from './a11y-support';

// The purchase goes through the real webhook and the return page is a second load of the app: longer waits.
const expect = baseExpect.configure({ timeout: 20_000 });

const es = JSON.parse(readFileSync('locales/es.json', 'utf8')) as {
  entitlements: { includes: string; features: Record<string, { title: string }> };
  brief: { premium_required: Record<string, string>; see_plans: string; download: string; done: string };
};

/**
 * The premium modal shows its cards for a view the plan does not include: it names the plan that unlocks `feature`,
 * and exactly that plan's cards (yearly and 3 months) are marked. Returns the modal.
 */
async function expectPlanOffered(page: Page, plan: string, feature: string): Promise<Locator> {
  const modal = page.getByTestId('premium-modal');
  await expect(modal).toHaveAttribute('data-status', 'cards', { timeout: 60_000 });
  await expect(modal.getByTestId('premium-modal-required')).toHaveAttribute('data-plan', plan);
  await expect(modal.getByTestId('premium-modal-required')).toHaveAttribute('data-feature', feature);
  const marked = modal.locator('[data-testid="subscription-card"][data-highlighted="true"]');
  expect(await marked.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')))).toEqual([`${plan}-year`, `${plan}-quarter`]);
  return modal;
}

test('a free member opens the evolution, meets the premium modal with Basic marked, buys Basic and the evolution opens', async ({ page, request }) => {
  test.setTimeout(180_000);
  const problems = watchProblems(page);
  const member = await memberWithCompletedForm(request, 'premium-journey');
  await signIn(page, member.email, member.password);

  await page.goto('/your-evolution');
  await expect(page.getByTestId('premium-gate')).toBeVisible();
  // Exactly the Basic cards (yearly and 3 months) are marked "Incluye Su evolución…"; the dearer plans are not.
  const modal = await expectPlanOffered(page, 'basic', 'evolution');
  const includes = es.entitlements.includes.replace('{{feature}}', es.entitlements.features.evolution.title);
  await expect(modal.locator('[data-card="basic-year"]').getByTestId('card-includes')).toHaveText(includes);
  await expect(modal.locator('[data-card="premium-year"]').getByTestId('card-includes')).toHaveCount(0);
  // Each card lists what its plan includes: Basic has the evolution.
  await expect(modal.locator('[data-card="basic-year"]')).toContainText(es.entitlements.features.evolution.title);

  const basic = modal.locator('[data-card="basic-year"]');
  await basic.getByTestId('card-select').scrollIntoViewIfNeeded();
  await payInSandbox(page, () => basic.getByTestId('card-select').click());

  // The plan is on the account: the gate lets the evolution through, with its figures.
  await expect(page.getByTestId('evolution-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('premium-gate')).toHaveCount(0);
  await expect(page.getByTestId('evolution-page')).toHaveAttribute('data-phase', 'result', { timeout: 60_000 });
  expect(problems).toEqual([]);
});

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The release alert e-mails to `email` in the outbox (the admin's list of mails stored instead of sent). */
async function alertsTo(request: APIRequestContext, adminToken: string, email: string): Promise<OutboxMail[]> {
  const answer = await request.get('/api/admin/outbox?limit=100', { headers: bearer(adminToken) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: OutboxMail[] }).items.filter((item) => item.to === email && item.text.includes('/release-alerts/unsubscribe'));
}

async function cutRelease(request: APIRequestContext, adminToken: string): Promise<void> {
  const answer = await request.post('/api/admin/releases', { headers: bearer(adminToken) });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { status: string }).status).toBe('cut');
}

const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

test('a free member buys Premium from the brief’s upsell, reads the downloaded brief, gets a release alert after a cut and turns it off from its link', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const problems = watchProblems(page);
  const admin = await apiSignIn(request, DEMO.admin);
  const member = await apiSignIn(request, DEMO.member);
  expect(member.user.premiumType).toBe('free');
  const configs = (await (await request.get('/api/forms/configs', { headers: bearer(admin.token) })).json()) as {
    minValues: { minFixed: number; compTotal: number; deferredMax: number };
  };
  const alertsBefore = (await alertsTo(request, admin.token, DEMO.member)).length;
  let minimumRaised = false;
  try {
    // The free plan: the personalised comparison, whose brief button says which plan includes the brief.
    await signInDemo(page, DEMO.member, /\/comparison$/);
    await page.goto('/personalized-comparison');
    const personal = page.getByTestId('personal-comparison-page');
    await expect(personal).toHaveAttribute('data-phase', 'result', { timeout: 45_000 });
    await page.getByRole('button', { name: es.brief.download }).click();
    await expect(page.getByTestId('negotiation-brief')).toHaveAttribute('data-phase', 'premiumRequired');
    await expect(page.getByTestId('negotiation-brief-message')).toHaveText(es.brief.premium_required.premium);

    // The plans, the Premium cards marked as including the brief; Premium bought in the sandbox.
    await page.getByTestId('negotiation-brief').getByRole('link', { name: es.brief.see_plans }).click();
    const modal = await expectPlanOffered(page, 'premium', 'negotiationBrief');
    const premium = modal.locator('[data-card="premium-year"]');
    await premium.getByTestId('card-select').scrollIntoViewIfNeeded();
    await payInSandbox(page, () => premium.getByTestId('card-select').click());
    await expect(modal).toHaveAttribute('data-status', 'purchased', { timeout: 60_000 });

    // The brief now downloads; its text holds the total pay's median as the page shows it.
    await page.goto('/personalized-comparison');
    await expect(personal).toHaveAttribute('data-phase', 'result', { timeout: 45_000 });
    const gauge = squash(await page.getByTestId('gauge-totalWithDeferral').innerText());
    const median = /mediana del grupo: ([^·]+?)(?: ·|$)/.exec(gauge)?.[1];
    expect(median, gauge).toBeTruthy();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: es.brief.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^paybench-informe-negociacion-\d{4}\.pdf$/);
    await expect(page.getByTestId('negotiation-brief')).toHaveAttribute('data-phase', 'done', { timeout: 45_000 });
    await expect(page.getByTestId('negotiation-brief-message')).toHaveText(es.brief.done);
    const { text } = await extractText(new Uint8Array(await readFile(await download.path())), { mergePages: true });
    const brief = squash(text);
    expect(brief).toContain('Informe para negociar su retribución');
    expect(brief).toContain(`mediana ${median!}`);
    expect(brief).toContain('importes distorsionados para proteger a cada persona');

    // Release alerts on at 1 % (a threshold out of range is refused first).
    await page.goto('/settings');
    const section = page.getByTestId('settings-release-alerts');
    await expect(section).toHaveAttribute('data-status', 'editing');
    await section.getByText('Enviarme alertas de publicación').click();
    const threshold = page.getByTestId('release-alerts-threshold');
    await threshold.fill('25');
    await page.getByTestId('release-alerts-save').click();
    await expect(page.getByTestId('release-alerts-invalid')).toHaveText('Elija un umbral entre 1 y 20 %.');
    await threshold.fill('1');
    await page.getByTestId('release-alerts-save').click();
    await expect(page.getByTestId('release-alerts-notice')).toHaveText('Alertas de publicación guardadas.');

    // The member's group loses the people under its median fixed salary, and the admin cuts a release.
    const comparison = await request.post('/api/forms/comparation-individual', { headers: bearer(member.token), data: {} });
    expect(comparison.status(), await comparison.text()).toBe(200);
    const groupMedian = ((await comparison.json()) as { measures: { fixedSalary: { p50: number } } }).measures.fixedSalary.p50;
    const raised = await request.patch('/api/forms/configs/min-values', {
      headers: bearer(admin.token),
      data: { ...configs.minValues, minFixed: Math.max(configs.minValues.minFixed, Math.round(groupMedian)) },
    });
    expect(raised.status(), await raised.text()).toBe(200);
    minimumRaised = true;
    await cutRelease(request, admin.token);

    // One alert, in the member's language, with the unsubscribe link.
    let mails: OutboxMail[] = [];
    await expect.poll(async () => (mails = await alertsTo(request, admin.token, DEMO.member)).length, { timeout: 30_000 }).toBe(alertsBefore + 1);
    const mail = mails[0];
    expect(mail.subject).toBe('Las cifras de su grupo han cambiado en la nueva publicación');
    expect(mail.text).toContain('en términos reales');
    const link = new URL(/https?:\/\/\S*\/release-alerts\/unsubscribe\?token=\S+/.exec(mail.text)![0]);

    // The link works without a session: a fresh browser context asks, then turns the alerts off.
    const visitor = await browser.newPage();
    await visitor.goto(`${link.pathname}${link.search}`);
    await expect(visitor.getByTestId('release-alerts-unsubscribe-page')).toHaveAttribute('data-status', 'asking');
    await visitor.getByTestId('release-alerts-unsubscribe-button').click();
    await expect(visitor.getByTestId('release-alerts-unsubscribe-done')).toContainText('Las alertas de publicación están desactivadas');
    await expectAccessible(visitor, '/release-alerts/unsubscribe done');
    // A tampered link says so plainly.
    await visitor.goto(`${link.pathname}${link.search.slice(0, -3)}abc`);
    await visitor.getByTestId('release-alerts-unsubscribe-button').click();
    await expect(visitor.getByTestId('release-alerts-unsubscribe-invalid')).toContainText('Este enlace no es válido');
    await visitor.close();

    await page.reload();
    await expect(page.getByTestId('release-alerts-switch')).toHaveAttribute('data-state', 'unchecked');
    // The one refusal the browser logs is the server's 403 PREMIUM_REQUIRED for the brief on the free plan.
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
  } finally {
    // Put the panel back: the minimum values, the alerts and the plan, and a release without the raised minimum.
    await request.patch('/api/forms/configs/min-values', { headers: bearer(admin.token), data: configs.minValues });
    await request.put('/api/users/currentUser/release-alerts', { headers: bearer(member.token), data: { enabled: false, thresholdPercent: 3 } });
    await request.patch(`/api/users/${member.user._id}`, { headers: bearer(admin.token), data: { premiumType: 'free' } });
    if (minimumRaised) await cutRelease(request, admin.token);
  }
});
