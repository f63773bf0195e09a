// The TOTP second factor (RFC 6238 through the otpauth library: SHA-1, 6 digits, 30-second steps, what every
// authenticator app reads from a QR code) and its recovery codes. The secret must be readable to check a code,
// so it is stored encrypted (AES-256-GCM under a key derived from TOKEN_SECRET for this use only). A code is
// accepted once: the step it belongs to is remembered and an older or equal step is refused (RFC 6238 §5.2),
// with a conditional update so two requests with the same code cannot both pass. Recovery codes are random
// (50 bits each), single-use, and only their SHA-256 is kept.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../db/open';
import { newId } from '../ids';

const ISSUER = 'Paybench';
const PERIOD_SECONDS = 30;
/** One step either side: the phone's clock may be a little off. */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function secretKey(tokenSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', tokenSecret, 'paybench', 'totp-secret-v1', 32));
}

/** `v1.iv.tag.ciphertext`, base64url parts. */
export function encryptSecret(tokenSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(tokenSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptSecret(tokenSecret: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(tokenSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

const totpOf = (base32: string, label = '') =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(base32) });

/** A new secret (160 bits, base32). */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

export interface Enrolment {
  /** The secret in base32, for typing it in when the QR code cannot be scanned. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code: an SVG image in a data: URL. */
  qrCode: string;
}

export async function enrolmentOf(base32: string, email: string): Promise<Enrolment> {
  const otpauthUri = totpOf(base32, email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: base32, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The current code of a secret (tests and the e2e journey play the authenticator app with it). */
export const currentTotpCode = (base32: string, timestamp = Date.now()): string => totpOf(base32).generate({ timestamp });

/** The time step a code belongs to when it is valid now (± one step), else null. */
export function totpStep(base32: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** Records the step as used; false when this step (or a later one) was used already: a replayed code. */
export async function claimTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const rows = await db.execute(`update users set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`, [
    userId,
    step,
  ]);
  return rows.length > 0;
}

/** Recovery codes are typed by people: spaces, dashes and case do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(`recovery|${normaliseRecoveryCode(code)}`)
    .digest('hex');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Replaces the user's recovery codes with new ones and returns them (the only time they exist in clear). */
export async function replaceRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  await db.execute('delete from recovery_codes where user_id = $1', [userId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  for (const code of codes) {
    await db.execute('insert into recovery_codes (id, user_id, code_hash) values ($1, $2, $3)', [newId(), userId, hashRecoveryCode(code)]);
  }
  return codes;
}

/** Uses up one recovery code; false when it is not one of the user's unused codes. */
export async function useRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  if (!/^[a-z0-9]{10}$/.test(normaliseRecoveryCode(code))) return false;
  const rows = await db.execute(`update recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null returning id`, [
    userId,
    hashRecoveryCode(code),
  ]);
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.execute<{ left: number }>('select count(*)::int as left from recovery_codes where user_id = $1 and used_at is null', [userId]);
  return row?.left ?? 0;
}
