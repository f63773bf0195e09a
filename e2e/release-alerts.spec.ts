// Release alerts in the browser against the real server: a premium member turns them on in the settings, an admin
// raises the minimum fixed salary and cuts a release (the member's group loses its lower half, so its median
// moves), and the alert e-mail is in the outbox with its unsubscribe link, whose page turns the alerts off without
// signing in. The minimum values, the plan and the alerts are put back, and a release cut again, at the end.
import { expect, test, type APIRequestContext } from './fixtures';
import { DEMO, apiSignIn, bearer, signIn, watchProblems } from './comparison-support';

test.describe.configure({ timeout: 180_000 });

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function alertsTo(request: APIRequestContext, adminToken: string, email: string): Promise<OutboxMail[]> {
  const answer = await request.get('/api/admin/outbox?limit=100', { headers: bearer(adminToken) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: OutboxMail[] }).items.filter((item) => item.to === email && item.text.includes('/release-alerts/unsubscribe'));
}

async function cut(request: APIRequestContext, adminToken: string): Promise<void> {
  const answer = await request.post('/api/admin/releases', { headers: bearer(adminToken) });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { status: string }).status).toBe('cut');
}

test('a premium member turns release alerts on, an admin cuts a release, the alert arrives and its link turns them off', async ({ page, request, browser }) => {
  const problems = watchProblems(page);
  const admin = await apiSignIn(request, DEMO.admin);
  const member = await apiSignIn(request, DEMO.member);
  const configs = (await (await request.get('/api/forms/configs', { headers: bearer(admin.token) })).json()) as {
    minValues: { minFixed: number; compTotal: number; deferredMax: number };
  };
  const setPlan = async (premiumType: string) => {
    const answer = await request.patch(`/api/users/${member.user._id}`, { headers: bearer(admin.token), data: { premiumType } });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  const before = (await alertsTo(request, admin.token, DEMO.member)).length;
  await setPlan('premium');
  try {
    // The member turns the alerts on at 1 %.
    await signIn(page, DEMO.member, /\/comparison$/);
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
    await cut(request, admin.token);

    // One alert, in the member's language, with the unsubscribe link.
    let mails: OutboxMail[] = [];
    await expect.poll(async () => (mails = await alertsTo(request, admin.token, DEMO.member)).length, { timeout: 30_000 }).toBe(before + 1);
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
    // A tampered link says so plainly.
    await visitor.goto(`${link.pathname}${link.search.slice(0, -3)}abc`);
    await visitor.getByTestId('release-alerts-unsubscribe-button').click();
    await expect(visitor.getByTestId('release-alerts-unsubscribe-invalid')).toContainText('Este enlace no es válido');
    await visitor.close();

    await page.reload();
    await expect(page.getByTestId('release-alerts-switch')).toHaveAttribute('data-state', 'unchecked');
    expect(problems).toEqual([]);
  } finally {
    // Put the panel back: the minimum values, the plan and the alerts, and a release without the raised minimum.
    await request.patch('/api/forms/configs/min-values', { headers: bearer(admin.token), data: configs.minValues });
    await request.put('/api/users/currentUser/release-alerts', { headers: bearer(member.token), data: { enabled: false, thresholdPercent: 3 } });
    await setPlan('free');
    await cut(request, admin.token);
  }
});
