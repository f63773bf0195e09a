// Short-lived access tokens (HS256 JWT) carried as the bearer. The refresh token that renews them is an
// opaque random value kept hashed in the database (identity issue).
import { SignJWT, jwtVerify } from 'jose';

export type Role = 'member' | 'corporate' | 'admin';

export interface AccessClaims {
  userId: string;
  roles: Role[];
}

const ISSUER = 'paybench';

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ roles: claims.roles })
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
        return { userId: payload.sub, roles: payload.roles as Role[] };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
