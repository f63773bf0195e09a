// The unsubscribe link of release alert e-mails (services/releaseAlerts.ts): it turns a member's alerts off without
// signing in. A token is `payload.signature`, both base64url, as the newsletter's links (auth/newsletterLinks.ts):
// the payload names its purpose, the member and its expiry; the signature is an HMAC-SHA256 under a key derived
// from TOKEN_SECRET for this use only, so a newsletter token never passes for an alert token or the reverse.
// Nothing is stored per link: the link of every alert ever sent keeps working until it expires.
import { signedPayloads } from './signedPayloads';

/** How long an unsubscribe link works (days). */
export const RELEASE_ALERT_LINK_TTL_DAYS = 400;

interface Payload {
  /** Purpose: a(lerts off). */
  p: 'a';
  /** The member's id. */
  u: string;
  /** Expiry, seconds since the epoch. */
  e: number;
}

export type ReleaseAlertLinkCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

export interface ReleaseAlertLinks {
  sign(userId: string, now?: Date): string;
  verify(token: string, now?: Date): ReleaseAlertLinkCheck;
}

export function createReleaseAlertLinks(tokenSecret: string): ReleaseAlertLinks {
  const tokens = signedPayloads(tokenSecret, 'paybench release alert links v1');

  return {
    sign(userId, now = new Date()) {
      const payload: Payload = { p: 'a', u: userId, e: Math.floor(now.getTime() / 1000) + RELEASE_ALERT_LINK_TTL_DAYS * 86_400 };
      return tokens.seal(payload);
    },

    verify(token, now = new Date()) {
      const payload = tokens.open(token) as Partial<Payload> | null;
      if (!payload) return { ok: false, reason: 'invalid' };
      if (payload.p !== 'a' || typeof payload.u !== 'string' || typeof payload.e !== 'number') return { ok: false, reason: 'invalid' };
      if (payload.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: payload.u };
    },
  };
}
