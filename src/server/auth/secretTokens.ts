// Opaque secret tokens (refresh tokens, e-mailed links): 256 random bits, base64url. Only their SHA-256 is
// stored, so a copy of the database cannot be used to sign in or to reset a password. A fast hash is right
// here: the tokens are random and long, unlike passwords.
import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
