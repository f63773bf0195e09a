// Payments: the catalogue in the language's currency, who may buy what, the local
// sandbox end to end (its page, its signed event through the real webhook, the return), the portal, the
// corporate-plan contact request and the production refusal. Real app, real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { seedCatalogue } from '../../src/server/seed';
import { publishRelease } from './helpers/comparisonFixtures';
import type { Role } from '../../src/server/auth/accessToken';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedCatalogue(t.database);
  await t.database.execute(`insert into configs (key, value) values ('exchangeRates', $1) on conflict (key) do update set value = excluded.value`, [
    JSON.stringify([{ currency: 'USD', rateToEur: 0.8, date: '2026-11-02' }]),
  ]);
});
afterAll(async () => t?.close());

async function account(roles: Role[], options: { credits?: number; premiumType?: string; language?: 'es' | 'en' } = {}) {
  const user = await t.createUser({ roles, ...options });
  return { ...user, headers: await t.bearer(user.id, roles) };
}

async function stored(id: string) {
  const [user] = await t.database.execute<{ credits: number; premium_type: string; stripe_subscription_id: string | null; stripe_customer_id: string | null }>(
    'select credits, premium_type, stripe_subscription_id, stripe_customer_id from users where id = $1',
    [id],
  );
  const ledger = await t.database.execute<{ delta: number; reason: string; amount: string | null; currency: string | null }>(
    'select delta, reason, amount, currency from credit_ledger where user_id = $1 order by created_at',
    [id],
  );
  return { ...user, credits: Number(user.credits), ledger };
}

const checkout = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload: body });

/** The sandbox session id of a checkout/portal URL. */
const sessionOf = (url: string) => {
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/api\/payments\/sandbox\/[A-Za-z0-9_]+$/);
  return path.split('/').pop()!;
};

describe('catalogue', () => {
  it('serves the packs and cards in euros for Spanish, with the contract field names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/catalogue?lang=es' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('EUR');
    expect(body.conversion).toBeNull();
    expect(body.creditPacks.map((p: { credits: number; price: number; priceCredit: number }) => [p.credits, p.price, p.priceCredit])).toEqual([
      [10, 999, 99],
      [25, 2225, 89],
      [50, 3950, 79],
    ]);
    expect(body.creditPacks[0]).toMatchObject({ id: 'credits-10', name: '10 créditos', currency: 'EUR' });
    const cards = Object.fromEntries(body.subscriptionCards.map((c: { id: string }) => [c.id, c]));
    expect(cards['basic-year']).toMatchObject({
      plan: 'basic',
      period: 'year',
      price: 99,
      priceMonth: 8.25,
      currecy: '€',
      discount: null,
      buyButton: 'basic-year',
    });
    expect(cards['advanced-year']).toMatchObject({ price: 129, priceMonth: 10.75 });
    expect(cards['premium-year']).toMatchObject({ price: 171, priceMonth: 14.25, discount: '-25%' });
    expect([cards['basic-quarter'].price, cards['advanced-quarter'].price, cards['premium-quarter'].price]).toEqual([75, 95, 110]);
    // A 3-month option has no monthly price, and lists what its plan includes as the yearly card does.
    expect(cards['basic-quarter'].priceMonth).toBeNull();
    expect(cards['basic-quarter'].content).toHaveLength(1);
    expect(cards['basic-quarter'].content[0].subtitle).toEqual(cards['basic-year'].content[0].subtitle);
    expect(cards.corporate).toMatchObject({ plan: 'corporate', period: 'custom', price: null, priceMonth: null });
    expect(cards['premium-year'].content[0].title).toBe('Premium');
  });

  it("converts to dollars for English (query or Accept-Language) with the release's rate and cut date, prices in whole dollars", async () => {
    // Before the first release nothing converts: no page shows a rate the figures were not published with.
    const before = (await t.app.inject({ method: 'GET', url: '/api/payments/catalogue?lang=en' })).json();
    expect(before).toMatchObject({ language: 'en', currency: 'EUR', conversion: null });
    expect(before.creditPacks[0]).toMatchObject({ price: 999, currency: 'EUR' });

    const release = await publishRelease(t.database);
    const cutDay = release.cutAt.slice(0, 10);
    for (const request of [
      { url: '/api/payments/catalogue?lang=en' },
      { url: '/api/payments/catalogue', headers: { 'accept-language': 'en-US,en;q=0.9,es;q=0.5' } },
    ]) {
      const body = (await t.app.inject({ method: 'GET', ...request })).json();
      expect(body.language).toBe('en');
      expect(body.currency).toBe('USD');
      // One rate and one date on every page of the release: the catalogue's are app-config's (the release's cut),
      // not the date the admin typed beside the rate (2026-11-02).
      expect(body.conversion).toEqual({ from: 'EUR', to: 'USD', rate: 1.25, date: cutDay });
      const config = (await t.app.inject({ method: 'GET', url: '/api/app-config' })).json();
      expect(config.exchangeRates).toEqual({ date: cutDay, base: 'EUR', rates: { USD: 1.25 } });
      // 999 € × 1.25 = 1,248.75 → $1,249; 99 € → $124 (not 123.75); 171 € → $214; 14.25 €/month → $18.
      expect(body.creditPacks[0]).toMatchObject({ name: '10 credits', price: 1249, priceCredit: 124, currency: 'USD' });
      const premium = body.subscriptionCards.find((c: { id: string }) => c.id === 'premium-year');
      expect(premium).toMatchObject({ price: 214, priceMonth: 18, currecy: '$' });
    }
  });

  it('follows an admin price change in the database without a deploy, and keeps it across seeding', async () => {
    await t.database.execute(`update catalogue_items set price = 1099 where id = 'credits-10'`);
    await seedCatalogue(t.database);
    const body = (await t.app.inject({ method: 'GET', url: '/api/payments/catalogue?lang=es' })).json();
    expect(body.creditPacks[0].price).toBe(1099);
    await t.database.execute(`update catalogue_items set price = 999 where id = 'credits-10'`);
  });
});

describe('checkout permissions', () => {
  it('corporate users buy packs, members buy cards, admins nothing', async () => {
    const corporate = await account(['corporate']);
    const member = await account(['member']);
    const admin = await account(['admin']);
    expect((await checkout(corporate.headers, { buyButton: 'credits-10' })).statusCode).toBe(200);
    expect((await checkout(member.headers, { buyButton: 'premium-year' })).statusCode).toBe(200);

    const refusals: Array<[Record<string, string>, string, number, string]> = [
      [corporate.headers, 'premium-year', 403, 'FORBIDDEN_PURCHASE'],
      [member.headers, 'credits-10', 403, 'FORBIDDEN_PURCHASE'],
      [admin.headers, 'credits-10', 403, 'FORBIDDEN_PURCHASE'],
      [admin.headers, 'basic-year', 403, 'FORBIDDEN_PURCHASE'],
      [member.headers, 'corporate', 409, 'CONTACT_REQUIRED'],
      [member.headers, 'no-such-pack', 404, 'UNKNOWN_ITEM'],
    ];
    for (const [headers, buyButton, status, errorCode] of refusals) {
      const res = await checkout(headers, { buyButton });
      expect(res.statusCode, `${buyButton} → ${res.body}`).toBe(status);
      expect(res.json().errorCode).toBe(errorCode);
    }
    expect((await checkout({}, { buyButton: 'credits-10' })).statusCode).toBe(401);
    expect((await checkout(member.headers, { buyButton: 'basic-year', returnPath: 'https://evil.example' })).statusCode).toBe(400);
  });

  it('a paid member is sent to the portal, a corporate user on the unlimited plan buys no credits', async () => {
    const paid = await account(['member'], { premiumType: 'basic' });
    const unlimited = await account(['corporate'], { premiumType: 'corporate' });
    expect((await checkout(paid.headers, { buyButton: 'premium-year' })).json().errorCode).toBe('ALREADY_SUBSCRIBED');
    expect((await checkout(unlimited.headers, { buyButton: 'credits-10' })).json().errorCode).toBe('UNLIMITED_PLAN');
  });

  it('nothing is stored for a refused checkout', async () => {
    const member = await account(['member']);
    await checkout(member.headers, { buyButton: 'credits-50' });
    const sessions = await t.database.execute('select id from sandbox_sessions where user_id = $1', [member.id]);
    expect(sessions).toHaveLength(0);
  });
});

describe('sandbox end to end', () => {
  it('a corporate user buys 10 credits: TEST MODE page, Pay → signed event → webhook → +10 and a ledger row, back to the app', async () => {
    const corporate = await account(['corporate'], { credits: 1 });
    const res = await checkout(corporate.headers, { buyButton: 'credits-10', returnPath: '/my-account/my-credits' });
    expect(res.statusCode).toBe(200);
    const id = sessionOf(res.json().url);

    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}`, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('MODO DE PRUEBA');
    expect(page.body).toContain('10 créditos');
    expect(page.body).toContain('data-testid="sandbox-pay"');
    const csp = String(page.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<script nonce="${nonce}">`);

    const json = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}` });
    expect(json.json()).toMatchObject({
      id,
      mode: 'test',
      kind: 'checkout',
      buyButton: 'credits-10',
      amount: 999,
      currency: 'EUR',
      email: corporate.email,
      status: 'open',
    });

    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirectUrl: '/my-account/my-credits?checkout=success' });

    const after = await stored(corporate.id);
    expect(after.credits).toBe(11);
    expect(after.ledger.map((row) => [row.delta, row.reason, Number(row.amount), row.currency])).toEqual([[10, 'purchase', 999, 'EUR']]);
    // The event went through the webhook and was stored by its id.
    const events = await t.database.execute<{ type: string; applied_at: Date | null }>(
      `select type, applied_at from payment_events where payload->'data'->'object'->>'id' = $1`,
      [id],
    );
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('checkout.session.completed');
    expect(events[0].applied_at).not.toBeNull();

    // The purchase history shows the amount paid.
    const ledger = (await t.app.inject({ method: 'GET', url: '/api/users/currentUser/credit-ledger', headers: corporate.headers })).json();
    expect(ledger.items[0]).toMatchObject({ delta: 10, reason: 'purchase', amountPaid: 999, currency: 'EUR' });

    // Paying the same session again changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete` });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('SESSION_COMPLETED');
    expect((await stored(corporate.id)).credits).toBe(11);
  });

  it('a free member buys premium yearly, then cancels in the sandbox portal: premiumType follows', async () => {
    const member = await account(['member'], { language: 'en' });
    const noPortal = await t.app.inject({ method: 'POST', url: '/api/payments/portal', headers: member.headers });
    expect(noPortal.statusCode).toBe(409);
    expect(noPortal.json().errorCode).toBe('NO_SUBSCRIPTION');

    const id = sessionOf((await checkout(member.headers, { buyButton: 'premium-year' })).json().url);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain('TEST MODE');
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete` });
    expect(paid.json()).toEqual({ redirectUrl: '/become-premium?checkout=success' });
    const subscribed = await stored(member.id);
    expect(subscribed.premium_type).toBe('premium');
    expect(subscribed.stripe_subscription_id).toMatch(/^sub_test_/);
    expect(subscribed.stripe_customer_id).toMatch(/^cus_test_/);
    expect(subscribed.ledger).toHaveLength(0);

    const portal = await t.app.inject({ method: 'POST', url: '/api/payments/portal', headers: member.headers, payload: { returnPath: '/become-premium' } });
    expect(portal.statusCode).toBe(200);
    const portalId = sessionOf(portal.json().url);
    const portalPage = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${portalId}`, headers: { accept: 'text/html' } });
    expect(portalPage.body).toContain('data-testid="sandbox-cancel-subscription"');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${portalId}/complete` });
    expect(cancelled.json()).toEqual({ redirectUrl: '/become-premium?portal=done' });
    const after = await stored(member.id);
    expect(after.premium_type).toBe('free');
    expect(after.stripe_subscription_id).toBeNull();
  });

  it("the payment pages speak the language the person uses in the app, which becomes the account's language for later e-mails", async () => {
    // An account registered in Spanish, used in English.
    const member = await account(['member'], { language: 'es' });
    const res = await checkout(member.headers, { buyButton: 'premium-year', language: 'en' });
    expect(res.statusCode).toBe(200);
    const id = sessionOf(res.json().url);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).not.toContain('MODO DE PRUEBA');
    // Charged in euros, written as the app writes prices (whole units, no ",00").
    expect(page.body).toContain('€171');
    const [{ language }] = await t.database.execute<{ language: string }>('select language from users where id = $1', [member.id]);
    expect(language).toBe('en');

    // The password-reset mail now comes in English.
    await t.app.inject({ method: 'POST', url: '/api/users/reset-pass', payload: { email: member.email } });
    let subjects: string[] = [];
    for (let i = 0; i < 50 && subjects.length === 0; i++) {
      const rows = await t.database.execute<{ subject: string }>('select subject from email_outbox where "to" = $1', [member.email]);
      subjects = rows.map((row) => row.subject);
      if (subjects.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(subjects).toEqual(['Reset your Paybench password']);

    // Back to Spanish in the app: the portal follows. Without a language the account's is used.
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete` });
    const portal = await t.app.inject({ method: 'POST', url: '/api/payments/portal', headers: member.headers, payload: { language: 'es' } });
    const portalPage = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${sessionOf(portal.json().url)}`, headers: { accept: 'text/html' } });
    expect(portalPage.body).toContain('MODO DE PRUEBA');
    const unsaid = await t.app.inject({ method: 'POST', url: '/api/payments/portal', headers: member.headers });
    const unsaidPage = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${sessionOf(unsaid.json().url)}`, headers: { accept: 'text/html' } });
    expect(unsaidPage.body).toContain('<html lang="es">');
    // A language outside the contract is refused like any invalid body.
    expect((await checkout(member.headers, { buyButton: 'premium-year', language: 'fr' })).statusCode).toBe(400);
  });

  it('an unknown session is 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/cs_test_doesnotexist' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/cs_test_doesnotexist/complete' })).statusCode).toBe(404);
  });

  it('app-config says purchases run in the sandbox', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/app-config' })).json();
    expect(body).toMatchObject({ paymentsAvailable: true, paymentsTestMode: true });
  });
});

describe('corporate plan contact', () => {
  it('stores the request and e-mails every admin; repeated too often it is 429', async () => {
    const admin = await account(['admin']);
    const member = await account(['member']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/corporate-contact',
      headers: member.headers,
      payload: { company: 'Acme <b>S.A.</b>', name: 'Ana', phone: '+34 600 000 000', message: 'We are 40 people.' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'received' });
    const rows = await t.database.execute<{ company: string; email: string }>('select company, email from contact_requests where user_id = $1', [member.id]);
    expect(rows).toEqual([{ company: 'Acme <b>S.A.</b>', email: member.email }]);
    const mails = await t.database.execute<{ subject: string; text: string; html: string }>('select subject, text, html from email_outbox where "to" = $1', [
      admin.email,
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(member.email);
    expect(mails[0].html).toContain('Acme &lt;b&gt;S.A.&lt;/b&gt;');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/corporate-contact',
      headers: member.headers,
      payload: { company: '', name: 'Ana', message: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/corporate-contact',
          headers: member.headers,
          payload: { company: 'Acme', name: 'Ana', message: 'again' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('production without Stripe keys', () => {
  it('payments answer 503 PAYMENTS_UNAVAILABLE, the sandbox does not exist, app-config says purchases are unavailable', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(43), PERTURBATION_SECRET: 'y'.repeat(43), LOG_LEVEL: 'silent' });
    try {
      await seedCatalogue(prod.database);
      const user = await prod.createUser({ roles: ['corporate'] });
      const headers = await prod.bearer(user.id, ['corporate']);
      const res = await prod.app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload: { buyButton: 'credits-10' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().errorCode).toBe('PAYMENTS_UNAVAILABLE');
      expect((await prod.app.inject({ method: 'POST', url: '/api/payments/portal', headers })).statusCode).toBe(503);
      const webhook = await prod.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{"id":"evt_1","type":"x","data":{"object":{}}}',
      });
      expect(webhook.statusCode).toBe(503);
      expect((await prod.app.inject({ method: 'GET', url: '/api/payments/sandbox/cs_test_anything' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toMatchObject({ paymentsAvailable: false, paymentsTestMode: false });
      // The catalogue still shows what exists.
      expect((await prod.app.inject({ method: 'GET', url: '/api/payments/catalogue' })).statusCode).toBe(200);
      const sessions = await prod.database.execute('select id from sandbox_sessions');
      expect(sessions).toHaveLength(0);
    } finally {
      await prod.close();
    }
  });
});
