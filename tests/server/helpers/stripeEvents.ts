// Stripe's side of the payment tests: events shaped as Stripe sends them, signed with the official SDK's test
// helper and the app's webhook secret, delivered to the real webhook over the app's HTTP stack. Only Stripe's
// network is replaced; our server and database are real.
import Stripe from 'stripe';
import { randomBytes } from 'node:crypto';
import type { TestApp } from './testApp';

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface TestEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
}

export function event(type: string, object: Record<string, unknown>, created = nowSeconds()): TestEvent {
  return { id: stripeId('evt'), object: 'event', type, created, livemode: false, data: { object } };
}

/** checkout.session.completed of a payment link (sandbox link ids plink_test_<item>). */
export function checkoutCompleted(
  options: {
    userId: string;
    item: string;
    amount: number;
    mode?: 'payment' | 'subscription';
    customer?: string;
    subscription?: string;
    paymentIntent?: string;
    sessionId?: string;
  },
  created?: number,
) {
  const subscription = options.mode === 'subscription';
  return event(
    'checkout.session.completed',
    {
      id: options.sessionId ?? stripeId('cs_test'),
      object: 'checkout.session',
      mode: options.mode ?? 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: options.userId,
      amount_total: Math.round(options.amount * 100),
      currency: 'eur',
      payment_link: `plink_test_${options.item}`,
      customer: options.customer ?? stripeId('cus'),
      subscription: subscription ? (options.subscription ?? stripeId('sub')) : null,
      payment_intent: subscription ? null : (options.paymentIntent ?? stripeId('pi')),
    },
    created,
  );
}

export function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted' | 'customer.subscription.created',
  options: { id: string; customer: string; status: string; plan?: string },
  created?: number,
) {
  return event(
    type,
    { id: options.id, object: 'subscription', customer: options.customer, status: options.status, metadata: options.plan ? { plan: options.plan } : {} },
    created,
  );
}

export function chargeRefunded(options: { paymentIntent: string; amount: number; refunded: number }, created?: number) {
  return event(
    'charge.refunded',
    {
      id: stripeId('ch'),
      object: 'charge',
      payment_intent: options.paymentIntent,
      amount: Math.round(options.amount * 100),
      amount_refunded: Math.round(options.refunded * 100),
      currency: 'eur',
      refunded: options.refunded >= options.amount,
    },
    created,
  );
}

export function sign(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Posts the event to /api/payments/webhook, signed (by default with the app's secret, now). */
export function deliver(t: TestApp, body: TestEvent | string, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature ?? sign(payload, options.secret ?? t.config.secrets.webhookSecret, options.timestamp);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
