// Short-lived access tokens (HS256 JWT) carried as the bearer. The refresh token that renews them is an
// opaque random value kept hashed in the database (auth/refreshTokens.ts). A token issued at sign-in carries
// the session (refresh-token family) it belongs to, so the server can refuse it as soon as that session is
// revoked (sign-out, password reset, account deletion) instead of waiting for it to expire.
import { SignJWT, jwtVerify } from 'jose';

export type Role = 'member' | 'corporate' | 'admin';

export interface AccessClaims {
  userId: string;
  roles: Role[];
  /** The refresh-token family (session) the token was issued for; absent only in tokens minted by tests. */
  sessionId?: string;
  /** Set by the request hook from the live session (never a token claim): it was opened with a second factor. */
  secondFactor?: boolean;
}

const ISSUER = 'paybench';

/** Verified tokens remembered per process (the signature check runs on the thread pool and dominates a cached answer). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change, so a token verified once is valid until its own expiry; whether
  // its session is still live is checked on every request by the caller (app.ts), never remembered here.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ roles: claims.roles, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null for an invalid or expired one. */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return { ...known.claims, roles: [...known.claims.roles] };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || !Array.isArray(payload.roles) || typeof payload.exp !== 'number') return null;
        const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
        const claims: AccessClaims = { userId: payload.sub, roles: payload.roles as Role[], ...(sessionId ? { sessionId } : {}) };
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        while (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        return { ...claims, roles: [...claims.roles] };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
