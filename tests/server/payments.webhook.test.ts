// The Stripe webhook: only deliveries signed with the webhook secret over the exact body, within
// 300 s, are applied; each event id once, in the transaction of its effect; the same purchase delivered twice
// in parallel grants once; subscription events follow Stripe's order by `created`, not by arrival; refunds take
// back what is left of what they refund; unknown events are kept. Every case is checked on balances,
// premiumType and ledger rows. Real app and database; Stripe's network replaced by events signed with the SDK.
// A signed checkout grants only when it paid the catalogue price in the catalogue currency
// and the account may buy the item; a refused one changes nothing and leaves an audit record saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { seedCatalogue } from '../../src/server/seed';
import { CATALOGUE_SEED } from '../../src/server/db/demoCatalogue';
import type { Role } from '../../src/server/auth/accessToken';
import { chargeRefunded, checkoutCompleted, deliver, event, nowSeconds, sign, stripeId, subscriptionEvent } from './helpers/stripeEvents';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedCatalogue(t.database);
});
afterAll(async () => t?.close());

async function account(roles: Role[], options: { credits?: number; premiumType?: string } = {}) {
  return t.createUser({ roles, ...options });
}

async function state(id: string) {
  const [user] = await t.database.execute<{ credits: number; premium_type: string; stripe_subscription_id: string | null }>(
    'select credits, premium_type, stripe_subscription_id from users where id = $1',
    [id],
  );
  const ledger = await t.database.execute<{ delta: number; reason: string; amount: string | null; balance_after: number }>(
    'select delta, reason, amount, balance_after from credit_ledger where user_id = $1 order by created_at, balance_after',
    [id],
  );
  return { credits: Number(user.credits), premiumType: user.premium_type, subscription: user.stripe_subscription_id, ledger };
}

/** The catalogue price (EUR) of an item, as its payment link charges it. */
const price = (item: string) => CATALOGUE_SEED.find((entry) => entry.id === item)!.price!;

const storedEvent = async (id: string) =>
  (await t.database.execute<{ id: string; applied_at: Date | null }>('select id, applied_at from payment_events where id = $1', [id]))[0];

describe('signature', () => {
  it('a wrong secret, a tampered body, a missing or malformed header: 400 INVALID_SIGNATURE, nothing stored or granted', async () => {
    const user = await account(['corporate'], { credits: 1 });
    const paid = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999 });
    const payload = JSON.stringify(paid);
    const tampered = payload.replace('"amount_total":99900', '"amount_total":1');
    const attempts = [
      await deliver(t, paid, { secret: 'whsec_not_ours' }),
      await deliver(t, tampered, { signature: sign(payload, t.config.secrets.webhookSecret) }),
      await deliver(t, paid, { signature: 't=123,v1=deadbeef' }),
      await deliver(t, paid, { signature: 'garbage' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('INVALID_SIGNATURE');
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await storedEvent(paid.id)).toBeUndefined();
    expect(await state(user.id)).toMatchObject({ credits: 1, ledger: [] });
  });

  it('a signature older than 300 s is refused (a replayed capture); one within the tolerance is applied', async () => {
    const user = await account(['corporate']);
    const stale = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999 });
    const res = await deliver(t, stale, { timestamp: nowSeconds() - 301 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('INVALID_SIGNATURE');
    expect((await state(user.id)).credits).toBe(0);

    const recent = await deliver(t, stale, { timestamp: nowSeconds() - 240 });
    expect(recent.statusCode).toBe(200);
    expect((await state(user.id)).credits).toBe(10);
  });
});

describe('each purchase once', () => {
  it('the same event delivered again (Stripe retries, a replay) answers 200 and grants once', async () => {
    const user = await account(['corporate'], { credits: 2 });
    const paid = checkoutCompleted({ userId: user.id, item: 'credits-25', amount: 2225 });
    for (let i = 0; i < 3; i++) {
      const res = await deliver(t, paid);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const after = await state(user.id);
    expect(after.credits).toBe(27);
    expect(after.ledger.map((row) => [row.delta, row.reason, Number(row.amount), row.balance_after])).toEqual([[25, 'purchase', 2225, 27]]);
    expect((await storedEvent(paid.id))?.applied_at).not.toBeNull();
  });

  it('the same purchase delivered in parallel, under one event id and under several, grants exactly once', async () => {
    const user = await account(['corporate']);
    const paid = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999 });
    // Stripe may also send the same session again as a new event (a resend from the dashboard).
    const resent = { ...paid, id: stripeId('evt') };
    const responses = await Promise.all([...Array.from({ length: 6 }, () => deliver(t, paid)), ...Array.from({ length: 6 }, () => deliver(t, resent))]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const after = await state(user.id);
    expect(after.credits).toBe(10);
    expect(after.ledger).toHaveLength(1);
    const purchases = await t.database.execute('select id from purchases where user_id = $1', [user.id]);
    expect(purchases).toHaveLength(1);
  });

  it('an unpaid completed session (a delayed payment method) grants nothing until its async success', async () => {
    const user = await account(['corporate']);
    const pending = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999 });
    pending.data.object.payment_status = 'unpaid';
    expect((await deliver(t, pending)).statusCode).toBe(200);
    expect((await state(user.id)).credits).toBe(0);
    const succeeded = event('checkout.session.async_payment_succeeded', { ...pending.data.object, payment_status: 'paid' });
    expect((await deliver(t, succeeded)).statusCode).toBe(200);
    expect((await state(user.id)).credits).toBe(10);
  });
});

describe('subscriptions', () => {
  async function subscribed(plan = 'premium-year') {
    const user = await account(['member']);
    const customer = stripeId('cus');
    const subscription = stripeId('sub');
    const start = nowSeconds() - 1000;
    const paid = checkoutCompleted({ userId: user.id, item: plan, amount: price(plan), mode: 'subscription', customer, subscription }, start);
    expect((await deliver(t, paid)).statusCode).toBe(200);
    return { user, customer, subscription, start };
  }

  it('checkout of a card sets the plan with the Stripe customer and subscription; no credits move', async () => {
    const { user, subscription } = await subscribed();
    expect(await state(user.id)).toMatchObject({ premiumType: 'premium', subscription, credits: 0, ledger: [] });
  });

  it('out of order: a cancellation that arrives before an older update stays cancelled', async () => {
    const { user, customer, subscription, start } = await subscribed();
    const updated = subscriptionEvent('customer.subscription.updated', { id: subscription, customer, status: 'active' }, start + 10);
    const deleted = subscriptionEvent('customer.subscription.deleted', { id: subscription, customer, status: 'canceled' }, start + 20);
    expect((await deliver(t, deleted)).statusCode).toBe(200);
    expect((await state(user.id)).premiumType).toBe('free');
    expect((await deliver(t, updated)).statusCode).toBe(200);
    expect(await state(user.id)).toMatchObject({ premiumType: 'free', subscription: null });
    // The stale event is kept, but not applied.
    expect((await storedEvent(updated.id))?.applied_at).toBeNull();
  });

  it('a plan change and a renewal follow Stripe; a stale past_due/unpaid update is ignored', async () => {
    const { user, customer, subscription, start } = await subscribed('basic-year');
    const upgrade = subscriptionEvent('customer.subscription.updated', { id: subscription, customer, status: 'active', plan: 'advanced' }, start + 30);
    const older = subscriptionEvent('customer.subscription.updated', { id: subscription, customer, status: 'unpaid' }, start + 25);
    await deliver(t, upgrade);
    await deliver(t, older);
    expect((await state(user.id)).premiumType).toBe('advanced');

    const lapsed = subscriptionEvent('customer.subscription.updated', { id: subscription, customer, status: 'unpaid' }, start + 40);
    await deliver(t, lapsed);
    expect((await state(user.id)).premiumType).toBe('free');
    // The renewal is paid later: the subscription is active again with its plan.
    const renewed = event('invoice.paid', { id: stripeId('in'), object: 'invoice', customer, subscription, status: 'paid' }, start + 50);
    await deliver(t, renewed);
    expect((await state(user.id)).premiumType).toBe('basic');
    const active = subscriptionEvent('customer.subscription.updated', { id: subscription, customer, status: 'active', plan: 'advanced' }, start + 60);
    await deliver(t, active);
    expect(await state(user.id)).toMatchObject({ premiumType: 'advanced', subscription });
    // A change to the premium price in the portal: the price's metadata names the plan.
    const changed = subscriptionEvent('customer.subscription.updated', { id: subscription, customer, status: 'active', plan: 'advanced' }, start + 70);
    changed.data.object.items = { object: 'list', data: [{ price: { id: stripeId('price'), lookup_key: null, metadata: { plan: 'premium' } } }] };
    await deliver(t, changed);
    expect((await state(user.id)).premiumType).toBe('premium');
  });

  it('a subscription created incomplete (its first payment under way) does not undo the completed checkout', async () => {
    const { user, customer, subscription, start } = await subscribed();
    const created = subscriptionEvent('customer.subscription.created', { id: subscription, customer, status: 'incomplete' }, start);
    expect((await deliver(t, created)).statusCode).toBe(200);
    expect((await state(user.id)).premiumType).toBe('premium');
  });

  it("another subscription's events do not touch the account", async () => {
    const { user, customer } = await subscribed();
    const foreign = subscriptionEvent('customer.subscription.deleted', { id: stripeId('sub'), customer, status: 'canceled' });
    expect((await deliver(t, foreign)).statusCode).toBe(200);
    expect((await state(user.id)).premiumType).toBe('premium');
  });
});

describe('refunds', () => {
  it('a full refund takes back the credits not yet spent, never below 0, with a ledger row', async () => {
    const user = await account(['corporate']);
    const paymentIntent = stripeId('pi');
    await deliver(t, checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999, paymentIntent }));
    // Seven of the ten are spent (as paid searches do: balance and a ledger row).
    await t.database.execute('update users set credits = credits - 7 where id = $1', [user.id]);
    await t.database.execute(
      `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key) values ($1, $2, -7, 3, 'comparison', $3)`,
      [stripeId('l'), user.id, stripeId('k')],
    );
    const refund = chargeRefunded({ paymentIntent, amount: 999, refunded: 999 });
    expect((await deliver(t, refund)).statusCode).toBe(200);
    expect((await deliver(t, refund)).statusCode).toBe(200);
    const after = await state(user.id);
    expect(after.credits).toBe(0);
    expect(after.ledger.filter((row) => row.reason === 'refund').map((row) => [row.delta, Number(row.amount), row.balance_after])).toEqual([[-3, 999, 0]]);
  });

  it('partial then full refunds take back their share once each, whatever the order they arrive in', async () => {
    const user = await account(['corporate'], { credits: 5 });
    const paymentIntent = stripeId('pi');
    await deliver(t, checkoutCompleted({ userId: user.id, item: 'credits-25', amount: 2225, paymentIntent }));
    expect((await state(user.id)).credits).toBe(30);
    const half = chargeRefunded({ paymentIntent, amount: 2225, refunded: 1112.5 }, nowSeconds() - 10);
    const full = chargeRefunded({ paymentIntent, amount: 2225, refunded: 2225 });
    await deliver(t, half);
    expect((await state(user.id)).credits).toBe(30 - 13);
    await deliver(t, full);
    expect((await state(user.id)).credits).toBe(5);
    // The older partial refund delivered again under a new id takes nothing more.
    await deliver(t, { ...half, id: stripeId('evt') });
    const after = await state(user.id);
    expect(after.credits).toBe(5);
    expect(after.ledger.filter((row) => row.reason === 'refund').map((row) => row.delta)).toEqual([-13, -12]);
  });

  it('a fully refunded plan ends it', async () => {
    const user = await account(['member']);
    const subscription = stripeId('sub');
    const paid = checkoutCompleted({ userId: user.id, item: 'advanced-year', amount: 129, mode: 'subscription', subscription });
    paid.data.object.invoice = stripeId('in');
    await deliver(t, paid);
    expect((await state(user.id)).premiumType).toBe('advanced');
    const refund = event('charge.refunded', {
      id: stripeId('ch'),
      object: 'charge',
      invoice: paid.data.object.invoice,
      payment_intent: stripeId('pi'),
      amount: 12900,
      amount_refunded: 12900,
    });
    await deliver(t, refund);
    expect(await state(user.id)).toMatchObject({ premiumType: 'free', subscription: null });
  });
});

describe('other events', () => {
  it('an unknown event type answers 200 and is kept, unapplied; nothing changes', async () => {
    const user = await account(['corporate'], { credits: 4 });
    const unknown = event('customer.tax_id.created', { id: stripeId('txi'), object: 'tax_id', customer: stripeId('cus') });
    const res = await deliver(t, unknown);
    expect(res.statusCode).toBe(200);
    const kept = await t.database.execute<{ type: string; applied_at: Date | null }>('select type, applied_at from payment_events where id = $1', [unknown.id]);
    expect(kept).toEqual([{ type: 'customer.tax_id.created', applied_at: null }]);
    expect((await state(user.id)).credits).toBe(4);
  });

  it('a purchase for an unknown user or an unknown payment link is kept without effect', async () => {
    const ghost = checkoutCompleted({ userId: 'nosuchuser0000000000000', item: 'credits-10', amount: 999 });
    expect((await deliver(t, ghost)).statusCode).toBe(200);
    const user = await account(['corporate']);
    const foreignLink = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999 });
    foreignLink.data.object.payment_link = 'plink_someone_elses';
    expect((await deliver(t, foreignLink)).statusCode).toBe(200);
    expect((await state(user.id)).credits).toBe(0);
    expect((await storedEvent(ghost.id))?.applied_at).toBeNull();
  });

  it('the receipt link of a charge reaches the purchase history, whichever event comes first', async () => {
    const user = await account(['corporate']);
    const paymentIntent = stripeId('pi');
    const receipt = 'https://pay.stripe.com/receipts/test_receipt';
    await deliver(t, event('charge.succeeded', { id: stripeId('ch'), object: 'charge', payment_intent: paymentIntent, receipt_url: receipt }));
    await deliver(t, checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 999, paymentIntent }));
    const headers = await t.bearer(user.id, ['corporate']);
    const ledger = (await t.app.inject({ method: 'GET', url: '/api/users/currentUser/credit-ledger', headers })).json();
    expect(ledger.items[0]).toMatchObject({ reason: 'purchase', amountPaid: 999, currency: 'EUR', receiptUrl: receipt });
  });
});

describe('defence in depth: what a signed checkout may grant', () => {
  const refusals = async (eventId: string) =>
    t.database.execute<{ actor_id: string | null; target_type: string; after: Record<string, unknown> }>(
      `select actor_id, target_type, after from audit_log where action = 'payment.refused' and target_id = $1`,
      [eventId],
    );
  const purchases = async (userId: string) => t.database.execute('select id from purchases where user_id = $1', [userId]);

  /** Delivers the event: 200 (acknowledged), kept unapplied, nothing granted, one audit record with `reason`. */
  async function expectRefused(paid: ReturnType<typeof checkoutCompleted>, userId: string, reason: string) {
    const before = await state(userId);
    const res = await deliver(t, paid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await state(userId)).toEqual(before);
    expect(await purchases(userId)).toEqual([]);
    expect((await storedEvent(paid.id))?.applied_at).toBeNull();
    const records = await refusals(paid.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ actor_id: null, target_type: 'payment_event', after: { reason, userId, checkoutSessionId: paid.data.object.id } });
    // A redelivery stays refused, with no second record.
    expect((await deliver(t, paid)).statusCode).toBe(200);
    expect(await state(userId)).toEqual(before);
    expect(await refusals(paid.id)).toHaveLength(1);
    return records[0].after;
  }

  it('a credits-50 session paid 0.01 USD grants nothing (the audit finding)', async () => {
    const user = await account(['corporate'], { credits: 3 });
    const cheap = checkoutCompleted({ userId: user.id, item: 'credits-50', amount: 0.01 });
    cheap.data.object.currency = 'usd';
    const record = await expectRefused(cheap, user.id, 'PRICE_MISMATCH');
    expect(record).toMatchObject({ item: 'credits-50', price: { amount: 3950, currency: 'EUR' }, paid: { amount: 0.01, currency: 'USD' } });
    expect(t.logs.join('')).toContain('stripe event refused');
  });

  it('the right figure in another currency, or another figure in euros, or no amount at all: refused', async () => {
    const user = await account(['corporate']);
    const dollars = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: price('credits-10') });
    dollars.data.object.currency = 'usd';
    await expectRefused(dollars, user.id, 'PRICE_MISMATCH');
    await expectRefused(checkoutCompleted({ userId: user.id, item: 'credits-10', amount: price('credits-10') - 1 }), user.id, 'PRICE_MISMATCH');
    await expectRefused(checkoutCompleted({ userId: user.id, item: 'credits-10', amount: price('credits-25') }), user.id, 'PRICE_MISMATCH');
    const discounted = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 1 });
    discounted.data.object.amount_subtotal = price('credits-10') * 100;
    await expectRefused(discounted, user.id, 'PRICE_MISMATCH');
    const free = checkoutCompleted({ userId: user.id, item: 'premium-year', amount: 0, mode: 'subscription' });
    free.data.object.payment_status = 'no_payment_required';
    const member = await account(['member']);
    free.data.object.client_reference_id = member.id;
    await expectRefused(free, member.id, 'PRICE_MISMATCH');
    const noAmount = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: price('credits-10') });
    delete noAmount.data.object.amount_total;
    await expectRefused(noAmount, user.id, 'PRICE_MISMATCH');
  });

  it('the catalogue price is granted: exact, with tax added on top, and converted for a buyer paying in dollars', async () => {
    const user = await account(['corporate']);
    expect((await deliver(t, checkoutCompleted({ userId: user.id, item: 'credits-10', amount: price('credits-10') }))).statusCode).toBe(200);
    expect((await state(user.id)).credits).toBe(10);
    const taxed = checkoutCompleted({ userId: user.id, item: 'credits-25', amount: price('credits-25') * 1.21 });
    taxed.data.object.amount_subtotal = price('credits-25') * 100;
    taxed.data.object.total_details = { amount_discount: 0, amount_tax: price('credits-25') * 21 };
    expect((await deliver(t, taxed)).statusCode).toBe(200);
    expect((await state(user.id)).credits).toBe(35);
    // Adaptive Pricing: the buyer paid in dollars; the conversion names what we were paid in euros.
    const converted = checkoutCompleted({ userId: user.id, item: 'credits-10', amount: 1085.87 });
    converted.data.object.currency = 'usd';
    converted.data.object.currency_conversion = {
      amount_subtotal: price('credits-10') * 100,
      amount_total: price('credits-10') * 100,
      fx_rate: '1.087',
      source_currency: 'eur',
    };
    expect((await deliver(t, converted)).statusCode).toBe(200);
    expect((await state(user.id)).credits).toBe(45);
    expect(await refusals(converted.id)).toEqual([]);
  });

  it('at the catalogue price, but the account may not buy the item: refused with the checkout rule that says why', async () => {
    const member = await account(['member']);
    await expectRefused(checkoutCompleted({ userId: member.id, item: 'credits-50', amount: price('credits-50') }), member.id, 'FORBIDDEN_PURCHASE');
    const admin = await account(['admin']);
    await expectRefused(checkoutCompleted({ userId: admin.id, item: 'credits-10', amount: price('credits-10') }), admin.id, 'FORBIDDEN_PURCHASE');
    const unlimited = await account(['corporate'], { premiumType: 'corporate' });
    await expectRefused(checkoutCompleted({ userId: unlimited.id, item: 'credits-10', amount: price('credits-10') }), unlimited.id, 'UNLIMITED_PLAN');
    const corporate = await account(['corporate']);
    await expectRefused(
      checkoutCompleted({ userId: corporate.id, item: 'premium-year', amount: price('premium-year'), mode: 'subscription' }),
      corporate.id,
      'FORBIDDEN_PURCHASE',
    );
    // A member with a paid plan buys another through a second session: the plan and its subscription stay.
    const subscriber = await account(['member']);
    const subscription = stripeId('sub');
    await deliver(t, checkoutCompleted({ userId: subscriber.id, item: 'basic-year', amount: price('basic-year'), mode: 'subscription', subscription }));
    expect(await state(subscriber.id)).toMatchObject({ premiumType: 'basic', subscription });
    const before = await purchases(subscriber.id);
    const second = checkoutCompleted({ userId: subscriber.id, item: 'premium-year', amount: price('premium-year'), mode: 'subscription' });
    const res = await deliver(t, second);
    expect(res.statusCode).toBe(200);
    expect(await state(subscriber.id)).toMatchObject({ premiumType: 'basic', subscription });
    expect(await purchases(subscriber.id)).toEqual(before);
    expect((await refusals(second.id))[0]?.after).toMatchObject({ reason: 'ALREADY_SUBSCRIBED', item: 'premium-year' });
  });

  it("a returning subscriber's checkout arriving after its subscription's own events is granted, not refused", async () => {
    const member = await account(['member']);
    const customer = stripeId('cus');
    const first = stripeId('sub');
    const start = nowSeconds() - 1000;
    await deliver(
      t,
      checkoutCompleted({ userId: member.id, item: 'basic-year', amount: price('basic-year'), mode: 'subscription', customer, subscription: first }, start),
    );
    await deliver(t, subscriptionEvent('customer.subscription.deleted', { id: first, customer, status: 'canceled' }, start + 10));
    expect((await state(member.id)).premiumType).toBe('free');
    // Subscribing again: Stripe delivers the new subscription's creation before the checkout's completion.
    const second = stripeId('sub');
    await deliver(t, subscriptionEvent('customer.subscription.created', { id: second, customer, status: 'active', plan: 'premium' }, start + 20));
    expect(await state(member.id)).toMatchObject({ premiumType: 'premium', subscription: second });
    const paid = checkoutCompleted(
      { userId: member.id, item: 'premium-year', amount: price('premium-year'), mode: 'subscription', customer, subscription: second },
      start + 20,
    );
    expect((await deliver(t, paid)).statusCode).toBe(200);
    expect(await refusals(paid.id)).toEqual([]);
    expect((await storedEvent(paid.id))?.applied_at).not.toBeNull();
    expect(await state(member.id)).toMatchObject({ premiumType: 'premium', subscription: second });
  });

  it('the same paid session resent under a new event id is a duplicate purchase, not a refusal', async () => {
    const member = await account(['member']);
    const paid = checkoutCompleted({ userId: member.id, item: 'advanced-year', amount: price('advanced-year'), mode: 'subscription' });
    await deliver(t, paid);
    const resent = { ...paid, id: stripeId('evt') };
    expect((await deliver(t, resent)).statusCode).toBe(200);
    expect((await state(member.id)).premiumType).toBe('advanced');
    expect(await refusals(resent.id)).toEqual([]);
    expect((await storedEvent(resent.id))?.applied_at).toBeNull();
  });
});
