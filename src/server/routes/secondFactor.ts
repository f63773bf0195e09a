// The TOTP second factor (docs/identity.md): the sign-in's second step (a code, or an admin's enrolment at the
// first sign-in) and its management in the settings (enrol with a QR code, recovery codes, turn off). Turning it on
// or off ends the account's other sessions, as a password change does. Every change in the settings needs a
// session that proved the person within 5 minutes (403 REAUTHENTICATION_REQUIRED otherwise; auth/reauthenticate), so
// a stolen access token alone cannot put its own authenticator on the account, and each change is e-mailed to the
// person. Nothing here logs a secret or a code.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError } from '../http/errors';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { consumeActionToken, peekActionToken } from '../auth/actionTokens';
import { isAdmin, requireCaller } from '../auth/caller';
import { assertOwnPassword, requireRecentReauthentication, tellSecurityChange } from '../auth/reauthentication';
import { assertMayTryCode, checkCode } from '../auth/secondFactor';
import { revokeUserSessions } from '../auth/sessions';
import { encryptSecret, enrolmentOf, newTotpSecret, recoveryCodesLeft, replaceRecoveryCodes } from '../auth/totp';
import { activatePendingSecret, pendingSecret, removeSecondFactor, setPendingSecret } from '../services/secondFactors';
import { claimFormAtSignIn, findUserById, type UserRow } from '../services/users';
import { assertLinkFor, completeLink, openSessionAfterSecondFactor } from '../services/identities';

export function secondFactorHandlers(context: AppContext) {
  const { config, database } = context;
  const signInExpired = () => new HttpError(401, AUTH_ERRORS.secondFactorExpired, 'The sign-in took too long; sign in again');
  const mustKeep = (user: UserRow) => isAdmin(user) && config.adminMfa === 'required';

  /** The user of a live sign-in challenge (not using it up), refused when disabled. */
  async function challengedUser(challenge: string): Promise<UserRow> {
    const userId = await peekActionToken(database, challenge, 'second-factor');
    const user = userId ? await findUserById(database, userId) : null;
    if (!user) throw signInExpired();
    if (user.disabled) throw new HttpError(401, AUTH_ERRORS.userDisabled, 'This account is disabled');
    return user;
  }

  return {
    async verifySecondFactor(request, reply) {
      const { challenge, code, formId, linkToken } = request.body;
      const user = await challengedUser(challenge);
      if (!user.totp_secret) throw signInExpired();
      if (linkToken) await assertLinkFor(database, linkToken, user.id);
      await assertMayTryCode(context, reply, user.id);
      await checkCode(context, database, user, user.totp_secret, code, { status: 401, recovery: true });
      if (!(await consumeActionToken(database, challenge, 'second-factor'))) throw signInExpired();
      if (formId) await claimFormAtSignIn(database, user.id, formId);
      if (linkToken) await completeLink(database, linkToken, user.id);
      // A provider's sign-in that needed this step: the session is the provider's (sign-out there too), and the roles
      // the provider gave apply only now.
      return openSessionAfterSecondFactor(context, database, reply, user, challenge, { secondFactor: true, reauthenticated: true });
    },

    async enrolSecondFactor(request, reply) {
      const { challenge, code, formId, linkToken } = request.body;
      const user = await challengedUser(challenge);
      const pending = await pendingSecret(database, user.id);
      if (user.totp_secret || !pending) throw signInExpired();
      if (linkToken) await assertLinkFor(database, linkToken, user.id);
      await assertMayTryCode(context, reply, user.id);
      await checkCode(context, database, user, pending, code, { status: 401, recovery: false });
      const recoveryCodes = await database.transaction(async (tx) => {
        if (!(await consumeActionToken(tx, challenge, 'second-factor'))) throw signInExpired();
        const codes = await activatePendingSecret(tx, user.id, pending);
        if (!codes) throw signInExpired();
        return codes;
      });
      if (formId) await claimFormAtSignIn(database, user.id, formId);
      if (linkToken) await completeLink(database, linkToken, user.id);
      const session = await openSessionAfterSecondFactor(context, database, reply, user, challenge, { secondFactor: true, reauthenticated: true });
      return { ...session, recoveryCodes };
    },

    async getSecondFactor(request) {
      const caller = await requireCaller(database, request);
      return {
        enabled: caller.totp_secret !== null,
        recoveryCodesLeft: caller.totp_secret ? await recoveryCodesLeft(database, caller.id) : 0,
        required: mustKeep(caller),
      };
    },

    async startTotpEnrolment(request) {
      const caller = await requireCaller(database, request);
      await requireRecentReauthentication(database, request);
      if (caller.totp_secret) throw new HttpError(409, AUTH_ERRORS.secondFactorEnabled, 'A second factor is already on');
      const secret = newTotpSecret();
      await setPendingSecret(database, caller.id, encryptSecret(config.secrets.tokenSecret, secret));
      return enrolmentOf(secret, caller.email);
    },

    async confirmTotpEnrolment(request, reply) {
      const caller = await requireCaller(database, request);
      await requireRecentReauthentication(database, request);
      if (caller.totp_secret) throw new HttpError(409, AUTH_ERRORS.secondFactorEnabled, 'A second factor is already on');
      const pending = await pendingSecret(database, caller.id);
      if (!pending) throw new HttpError(409, AUTH_ERRORS.secondFactorExpired, 'Start the enrolment again');
      await assertMayTryCode(context, reply, caller.id);
      await checkCode(context, database, caller, pending, request.body.code, { status: 403, recovery: false });
      const recoveryCodes = await database.transaction(async (tx) => {
        const codes = await activatePendingSecret(tx, caller.id, pending);
        if (!codes) throw new HttpError(409, AUTH_ERRORS.secondFactorExpired, 'Start the enrolment again');
        await revokeUserSessions(tx, caller.id, request.auth?.sessionId);
        return codes;
      });
      tellSecurityChange(context, caller, 'second-factor-on');
      return { recoveryCodes };
    },

    async disableTotp(request, reply) {
      const caller = await requireCaller(database, request);
      if (mustKeep(caller)) throw new HttpError(403, AUTH_ERRORS.secondFactorRequired, 'Administrators must keep a second factor');
      await requireRecentReauthentication(database, request);
      await assertOwnPassword(context, request, reply, caller, request.body.password, 403);
      if (caller.totp_secret) {
        await assertMayTryCode(context, reply, caller.id);
        await checkCode(context, database, caller, caller.totp_secret, request.body.code, { status: 403, recovery: true });
        await database.transaction(async (tx) => {
          await removeSecondFactor(tx, caller.id);
          await revokeUserSessions(tx, caller.id, request.auth?.sessionId);
        });
        tellSecurityChange(context, caller, 'second-factor-off');
      }
      reply.code(204).send();
    },

    async regenerateRecoveryCodes(request, reply) {
      const caller = await requireCaller(database, request);
      await requireRecentReauthentication(database, request);
      if (!caller.totp_secret) throw new HttpError(409, AUTH_ERRORS.noSecondFactor, 'The account has no second factor');
      await assertMayTryCode(context, reply, caller.id);
      await checkCode(context, database, caller, caller.totp_secret, request.body.code, { status: 403, recovery: false });
      const recoveryCodes = await replaceRecoveryCodes(database, caller.id);
      tellSecurityChange(context, caller, 'recovery-codes-renewed');
      return { recoveryCodes };
    },
  } satisfies Partial<OperationHandlers>;
}
