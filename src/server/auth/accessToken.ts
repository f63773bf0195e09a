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
}

const ISSUER = 'paybench';

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || !Array.isArray(payload.roles)) return null;
        const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
        return { userId: payload.sub, roles: payload.roles as Role[], ...(sessionId ? { sessionId } : {}) };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
