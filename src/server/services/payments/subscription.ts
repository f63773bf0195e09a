// An account's Stripe subscription as the payment calls need it: the Stripe ids kept on the account and the plan
// its latest subscription purchase bought.
import type { Queryable } from '../../db/open';

export interface StripeIds {
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
}

/** The Stripe ids of an account (not part of UserRow, which the rest of the app shares). */
export async function stripeIds(db: Queryable, userId: string): Promise<StripeIds> {
  const [row] = await db.execute<StripeIds>('select stripe_customer_id, stripe_subscription_id from users where id = $1', [userId]);
  return row ?? { stripe_customer_id: null, stripe_subscription_id: null };
}

/** The catalogue's name (in `language`) and price of the plan a subscription last bought; null when none is found. */
export async function subscribedPlan(db: Queryable, subscriptionId: string, language: string): Promise<{ name: string | null; price: string | null } | null> {
  const [plan] = await db.execute<{ name: string | null; price: string | null }>(
    `select texts->$2->>'name' as name, price from catalogue_items
      where id = (select item_id from purchases where subscription_id = $1 order by created_at desc limit 1)`,
    [subscriptionId, language],
  );
  return plan ?? null;
}
