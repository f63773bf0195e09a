// Payments with Stripe keys: payment links opened with the buyer's e-mail and user id, the customer
// portal, and webhook events mapped by their payment link — through the official SDK, whose network calls go
// to a small stand-in for Stripe's API (the only thing replaced). The sandbox does not exist in this mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from './helpers/testApp';
import { seedCatalogue } from '../../src/server/seed';
import { checkoutCompleted, deliver, stripeId } from './helpers/stripeEvents';

const SECRET_KEY = 'sk_test_paybench_stand_in';
const WEBHOOK_SECRET = 'whsec_paybench_stand_in';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}
const seen: Seen[] = [];
let stripeApi: Server;
let t: TestApp;

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the stub answers every request inside the handler
  stripeApi = createServer(async (request, response) => {
    const body = await bodyOf(request);
    seen.push({ method: request.method!, path: request.url!, authorization: request.headers.authorization, body });
    response.setHeader('content-type', 'application/json');
    if (request.method === 'GET' && request.url === '/v1/payment_links/plink_credits10') {
      response.end(JSON.stringify({ id: 'plink_credits10', object: 'payment_link', active: true, url: 'https://buy.stripe.com/test_credits10' }));
    } else if (request.method === 'POST' && request.url === '/v1/billing_portal/sessions') {
      response.end(JSON.stringify({ id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' }));
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
    }
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.address() as AddressInfo;
  t = await startTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_LINK_CREDITS_10: 'plink_credits10',
    STRIPE_LINK_PREMIUM_YEAR: 'https://buy.stripe.com/test_premium',
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  await seedCatalogue(t.database);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stripeApi?.close(resolve));
});

const checkout = async (roles: Array<'member' | 'corporate'>, buyButton: string) => {
  const user = await t.createUser({ roles });
  const headers = await t.bearer(user.id, roles);
  return { user, headers, res: await t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload: { buyButton } }) };
};

describe('Stripe mode', () => {
  it('opens the payment link with prefilled_email and client_reference_id = the user id (link looked up once)', async () => {
    for (let i = 0; i < 2; i++) {
      const { user, res } = await checkout(['corporate'], 'credits-10');
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().url);
      expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_credits10');
      expect(url.searchParams.get('prefilled_email')).toBe(user.email);
      expect(url.searchParams.get('client_reference_id')).toBe(user.id);
    }
    const lookups = seen.filter((r) => r.path === '/v1/payment_links/plink_credits10');
    expect(lookups).toHaveLength(1);
    expect(lookups[0].authorization).toBe(`Bearer ${SECRET_KEY}`);

    const card = await checkout(['member'], 'premium-year');
    expect(new URL(card.res.json().url).searchParams.get('client_reference_id')).toBe(card.user.id);
    // Stripe's page speaks the account's language, or the one the person uses in the app when the app says it.
    expect(new URL(card.res.json().url).searchParams.get('locale')).toBe('es');
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: card.headers,
      payload: { buyButton: 'premium-year', language: 'en' },
    });
    expect(new URL(english.json().url).searchParams.get('locale')).toBe('en');
    // An item without a configured link cannot be bought.
    const unlinked = await checkout(['corporate'], 'credits-25');
    expect(unlinked.res.statusCode).toBe(503);
    expect(unlinked.res.json().errorCode).toBe('PAYMENTS_UNAVAILABLE');
  });

  it("maps a completed session to the item by its payment link; the sandbox's links mean nothing here", async () => {
    const user = await t.createUser({ roles: ['corporate'] });
    const real = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999 });
    real.data.object.payment_link = 'plink_credits10';
    expect((await deliver(t, real)).statusCode).toBe(200);
    const sandboxLike = checkoutCompleted({ userId: user.id, item: 'credits-50', amount: 3950 });
    expect((await deliver(t, sandboxLike)).statusCode).toBe(200);
    const [{ credits }] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [user.id]);
    expect(Number(credits)).toBe(10);
    // Only Stripe's secret signs: the generated development secret does not.
    expect(t.config.secrets.webhookSecret).toBe(WEBHOOK_SECRET);
  });

  it("the portal is a Stripe billing portal session of the buyer's customer, returning to the app", async () => {
    const user = await t.createUser({ roles: ['member'] });
    const customer = stripeId('cus');
    const paid = checkoutCompleted({ userId: user.id, item: 'premium-year', amount: 171, mode: 'subscription', customer });
    paid.data.object.payment_link = 'plink_premium_unmapped';
    paid.data.object.metadata = { item: 'premium-year' };
    expect((await deliver(t, paid)).statusCode).toBe(200);
    const headers = await t.bearer(user.id, ['member']);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/portal', headers, payload: { returnPath: '/become-premium', language: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    const call = seen.find((r) => r.path === '/v1/billing_portal/sessions')!;
    const form = new URLSearchParams(call.body);
    expect(form.get('customer')).toBe(customer);
    expect(form.get('return_url')).toBe(`${t.config.publicUrl}/become-premium`);
    // The portal in the language the person uses the app in.
    expect(form.get('locale')).toBe('en');
  });

  it('has no sandbox, and app-config says purchases go to Stripe', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/cs_test_anything' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toMatchObject({ paymentsAvailable: true, paymentsTestMode: false });
  });
});

describe('Stripe not answering', () => {
  it('a failed Stripe call is 503 PAYMENTS_UNAVAILABLE for the buyer', async () => {
    const broken = await startTestApp({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_LINK_CREDITS_10: 'plink_missing',
      STRIPE_API_URL: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`,
    });
    try {
      await seedCatalogue(broken.database);
      const user = await broken.createUser({ roles: ['corporate'] });
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/payments/checkout',
        headers: await broken.bearer(user.id, ['corporate']),
        payload: { buyButton: 'credits-10' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().errorCode).toBe('PAYMENTS_UNAVAILABLE');
    } finally {
      await broken.close();
    }
  });
});
