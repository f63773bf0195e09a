// The known-device cookie (NIST SP 800-63B §5.2.2): a successful sign-in leaves the browser a signed cookie
// naming a random device id and, through its signature, the account it signed in to. A later sign-in to
// the same account from that browser is throttled only on its own failures, so wrong passwords an attacker
// tries from elsewhere never keep the owner out. The cookie proves nothing by itself: the password is still
// required.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { newSecretToken } from './secretTokens';
import { REFRESH_COOKIE_PATH } from './sessions';

export const DEVICE_COOKIE = 'paybench_device';
const DEVICE_COOKIE_DAYS = 365;

const signature = (secret: string, deviceId: string, email: string) =>
  createHmac('sha256', secret).update(`known-device|${deviceId}|${email}`).digest('base64url');

/** The device id of the request's cookie when it was issued for this (normalised) address; else null. */
export function knownDevice(request: FastifyRequest, config: ServerConfig, email: string): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value) return null;
  const [deviceId, signed] = value.split('.');
  if (!deviceId || !signed || deviceId.length > 64) return null;
  const expected = Buffer.from(signature(config.secrets.tokenSecret, deviceId, email));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/** Sets (or renews) the cookie for the account just signed in to; returns the device id. */
export function rememberDevice(reply: FastifyReply, config: ServerConfig, email: string, deviceId = newSecretToken().slice(0, 32)): string {
  reply.setCookie(DEVICE_COOKIE, `${deviceId}.${signature(config.secrets.tokenSecret, deviceId, email)}`, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
  return deviceId;
}
