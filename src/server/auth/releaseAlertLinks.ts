// The unsubscribe link of release alert e-mails (services/releaseAlerts.ts): it turns a member's alerts off without
// signing in. A token is `payload.signature`, both base64url, as the newsletter's links (auth/newsletterLinks.ts):
// the payload names its purpose, the member and its expiry; the signature is an HMAC-SHA256 under a key derived
// from TOKEN_SECRET for this use only, so a newsletter token never passes for an alert token or the reverse.
// Nothing is stored per link: the link of every alert ever sent keeps working until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';

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
  const key = createHmac('sha256', tokenSecret).update('paybench release alert links v1').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    sign(userId, now = new Date()) {
      const payload: Payload = { p: 'a', u: userId, e: Math.floor(now.getTime() / 1000) + RELEASE_ALERT_LINK_TTL_DAYS * 86_400 };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${signatureOf(encoded)}`;
    },

    verify(token, now = new Date()) {
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(signatureOf(encoded));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Payload;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (payload.p !== 'a' || typeof payload.u !== 'string' || typeof payload.e !== 'number') return { ok: false, reason: 'invalid' };
      if (payload.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: payload.u };
    },
  };
}
