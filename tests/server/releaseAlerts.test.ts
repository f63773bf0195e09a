// Release alerts on the real app: the settings (who may turn them on, validation), the job a real cut queues (one
// e-mail per opted-in, entitled member whose group moved beyond their threshold, in their language, with published
// figures only; nothing twice), and the e-mail's unsubscribe link, which works without signing in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, publishRelease } from './helpers/comparisonFixtures';
import { bumpDataVersion } from '../../src/server/services/dataVersion';
import { JOB_SCHEMA } from '../../src/server/db/jobSchema';
import { RELEASE_ALERTS_JOB, queueReleaseAlerts } from '../../src/server/services/releaseAlerts';
import { createReleaseAlertLinks } from '../../src/server/auth/releaseAlertLinks';

let t: TestApp;
let admin: Record<string, string>;

const settingsUrl = '/api/users/currentUser/release-alerts';
const unsubscribeUrl = '/api/release-alerts/unsubscribe';

interface Member {
  id: string;
  email: string;
  headers: Record<string, string>;
}

async function member(premiumType: string, language: 'es' | 'en' = 'es', fixedSalary = 240_000): Promise<Member> {
  const user = await t.createUser({ roles: ['member'], premiumType, language });
  await insertForm(t.database, { userId: user.id, fixedSalary });
  return { id: user.id, email: user.email, headers: await t.bearer(user.id, user.roles) };
}

const put = (who: Member, payload: unknown) => t.app.inject({ method: 'PUT', url: settingsUrl, headers: who.headers, payload: payload as object });
const mailsTo = (email: string) =>
  t.database.execute<{ subject: string; text: string; html: string }>('select subject, text, html from email_outbox where "to" = $1 order by created_at', [
    email,
  ]);
const alertsOf = async (userId: string) =>
  (await t.database.execute<{ enabled: boolean }>('select enabled from release_alert_settings where user_id = $1', [userId]))[0]?.enabled ?? null;

/** The job a cut queued for its release, once finished. */
async function alertsJobOf(releaseId: string) {
  for (let i = 0; i < 100; i++) {
    const [job] = await t.database.execute<{ id: string }>(
      `select id from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2 order by created_on limit 1`,
      [RELEASE_ALERTS_JOB, releaseId],
    );
    if (job) return t.app.jobs.waitFor(job.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no release alerts job was queued');
}

beforeAll(async () => {
  t = await startTestApp({ PREMIUM_ENABLED: '1' });
  const adminUser = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(adminUser.id, adminUser.roles);
});
afterAll(async () => t?.close());

describe('settings', () => {
  it('asks for a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: settingsUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: settingsUrl, payload: { enabled: true, thresholdPercent: 3 } })).statusCode).toBe(401);
  });

  it('starts off at 3 %, and tells a member without the plan which plan includes it', async () => {
    const free = await member('free');
    const res = await t.app.inject({ method: 'GET', url: settingsUrl, headers: free.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, thresholdPercent: 3, available: false, requiredPlan: 'premium' });
    const premium = await member('premium');
    expect((await t.app.inject({ method: 'GET', url: settingsUrl, headers: premium.headers })).json()).toEqual({
      enabled: false,
      thresholdPercent: 3,
      available: true,
    });
  });

  it.each(['free', 'basic', 'advanced'])('refuses to turn alerts on for a %s member: 403 PREMIUM_REQUIRED naming premium, nothing saved', async (plan) => {
    const who = await member(plan);
    const res = await put(who, { enabled: true, thresholdPercent: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'premium' });
    expect(await alertsOf(who.id)).toBeNull();
    // Turning them off needs no plan.
    expect((await put(who, { enabled: false, thresholdPercent: 5 })).statusCode).toBe(200);
  });

  it('saves a premium member’s choice', async () => {
    const who = await member('premium');
    const res = await put(who, { enabled: true, thresholdPercent: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, thresholdPercent: 7, available: true });
    expect((await t.app.inject({ method: 'GET', url: settingsUrl, headers: who.headers })).json()).toMatchObject({ enabled: true, thresholdPercent: 7 });
  });

  it.each([
    ['a threshold of 0', { enabled: true, thresholdPercent: 0 }],
    ['a threshold of 21', { enabled: true, thresholdPercent: 21 }],
    ['a fractional threshold', { enabled: true, thresholdPercent: 2.5 }],
    ['a missing switch', { thresholdPercent: 3 }],
    ['an unknown field', { enabled: true, thresholdPercent: 3, email: 'x@example.com' }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const who = await member('premium');
    await put(who, { enabled: false, thresholdPercent: 4 });
    const res = await put(who, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_ERROR');
    expect((await t.app.inject({ method: 'GET', url: settingsUrl, headers: who.headers })).json()).toMatchObject({ enabled: false, thresholdPercent: 4 });
  });
});

describe('after a release', () => {
  let english: Member;
  let spanish: Member;
  let optedOut: Member;
  let calm: Member;
  let lapsed: Member;
  let releaseId: string;

  beforeAll(async () => {
    // The group of every member below: Spain, banking, director (the fixtures' profile), 2025.
    await insertForms(t.database, 30, (i) => ({ fixedSalary: 100_000 + i * 2_000 }));
    english = await member('premium', 'en');
    spanish = await member('premium', 'es');
    optedOut = await member('premium', 'en');
    calm = await member('premium', 'en');
    lapsed = await member('premium', 'en');
    for (const [who, enabled, thresholdPercent] of [
      [english, true, 3],
      [spanish, true, 3],
      [optedOut, false, 3],
      [calm, true, 20],
      [lapsed, true, 3],
    ] as const) {
      expect((await put(who, { enabled, thresholdPercent })).statusCode).toBe(200);
    }
    await publishRelease(t.database);
    // The group's pay rises about 12 % (every peer's), and the lapsed member's plan ends.
    await t.database.execute(`update forms set fixed_salary = round(fixed_salary * 1.12) where fixed_salary < 200000`);
    await bumpDataVersion(t.database);
    await t.database.execute(`update users set premium_type = 'free' where id = $1`, [lapsed.id]);
    const cut = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: admin });
    expect(cut.json()).toMatchObject({ status: 'cut' });
    releaseId = cut.json<{ release: { id: string } }>().release.id;
    const job = await alertsJobOf(releaseId);
    expect(job.state).toBe('completed');
  });

  it('writes one e-mail, in English, with published figures only, to the member whose group moved beyond the threshold', async () => {
    const mails = await mailsTo(english.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe("Your group's figures moved in the new release");
    expect(mail.text).toMatch(/The group's median total pay \(2025\) went from €[\d,]+ to €[\d,]+: \+\d+\.\d % in real terms\./);
    expect(mail.text).toContain("Your total pay is not below the group's 25th percentile.");
    expect(mail.text).toContain(`${t.config.publicUrl}/personalized-comparison`);
    // Only figures the personalised comparison publishes: the two medians are the group's published ones.
    const comparison = await t.app.inject({ method: 'POST', url: '/api/forms/comparation-individual', headers: english.headers, payload: {} });
    const median = comparison.json<{ peer: { totalWithDeferral: { p50: number } } }>().peer.totalWithDeferral.p50;
    expect(mail.text).toContain(`to €${median.toLocaleString('en-GB')}`);
    // Nothing of the member's own pay.
    expect(mail.text).not.toContain('240,000');
    const change = Number(/: \+(\d+\.\d) %/.exec(mail.text)![1]);
    expect(change).toBeGreaterThan(3);
    expect(change).toBeLessThan(20);
  });

  it('writes to a Spanish-speaking member in Spanish', async () => {
    const mails = await mailsTo(spanish.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Las cifras de su grupo han cambiado en la nueva publicación');
    expect(mails[0].text).toContain('en términos reales');
    expect(mails[0].text).toContain('Desactivar las alertas de publicación: ');
  });

  it('writes nothing to an opted-out member, one whose threshold was not reached, or one whose plan lapsed', async () => {
    expect(await mailsTo(optedOut.email)).toHaveLength(0);
    expect(await mailsTo(calm.email)).toHaveLength(0);
    expect(await mailsTo(lapsed.email)).toHaveLength(0);
  });

  it('sends nothing new when the job runs again', async () => {
    const [{ n: before }] = await t.database.execute<{ n: number }>('select count(*)::int as n from email_outbox');
    const id = await queueReleaseAlerts(t.app.jobs, { id: releaseId });
    const again = await t.app.jobs.waitFor(id);
    expect(again.state).toBe('completed');
    expect(again.result).toMatchObject({ sent: 0 });
    const [{ n: after }] = await t.database.execute<{ n: number }>('select count(*)::int as n from email_outbox');
    expect(after).toBe(before);
  });

  it('a bad token changes nothing; the e-mail’s link turns the alerts off without signing in', async () => {
    const [mail] = await mailsTo(english.email);
    const link = /Turn off release alerts: (\S+)/.exec(mail.text)![1];
    expect(link.startsWith(`${t.config.publicUrl}/release-alerts/unsubscribe?token=`)).toBe(true);
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);

    const [payload, signature] = token.split('.');
    const tampered = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherSecret = createReleaseAlertLinks('another-secret-of-at-least-32-characters').sign(english.id);
    for (const bad of [tampered, otherSecret]) {
      const res = await t.app.inject({ method: 'POST', url: unsubscribeUrl, payload: { token: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RELEASE_ALERTS_LINK_INVALID');
      expect(await alertsOf(english.id)).toBe(true);
    }
    const expired = createReleaseAlertLinks(t.config.secrets.tokenSecret).sign(english.id, new Date('2020-01-01T00:00:00Z'));
    const res = await t.app.inject({ method: 'POST', url: unsubscribeUrl, payload: { token: expired } });
    expect(res.json().errorCode).toBe('RELEASE_ALERTS_LINK_EXPIRED');
    expect(await alertsOf(english.id)).toBe(true);

    const done = await t.app.inject({ method: 'POST', url: unsubscribeUrl, payload: { token } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ enabled: false });
    expect(await alertsOf(english.id)).toBe(false);
    // Twice is harmless.
    expect((await t.app.inject({ method: 'POST', url: unsubscribeUrl, payload: { token } })).statusCode).toBe(200);
  });
});
