// Signed tokens with nothing stored per token (the newsletter's and the release alerts' e-mail links): a token is
// `payload.signature`, both base64url; the signature is an HMAC-SHA256 under a key derived from TOKEN_SECRET for
// one use only, so a token of one use never passes for another.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signedPayloads(tokenSecret: string, use: string) {
  const key = createHmac('sha256', tokenSecret).update(use).digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    seal(payload: object): string {
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${signatureOf(encoded)}`;
    },
    /** The payload of a well-formed token with a valid signature (its fields still to be checked), else null. */
    open(token: string): Record<string, unknown> | null {
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return null;
      const expected = Buffer.from(signatureOf(encoded));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const payload: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
        return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },
  };
}
