// The signed links of newsletter e-mails (services/newsletters.ts): confirm a subscription (double opt-in) and
// unsubscribe in one click. A token is `payload.signature`, both base64url: the payload names its purpose, the
// subscription and its expiry (and, for a confirmation, the subscription's link version, so a newer link or an
// unsubscription retires it); the signature is an HMAC-SHA256 under a key derived from TOKEN_SECRET for this use
// only. Nothing is stored per link: an unsubscribe link must keep working in every issue ever sent.
//
// A token of one purpose never passes for the other: the purpose is inside the signed payload and checked.
import { signedPayloads } from './signedPayloads';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

/** How long a link works. */
export const NEWSLETTER_LINK_TTL_DAYS: Record<NewsletterLinkPurpose, number> = { confirm: 7, unsubscribe: 400 };

interface Payload {
  /** Purpose: c(onfirm) or u(nsubscribe). */
  p: 'c' | 'u';
  /** Subscription id. */
  s: string;
  /** Link version of the subscription (confirmation links only). */
  v?: number;
  /** Expiry, seconds since the epoch. */
  e: number;
}

export type NewsletterLinkCheck = { ok: true; subscriptionId: string; version: number | null } | { ok: false; reason: 'invalid' | 'expired' };

const PURPOSE_CODE: Record<NewsletterLinkPurpose, Payload['p']> = { confirm: 'c', unsubscribe: 'u' };

export interface NewsletterLinks {
  sign(purpose: NewsletterLinkPurpose, subscriptionId: string, version?: number, now?: Date): string;
  verify(token: string, purpose: NewsletterLinkPurpose, now?: Date): NewsletterLinkCheck;
}

export function createNewsletterLinks(tokenSecret: string): NewsletterLinks {
  const tokens = signedPayloads(tokenSecret, 'paybench newsletter links v1');

  return {
    sign(purpose, subscriptionId, version, now = new Date()) {
      const payload: Payload = {
        p: PURPOSE_CODE[purpose],
        s: subscriptionId,
        ...(purpose === 'confirm' ? { v: version ?? 1 } : {}),
        e: Math.floor(now.getTime() / 1000) + NEWSLETTER_LINK_TTL_DAYS[purpose] * 86_400,
      };
      return tokens.seal(payload);
    },

    verify(token, purpose, now = new Date()) {
      const payload = tokens.open(token) as Partial<Payload> | null;
      if (!payload) return { ok: false, reason: 'invalid' };
      if (payload.p !== PURPOSE_CODE[purpose] || typeof payload.s !== 'string' || typeof payload.e !== 'number') return { ok: false, reason: 'invalid' };
      if (payload.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, subscriptionId: payload.s, version: typeof payload.v === 'number' ? payload.v : null };
    },
  };
}
