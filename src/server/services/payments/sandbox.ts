// The local test-mode stand-in for Stripe's hosted pages (no STRIPE_SECRET_KEY, never in production). A
// session is a row of sandbox_sessions; paying it builds the event Stripe would send (checkout.session.completed,
// or customer.subscription.deleted from the portal), signs it with the SDK and the local webhook secret, and the
// route delivers it to the real webhook, so purchases in development run the same code as in production.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/open';
import type { Language } from '../../../domain/constants';
import { newId } from '../../ids';
import { sandboxLinkId } from './stripeGateway';
import type { StripeEventLike } from './webhook';

/** An open sandbox session can be paid for a day, like a Stripe Checkout Session. */
export const SANDBOX_SESSION_HOURS = 24;

export interface SandboxSessionRow {
  id: string;
  user_id: string;
  buy_button: string;
  description: string;
  amount: number;
  currency: string;
  email: string | null;
  status: 'open' | 'complete' | 'expired';
  kind: 'checkout' | 'portal';
  language: Language;
  return_path: string;
  created_at: Date;
}

const COLUMNS = 'id, user_id, buy_button, description, amount, currency, email, status, kind, language, return_path, created_at';

export async function createSandboxSession(
  db: Queryable,
  session: Pick<SandboxSessionRow, 'user_id' | 'buy_button' | 'description' | 'amount' | 'currency' | 'email' | 'kind' | 'language' | 'return_path'>,
): Promise<string> {
  // Ids shaped like Stripe's (cs_test_…, bps_test_…) and unguessable: holding the id is the permission.
  const id = `${session.kind === 'portal' ? 'bps' : 'cs'}_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, '')}`;
  await db.execute(
    `insert into sandbox_sessions (id, user_id, buy_button, description, amount, currency, email, kind, language, return_path)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      session.user_id,
      session.buy_button,
      session.description,
      session.amount,
      session.currency,
      session.email,
      session.kind,
      session.language,
      session.return_path,
    ],
  );
  return id;
}

const expired = (row: SandboxSessionRow) => row.status === 'open' && Date.now() - new Date(row.created_at).getTime() > SANDBOX_SESSION_HOURS * 3600_000;

export async function readSandboxSession(db: Queryable, id: string): Promise<SandboxSessionRow | null> {
  const [row] = await db.execute<SandboxSessionRow>(`select ${COLUMNS} from sandbox_sessions where id = $1`, [id]);
  if (!row) return null;
  return expired(row) ? { ...row, status: 'expired' } : row;
}

/** Marks an open session complete; null when it was not open (already paid, expired) or does not exist. */
export async function claimSandboxSession(db: Queryable, id: string): Promise<SandboxSessionRow | null> {
  const [row] = await db.execute<SandboxSessionRow>(
    `update sandbox_sessions set status = 'complete'
      where id = $1 and status = 'open' and created_at > now() - make_interval(hours => $2) returning ${COLUMNS}`,
    [id, SANDBOX_SESSION_HOURS],
  );
  return row ?? null;
}

/** Gives a session back when its event could not be delivered, so the buyer can try again. */
export async function reopenSandboxSession(db: Queryable, id: string): Promise<void> {
  await db.execute(`update sandbox_sessions set status = 'open' where id = $1`, [id]);
}

const stripeId = (prefix: string) => `${prefix}_test_${newId()}`;
const now = () => Math.floor(Date.now() / 1000);

/** The event Stripe sends when a payment link's checkout is paid (the fields our webhook reads, as Stripe names them). */
export function checkoutCompletedEvent(
  session: SandboxSessionRow,
  item: { id: string; kind: 'pack' | 'card'; plan: string | null },
  customerId: string | null,
): StripeEventLike {
  const subscription = item.kind === 'card';
  return {
    id: stripeId('evt'),
    object: 'event',
    type: 'checkout.session.completed',
    created: now(),
    livemode: false,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: subscription ? 'subscription' : 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: session.user_id,
        customer_email: session.email,
        customer_details: { email: session.email },
        amount_total: Math.round(session.amount * 100),
        currency: session.currency.toLowerCase(),
        payment_link: sandboxLinkId(item.id),
        metadata: { item: item.id },
        customer: customerId ?? stripeId('cus'),
        subscription: subscription ? stripeId('sub') : null,
        payment_intent: subscription ? null : stripeId('pi'),
        invoice: subscription ? stripeId('in') : null,
      },
    },
  } as StripeEventLike;
}

/** The event Stripe sends when the customer cancels in the portal (at once, as the sandbox portal does). */
export function subscriptionDeletedEvent(subscriptionId: string, customerId: string | null): StripeEventLike {
  return {
    id: stripeId('evt'),
    object: 'event',
    type: 'customer.subscription.deleted',
    created: now(),
    livemode: false,
    data: {
      object: {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status: 'canceled',
        canceled_at: now(),
        ended_at: now(),
      },
    },
  } as StripeEventLike;
}
