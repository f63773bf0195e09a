// Stripe events (verified by the route) applied to accounts. Each event is stored by its id and applied in
// the same transaction as its effect, so a redelivered or replayed event changes nothing twice; a purchase is
// also unique by its checkout session, so the same payment under two event ids grants once.
//   checkout.session.completed (and .async_payment_succeeded) → credits (ledger row with the amount paid)
//     or the plan (premiumType, Stripe customer and subscription ids); refused (kept, nothing granted, an audit
//     record `payment.refused` with the reason) when the amount or currency paid is not the catalogue item's, or
//     the account may not buy the item (a misconfigured payment link must not sell 50 credits for 0.01 USD)
//   customer.subscription.created/updated/deleted, invoice.paid → premiumType follows the subscription's
//     state; an event older (`created`) than the last one applied to the account is stale and ignored
//   charge.succeeded → the receipt link of the purchase
//   charge.refunded → what the refund covers is taken back: credits not yet spent (never below 0), the plan
//   anything else → kept, answered 200
import type { Queryable } from '../../db/open';
import type { Role } from '../../auth/accessToken';
import { newId } from '../../ids';
import { findCatalogueItem, type CatalogueItem } from './catalogue';
import { purchaseRefusal } from './eligibility';
import { recordAudit } from '../audit';

/** The parts of a Stripe event the server reads (Stripe sends many more). */
export interface StripeEventLike {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'refused';

/** Why a signed checkout was not applied: PRICE_MISMATCH, or the eligibility codes (FORBIDDEN_PURCHASE, …). */
export interface Refusal {
  refused: string;
  item: CatalogueItem;
}

export interface EventResult {
  outcome: EventOutcome;
  /** Set when refused. */
  reason?: string;
}

export interface WebhookLinks {
  /** Payment link id → catalogue item id. */
  itemOfLink(linkId: string): string | undefined;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
/** An expandable Stripe field: an id, or the object carrying it. */
const idOf = (value: unknown): string | null => str(value) ?? (value && typeof value === 'object' ? str((value as { id?: unknown }).id) : null);
const PLANS = new Set(['basic', 'advanced', 'premium', 'corporate']);
/** Subscription states that keep the plan: Stripe is still collecting (past_due) or it is paid. */
const PAID_STATES = new Set(['active', 'trialing', 'past_due']);

/** Stores the event and applies it, once, inside `tx` (the caller's transaction). */
export async function applyEvent(tx: Queryable, event: StripeEventLike, links: WebhookLinks): Promise<EventResult> {
  // A concurrent delivery of the same id waits here on the primary key until this transaction ends.
  const stored = await tx.execute(`insert into payment_events (id, type, payload) values ($1, $2, $3) on conflict (id) do nothing returning id`, [
    event.id,
    event.type,
    JSON.stringify(event),
  ]);
  if (stored.length === 0) return { outcome: 'duplicate' };
  const object = event.data.object;
  const created = typeof event.created === 'number' ? event.created : Math.floor(Date.now() / 1000);
  let applied = false;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const result = await completeCheckout(tx, object, created, links);
      if (typeof result === 'object') return refused(tx, event, object, result);
      applied = result;
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      applied = await followSubscription(tx, object, created, event.type === 'customer.subscription.deleted');
      break;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      applied = await renewal(tx, object, created);
      break;
    case 'charge.succeeded':
      applied = await attachReceipt(tx, object);
      break;
    case 'charge.refunded':
      applied = await refund(tx, event.id, object);
      break;
    default:
      applied = false;
  }
  if (applied) await tx.execute('update payment_events set applied_at = now() where id = $1', [event.id]);
  return { outcome: applied ? 'applied' : 'ignored' };
}

/**
 * A refused checkout: the event stays stored unapplied (a redelivery is a duplicate: retrying cannot make the
 * payment right), and the audit log says why, for the admin who settles it with the buyer (a refund in Stripe).
 */
async function refused(tx: Queryable, event: StripeEventLike, session: Record<string, unknown>, { refused: reason, item }: Refusal): Promise<EventResult> {
  const paid = paidAmount(session);
  await recordAudit(tx, null, {
    action: 'payment.refused',
    targetType: 'payment_event',
    targetId: event.id,
    after: {
      reason,
      eventType: event.type,
      checkoutSessionId: str(session.id),
      userId: str(session.client_reference_id),
      item: item.id,
      price: { amount: item.price, currency: item.currency },
      paid: paid ? { amount: paid.minor / 100, currency: paid.currency } : null,
    },
  });
  return { outcome: 'refused', reason };
}

/**
 * What the session charged, in the merchant's currency: with Adaptive Pricing the buyer pays in their own currency
 * and `currency_conversion` carries the amounts in ours. Null without an amount or a currency.
 */
function paidAmount(session: Record<string, unknown>): { minor: number; subtotal: number | null; currency: string } | null {
  const conversion = session.currency_conversion as Record<string, unknown> | null | undefined;
  const money = conversion && str(conversion.source_currency) ? { ...conversion, currency: conversion.source_currency } : session;
  const total = money.amount_total;
  const currency = str(money.currency);
  if (typeof total !== 'number' || !Number.isInteger(total) || !currency) return null;
  const subtotal = typeof money.amount_subtotal === 'number' ? money.amount_subtotal : null;
  return { minor: total, subtotal, currency: currency.toUpperCase() };
}

/**
 * The session charged the catalogue price of the item, in its currency: the total is the price (no tax, or tax
 * included), or the subtotal is the price and tax came on top (a discount, making the total lower, is refused).
 */
function paysCataloguePrice(session: Record<string, unknown>, item: CatalogueItem): boolean {
  if (item.price === null) return false;
  const paid = paidAmount(session);
  if (!paid || paid.currency !== item.currency.toUpperCase()) return false;
  const price = Math.round(item.price * 100);
  return paid.minor === price || (paid.subtotal === price && paid.minor >= price);
}

async function completeCheckout(tx: Queryable, session: Record<string, unknown>, created: number, links: WebhookLinks): Promise<boolean | Refusal> {
  // A delayed payment method completes the session unpaid; its async_payment_succeeded event grants later.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return false;
  const sessionId = str(session.id);
  const userId = str(session.client_reference_id);
  if (!sessionId || !userId) return false;
  const [user] = await tx.execute<{
    id: string;
    roles: Role[];
    premium_type: string;
    stripe_subscription_id: string | null;
    subscription_event_at: Date | null;
  }>('select id, roles, premium_type, stripe_subscription_id, subscription_event_at from users where id = $1 for update', [userId]);
  if (!user) return false;
  const linkId = str(session.payment_link);
  const metadata = (session.metadata ?? {}) as Record<string, unknown>;
  const itemId = (linkId && links.itemOfLink(linkId)) || str(metadata.item);
  const item = itemId ? await findCatalogueItem(tx, itemId) : null;
  if (!item) return false;
  // The same session again under another event id: already granted (the account lock above orders the two).
  const [known] = await tx.execute('select id from purchases where checkout_session_id = $1', [sessionId]);
  if (known) return false;
  // Defence in depth: the signature proves Stripe sent it, not that the link sold the right thing at the right price.
  if (!paysCataloguePrice(session, item)) return { refused: 'PRICE_MISMATCH', item };
  // The plan may already come from this very subscription, when its own events arrived first (Stripe does not
  // order events): that is this purchase, not a second subscription.
  const ownSubscription = item.kind === 'card' && idOf(session.subscription) !== null && idOf(session.subscription) === user.stripe_subscription_id;
  const refusal = purchaseRefusal(ownSubscription ? { ...user, premium_type: 'free' } : user, item);
  if (refusal) return { refused: refusal.code, item };
  const amount = typeof session.amount_total === 'number' ? session.amount_total / 100 : 0;
  const currency = (str(session.currency) ?? 'eur').toUpperCase();
  const paymentIntent = idOf(session.payment_intent);
  const subscriptionId = idOf(session.subscription);
  const customerId = idOf(session.customer);
  const invoiceId = idOf(session.invoice);
  const purchaseId = newId();
  const receipt = paymentIntent ? await knownReceipt(tx, paymentIntent) : null;
  const inserted = await tx.execute(
    `insert into purchases (id, user_id, item_id, kind, credits, plan, amount, currency, checkout_session_id, payment_intent_id,
                            invoice_id, customer_id, subscription_id, receipt_url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) on conflict (checkout_session_id) do nothing returning id`,
    [
      purchaseId,
      userId,
      item.id,
      item.kind === 'pack' ? 'credits' : 'plan',
      item.kind === 'pack' ? (item.credits ?? 0) : 0,
      item.kind === 'card' ? item.plan : null,
      amount,
      currency,
      sessionId,
      paymentIntent,
      invoiceId,
      customerId,
      subscriptionId,
      receipt,
    ],
  );
  if (inserted.length === 0) return false;
  if (item.kind === 'pack') {
    const credits = item.credits ?? 0;
    const [balance] = await tx.execute<{ credits: number }>('update users set credits = credits + $2, updated_at = now() where id = $1 returning credits', [
      userId,
      credits,
    ]);
    await tx.execute(
      `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key, reference, amount, currency)
       values ($1, $2, $3, $4, 'purchase', $5, $6, $7, $8)`,
      [newId(), userId, credits, balance.credits, `purchase:${sessionId}`, purchaseId, amount, currency],
    );
    return true;
  }
  if (!item.plan || !PLANS.has(item.plan)) return false;
  await tx.execute(
    `update users set premium_type = $2, stripe_customer_id = coalesce($3, stripe_customer_id),
            stripe_subscription_id = coalesce($4, stripe_subscription_id),
            subscription_event_at = greatest(subscription_event_at, to_timestamp($5)), updated_at = now()
      where id = $1`,
    [userId, item.plan, customerId, subscriptionId, created],
  );
  return true;
}

/** The receipt of a payment whose charge.succeeded came before its checkout.session.completed. */
async function knownReceipt(tx: Queryable, paymentIntent: string): Promise<string | null> {
  const [row] = await tx.execute<{ receipt: string | null }>(
    `select payload->'data'->'object'->>'receipt_url' as receipt from payment_events
      where type = 'charge.succeeded' and payload->'data'->'object'->>'payment_intent' = $1 order by received_at desc limit 1`,
    [paymentIntent],
  );
  return row?.receipt ?? null;
}

async function attachReceipt(tx: Queryable, charge: Record<string, unknown>) {
  const paymentIntent = idOf(charge.payment_intent);
  const receipt = str(charge.receipt_url);
  if (!paymentIntent || !receipt) return false;
  const rows = await tx.execute('update purchases set receipt_url = $2 where payment_intent_id = $1 returning id', [paymentIntent, receipt]);
  return rows.length > 0;
}

interface SubscriberRow {
  id: string;
  premium_type: string;
  stripe_subscription_id: string | null;
  subscription_event_at: Date | null;
}

/** The account a subscription belongs to: by its id, else by the customer (a subscription not yet linked). */
async function subscriber(tx: Queryable, subscriptionId: string, customerId: string | null): Promise<SubscriberRow | undefined> {
  const [bySubscription] = await tx.execute<SubscriberRow>(
    'select id, premium_type, stripe_subscription_id, subscription_event_at from users where stripe_subscription_id = $1 for update',
    [subscriptionId],
  );
  if (bySubscription || !customerId) return bySubscription;
  const [byCustomer] = await tx.execute<SubscriberRow>(
    `select id, premium_type, stripe_subscription_id, subscription_event_at from users
      where stripe_customer_id = $1 and stripe_subscription_id is null for update`,
    [customerId],
  );
  return byCustomer;
}

const isStale = (user: SubscriberRow, created: number) =>
  user.subscription_event_at !== null && created * 1000 < new Date(user.subscription_event_at).getTime();

/**
 * The plan of a subscription: its current price's metadata `plan` (or lookup key), which follows a plan change
 * made in the portal; else the subscription's metadata; else the purchase that started it; else the account's plan.
 */
async function planOf(tx: Queryable, subscription: Record<string, unknown>, user: SubscriberRow): Promise<string | null> {
  const items = (subscription.items as { data?: Array<{ price?: { metadata?: Record<string, unknown>; lookup_key?: unknown } }> } | undefined)?.data;
  const price = items?.[0]?.price;
  const metadata = (subscription.metadata ?? {}) as Record<string, unknown>;
  for (const candidate of [str(price?.metadata?.plan), str(price?.lookup_key), str(metadata.plan)]) {
    if (candidate && PLANS.has(candidate)) return candidate;
  }
  const [purchase] = await tx.execute<{ plan: string | null }>(
    `select plan from purchases where subscription_id = $1 and kind = 'plan' order by created_at desc limit 1`,
    [str(subscription.id)],
  );
  if (purchase?.plan) return purchase.plan;
  return user.premium_type !== 'free' ? user.premium_type : null;
}

async function followSubscription(tx: Queryable, subscription: Record<string, unknown>, created: number, deleted: boolean) {
  const subscriptionId = str(subscription.id);
  if (!subscriptionId) return false;
  const user = await subscriber(tx, subscriptionId, idOf(subscription.customer));
  if (!user || isStale(user, created)) return false;
  const status = str(subscription.status) ?? '';
  // `incomplete`: the first payment is still under way; its checkout.session.completed decides, not this.
  if (!deleted && status === 'incomplete') return false;
  const paid = !deleted && PAID_STATES.has(status);
  const plan = paid ? await planOf(tx, subscription, user) : null;
  if (paid && !plan) return false;
  await tx.execute(
    `update users set premium_type = $2, stripe_subscription_id = $3, stripe_customer_id = coalesce($4, stripe_customer_id),
            subscription_event_at = to_timestamp($5), updated_at = now()
      where id = $1`,
    [user.id, paid ? plan : 'free', paid ? subscriptionId : null, idOf(subscription.customer), created],
  );
  return true;
}

/** A paid renewal invoice: the subscription is active, so the account keeps (or regains) its plan. */
async function renewal(tx: Queryable, invoice: Record<string, unknown>, created: number) {
  const parent = (invoice.parent ?? {}) as { subscription_details?: { subscription?: unknown } };
  const subscriptionId = idOf(invoice.subscription) ?? idOf(parent.subscription_details?.subscription);
  if (!subscriptionId) return false;
  const user = await subscriber(tx, subscriptionId, idOf(invoice.customer));
  if (!user || isStale(user, created)) return false;
  const plan = await planOf(tx, { id: subscriptionId }, user);
  if (!plan) return false;
  await tx.execute(
    `update users set premium_type = $2, stripe_subscription_id = $3, subscription_event_at = to_timestamp($4), updated_at = now() where id = $1`,
    [user.id, plan, subscriptionId, created],
  );
  return true;
}

interface PurchaseRow {
  id: string;
  user_id: string;
  kind: 'credits' | 'plan';
  credits: number;
  credits_reversed: number;
  amount: string;
  refunded_amount: string;
  currency: string;
  subscription_id: string | null;
}

/**
 * A refund (charge.refunded carries the charge's cumulative amount_refunded, so a repeated or late event
 * computes the same target): credits in proportion to the refunded share, less those already taken back,
 * and at most the balance (spent credits stay spent; never below 0); a fully refunded plan ends.
 */
async function refund(tx: Queryable, eventId: string, charge: Record<string, unknown>) {
  const paymentIntent = idOf(charge.payment_intent);
  const invoiceId = idOf(charge.invoice);
  if (!paymentIntent && !invoiceId) return false;
  const [purchase] = await tx.execute<PurchaseRow>(
    `select id, user_id, kind, credits, credits_reversed, amount, refunded_amount, currency, subscription_id from purchases
      where ($1::text is not null and payment_intent_id = $1) or ($2::text is not null and invoice_id = $2)
      order by created_at limit 1 for update`,
    [paymentIntent, invoiceId],
  );
  if (!purchase) return false;
  const chargeAmount = typeof charge.amount === 'number' && charge.amount > 0 ? charge.amount : Math.round(Number(purchase.amount) * 100);
  const refundedMinor = typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0;
  const share = Math.min(1, Math.max(0, refundedMinor / chargeAmount));
  const refundedNow = Math.max(0, refundedMinor / 100 - Number(purchase.refunded_amount));
  if (purchase.kind === 'credits') {
    const target = Math.round(purchase.credits * share);
    const due = target - purchase.credits_reversed;
    if (due <= 0 && refundedNow <= 0) return false;
    const [user] = await tx.execute<{ credits: number }>('select credits from users where id = $1 for update', [purchase.user_id]);
    const taken = Math.max(0, Math.min(due, user?.credits ?? 0));
    const [balance] = await tx.execute<{ credits: number }>('update users set credits = credits - $2, updated_at = now() where id = $1 returning credits', [
      purchase.user_id,
      taken,
    ]);
    await tx.execute(
      `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key, reference, amount, currency)
       values ($1, $2, $3, $4, 'refund', $5, $6, $7, $8)`,
      [newId(), purchase.user_id, -taken, balance.credits, `refund:${eventId}`, purchase.id, refundedNow, purchase.currency],
    );
    await tx.execute('update purchases set credits_reversed = greatest(credits_reversed, $2), refunded_amount = greatest(refunded_amount, $3) where id = $1', [
      purchase.id,
      target,
      refundedMinor / 100,
    ]);
    return true;
  }
  await tx.execute('update purchases set refunded_amount = greatest(refunded_amount, $2) where id = $1', [purchase.id, refundedMinor / 100]);
  if (share >= 1 && purchase.subscription_id) {
    await tx.execute(
      `update users set premium_type = 'free', stripe_subscription_id = null, updated_at = now()
        where id = $1 and stripe_subscription_id = $2`,
      [purchase.user_id, purchase.subscription_id],
    );
  }
  return true;
}
