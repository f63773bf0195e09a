// Identity calls (tag auth, plus users/reset-pass): sign-in, refresh, sign-out, password reset and change,
// e-mail verification. See docs/identity.md. Error codes: auth/errorCodes.ts. Nothing here logs an address, a
// password or a token.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError } from '../http/errors';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { assertAcceptablePassword, accessSession, clientAddress, openSession, passwordMatches, rateLimited } from '../auth/identity';
import { hashPassword } from '../auth/passwords';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  liveSession,
  revokeFamily,
  revokeSessionOf,
  revokeUserSessions,
  rotateSession,
  setRefreshCookie,
} from '../auth/sessions';
import { ACTION_TOKEN_TTL_MINUTES, consumeActionToken, createActionToken, peekActionToken, retireActionTokens } from '../auth/actionTokens';
import { isAdmin, requireCaller } from '../auth/caller';
import { assertOwnPassword, requireRecentReauthentication, tellSecurityChange } from '../auth/reauthentication';
import { knownDevice, rememberDevice } from '../auth/knownDevice';
import { openChallenge, secondFactorDemand } from '../auth/secondFactor';
import { resetPasswordLink, resetPasswordMail } from '../email/templates';
import { endSessionUrl, oidcClientsFor } from '../auth/oidc';
import { assertLinkFor, completeLink, dropUnprovenIdentities, familyOfRefreshToken, takeProviderSession } from '../services/identities';
import { claimFormAtSignIn, findUserByEmail, findUserById, linkFormsByEmail, markEmailVerified, normaliseEmail, setPasswordHash } from '../services/users';

/**
 * A reset request answers after at least this long, whether or not the address has an account: the extra
 * work for a real account (a token row; the mail leaves in the background) hides inside it.
 */
export const RESET_REQUEST_ANSWER_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function authHandlers(context: AppContext) {
  const { config, database, mailer, throttles, log } = context;

  return {
    async signIn(request, reply) {
      const email = normaliseEmail(request.body.email);
      const address = clientAddress(request);
      // From a browser that signed in to this account before, only that browser's own failures count; from
      // anywhere else, those of this account from this address and of this account overall. Every wait ends
      // by itself (growing delays, no lock an attacker could keep closed).
      const device = knownDevice(request, config, email);
      const pair = `${email}|${address}`;
      const wait = device
        ? await throttles.signInPerDevice.retryAfter(`${email}|${device}`)
        : Math.max(
            await throttles.signInPerPair.retryAfter(pair),
            await throttles.signInPerAccount.retryAfter(email),
            await throttles.signInPerAddress.retryAfter(address),
          );
      if (wait > 0) {
        log.warn({ reqId: request.id, knownDevice: Boolean(device) }, 'sign-in throttled');
        rateLimited(reply, wait);
      }

      const user = await findUserByEmail(database, email);
      if (!(await passwordMatches(user, request.body.password)) || !user) {
        if (device) {
          await throttles.signInPerDevice.fail(`${email}|${device}`);
        } else {
          await throttles.signInPerPair.fail(pair);
          await throttles.signInPerAccount.fail(email);
          await throttles.signInPerAddress.hit(address);
        }
        throw new HttpError(401, AUTH_ERRORS.invalidCredentials, 'The e-mail address or the password is not correct');
      }
      // Only someone who knows the password learns that the account is disabled.
      if (user.disabled) throw new HttpError(401, AUTH_ERRORS.userDisabled, 'This account is disabled');
      await throttles.signInPerPair.reset(pair);
      await throttles.signInPerAccount.reset(email);
      if (device) await throttles.signInPerDevice.reset(`${email}|${device}`);
      rememberDevice(reply, config, email, device ?? undefined);
      // This sign-in proves the account whose address a provider asserted; the link must name this account.
      const { linkToken } = request.body;
      if (linkToken) await assertLinkFor(database, linkToken, user.id);
      // The password was right; an account with a second factor (or an admin who must enrol one) has one step to go.
      const demand = secondFactorDemand(context, user);
      if (demand) return openChallenge(context, user, demand);
      // Signing in with an existing account claims the draft the browser kept (the id is its capability).
      if (request.body.formId) await claimFormAtSignIn(database, user.id, request.body.formId);
      if (linkToken) await completeLink(database, linkToken, user.id);
      return openSession(context, database, reply, user, { secondFactor: false, reauthenticated: true });
    },

    async refreshSession(request, reply) {
      const token = request.cookies[REFRESH_COOKIE];
      const refused = () => {
        clearRefreshCookie(reply, config);
        return new HttpError(401, AUTH_ERRORS.invalidToken, 'The session has ended; sign in again');
      };
      if (!token) throw refused();
      const rotation = await rotateSession(database, token, config.refreshTokenTtlDays);
      if (rotation.outcome === 'reused') log.warn({ reqId: request.id }, 'refresh token reused: its session is revoked');
      if (rotation.outcome !== 'rotated') throw refused();
      const user = await findUserById(database, rotation.userId);
      if (!user || user.disabled) {
        await revokeFamily(database, rotation.familyId);
        throw refused();
      }
      // While ADMIN_MFA=required an admin's session lives on only if a second factor opened it (an account
      // made an admin after signing in, or a session from before the rule): it ends, and the person signs in again.
      if (config.adminMfa === 'required' && isAdmin(user) && !(await liveSession(database, user.id, rotation.familyId))?.secondFactor) {
        await revokeFamily(database, rotation.familyId);
        clearRefreshCookie(reply, config);
        log.info({ reqId: request.id }, 'admin session without a second factor ended at refresh');
        throw new HttpError(401, AUTH_ERRORS.secondFactorRequired, 'Administrators sign in with a second factor; sign in again');
      }
      setRefreshCookie(reply, config, rotation.refreshToken);
      return accessSession(context, user, rotation.familyId);
    },

    async signOut(request, reply) {
      const token = request.cookies[REFRESH_COOKIE];
      // A session an identity provider opened is ended there too (RP-initiated sign-out).
      const familyId = (token ? await familyOfRefreshToken(database, token) : null) ?? request.auth?.sessionId ?? null;
      const providerSession = familyId ? await takeProviderSession(database, familyId) : null;
      if (token) await revokeSessionOf(database, token);
      if (request.auth?.sessionId) await revokeFamily(database, request.auth.sessionId);
      clearRefreshCookie(reply, config);
      const url = providerSession ? await endSessionUrl(oidcClientsFor(config), config, providerSession.provider, providerSession.id_token) : null;
      if (url) return { endSessionUrl: url };
      reply.code(204).send();
    },

    async requestPasswordReset(request, reply) {
      const started = Date.now();
      const address = clientAddress(request);
      const wait = await throttles.resetPerAddress.hit(address);
      if (wait > 0) rateLimited(reply, wait);

      const email = normaliseEmail(request.body.email);
      const withinAccountLimit = (await throttles.resetPerAccount.hit(email)) === 0;
      const user = await findUserByEmail(database, email);
      if (user && !user.disabled && withinAccountLimit) {
        const token = await createActionToken(database, user.id, 'password-reset');
        const link = resetPasswordLink(config.publicUrl, token);
        mailer.deliverLater({
          to: user.email,
          purpose: 'reset-password',
          ...resetPasswordMail(user.language, link, ACTION_TOKEN_TTL_MINUTES['password-reset']),
        });
      }
      // The same answer, after the same time, whether or not an e-mail went out.
      await sleep(Math.max(0, started + RESET_REQUEST_ANSWER_MS - Date.now()));
      reply.code(204).send();
    },

    async confirmPasswordReset(request, reply) {
      const { token, password } = request.body;
      const invalid = () => new HttpError(400, AUTH_ERRORS.invalidResetToken, 'The reset link is not valid or has expired');
      const userId = await peekActionToken(database, token, 'password-reset');
      const user = userId ? await findUserById(database, userId) : null;
      if (!user || user.disabled) throw invalid();
      // A weak password is refused before the link is used up, so the person can try another.
      assertAcceptablePassword(password, user.email);
      const passwordHash = await hashPassword(password);
      await database.transaction(async (tx) => {
        if (!(await consumeActionToken(tx, token, 'password-reset'))) throw invalid();
        await setPasswordHash(tx, user.id, passwordHash, true);
        // The address is proven now: identities linked to it without that proof go.
        await dropUnprovenIdentities(tx, user.id);
        await retireActionTokens(tx, user.id, 'password-reset');
        await revokeUserSessions(tx, user.id);
        // The link reached the address: it is verified, so forms answered with it are now the account's.
        await linkFormsByEmail(tx, user.id, user.email);
      });
      await throttles.signInPerAccount.reset(user.email);
      reply.code(204).send();
    },

    async changePassword(request, reply) {
      const caller = await requireCaller(database, request);
      // A security change needs a session that proved the person within 5 minutes (403
      // REAUTHENTICATION_REQUIRED), and the current password is then checked like a sign-in (throttled).
      await requireRecentReauthentication(database, request);
      await assertOwnPassword(context, request, reply, caller, request.body.currentPassword, 403);
      assertAcceptablePassword(request.body.newPassword, caller.email);
      const passwordHash = await hashPassword(request.body.newPassword);
      await database.transaction(async (tx) => {
        await setPasswordHash(tx, caller.id, passwordHash);
        await retireActionTokens(tx, caller.id, 'password-reset');
        // Every other session ends; the one that changed the password goes on.
        await revokeUserSessions(tx, caller.id, request.auth?.sessionId);
      });
      tellSecurityChange(context, caller, 'password-changed');
      reply.code(204).send();
    },

    async verifyEmail(request, reply) {
      const invalid = () => new HttpError(400, AUTH_ERRORS.invalidVerificationToken, 'The verification link is not valid or has expired');
      await database.transaction(async (tx) => {
        const userId = await consumeActionToken(tx, request.body.token, 'verify-email');
        const user = userId ? await findUserById(tx, userId) : null;
        if (!user) throw invalid();
        await markEmailVerified(tx, user.id);
        // The address is proven now: identities linked to it without that proof go.
        await dropUnprovenIdentities(tx, user.id);
        await linkFormsByEmail(tx, user.id, user.email);
      });
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
