// Stripe's side, through the official SDK: payment links (one per catalogue item, STRIPE_LINK_<ITEM_ID>)
// opened with the buyer's e-mail prefilled and their user id as client_reference_id, the customer
// portal, and webhook verification. Nothing here runs without STRIPE_SECRET_KEY but the verification and the
// test signatures, which need only the webhook secret.
import Stripe from 'stripe';
import type { WebhookLinks } from './webhook';
import type { Language } from '../../../domain/constants';

/** Stripe's default tolerance: a signature older than 5 minutes is refused (replayed deliveries). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Prefix of the sandbox's own payment link ids: plink_test_<item id>. */
const SANDBOX_LINK_PREFIX = 'plink_test_';
export const sandboxLinkId = (itemId: string) => `${SANDBOX_LINK_PREFIX}${itemId}`;

/** Throws Stripe's SignatureVerificationError for a bad, missing or stale signature. */
export function verifyWebhook(rawBody: Buffer, signature: string, secret: string, receivedAt?: number) {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, receivedAt);
}

/** The stripe-signature header Stripe would send for `payload` (the sandbox's deliveries and the tests'). */
export function signPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Payment link id → item: the configured links, and in the sandbox its own plink_test_<item> ids. */
export function webhookLinks(links: Record<string, string>, sandbox: boolean): WebhookLinks {
  const byLink = new Map(Object.entries(links).map(([item, link]) => [link, item]));
  return {
    itemOfLink(linkId) {
      if (byLink.has(linkId)) return byLink.get(linkId);
      if (sandbox && linkId.startsWith(SANDBOX_LINK_PREFIX)) return linkId.slice(SANDBOX_LINK_PREFIX.length);
      return undefined;
    },
  };
}

export interface StripeGateway {
  /** The hosted payment page of `itemId` for this buyer, in `language`; null when no link is configured for the item. */
  checkoutUrl(itemId: string, buyer: { id: string; email: string }, language: Language): Promise<string | null>;
  /** A customer portal session of `customerId` in `language`, returning to `returnUrl`. */
  portalUrl(customerId: string, returnUrl: string, language: Language): Promise<string>;
}

export function createStripeGateway(secretKey: string, links: Record<string, string>, apiUrl?: string): StripeGateway {
  const api = apiUrl ? new URL(apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api
      ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
  // A payment link's URL does not change: asked once per link and process.
  const urls = new Map<string, Promise<string>>();
  const linkUrl = (link: string) => {
    if (/^https:\/\//.test(link)) return Promise.resolve(link);
    let url = urls.get(link);
    if (!url) {
      url = stripe.paymentLinks.retrieve(link).then((found) => found.url);
      url.catch(() => urls.delete(link));
      urls.set(link, url);
    }
    return url;
  };
  return {
    async checkoutUrl(itemId, buyer, language) {
      const link = links[itemId];
      if (!link) return null;
      const url = new URL(await linkUrl(link));
      url.searchParams.set('prefilled_email', buyer.email);
      url.searchParams.set('client_reference_id', buyer.id);
      // The payment page in the language the person uses the app in (a payment link's `locale` parameter).
      url.searchParams.set('locale', language);
      return url.toString();
    },
    async portalUrl(customerId, returnUrl, language) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: language });
      return session.url;
    },
  };
}
